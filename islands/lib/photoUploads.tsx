/**
 * Uploading photos from the browser (spec 02 §§4, 5, 8, 9), shared by the gallery editor and the Photo Manager:
 * images only (HEIC/HEIF refused), each compressed first (longest side 1200 px, JPEG 0.8; if that fails the
 * original goes, with the spec's toast), the compressed summary, then each upload with its real progress
 * (XMLHttpRequest upload events), done or failed — a failed file never stops the others; every one failing
 * says 'All N photos failed to upload'.
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import {
  PHOTO_LIMITS,
  PHOTO_MESSAGES as M,
  isHeic,
  type PhotoCategory,
  type PhotoGalleryJson,
  type PhotoJson,
} from '../../src/validation/photos';
import type { Visibility } from '../../src/validation/visibility';
import { setSectionCount } from './sectionCount';
import { toast } from './toast';
import { sc } from '../../views/ui/sc';
import { theme } from '../../views/ui/theme';

type FileState = 'compressing' | 'uploading' | 'done' | 'failed';
export interface UploadRow {
  key: string;
  name: string;
  state: FileState;
  progress: number;
  before: number;
  after: number | null;
  error?: string;
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`;

/** Browser compression (spec 02 §9): longest side at most 1200 px, JPEG quality 0.8. */
export async function compressImage(file: File): Promise<Blob> {
  if (isHeic(file)) throw new Error(M.heic);
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(M.loadImageFailed(file.name));
  });
  const scale = Math.min(1, PHOTO_LIMITS.compressMaxDimension / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error(M.canvasUnavailable);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(M.compressionFailed))),
      'image/jpeg',
      PHOTO_LIMITS.compressQuality,
    ),
  );
}

/** One upload with real progress (XMLHttpRequest reports bytes sent; fetch does not). */
export function uploadWithProgress(
  profileId: number,
  blob: Blob,
  name: string,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<PhotoGalleryJson> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', blob, name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/profiles/${profileId}/photos`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { error?: string } | PhotoGalleryJson | null = null;
      try {
        body = JSON.parse(xhr.responseText) as PhotoGalleryJson;
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body) resolve(body as PhotoGalleryJson);
      else reject(new Error((body as { error?: string } | null)?.error ?? M.uploadPhotoFailed));
    };
    xhr.onerror = () => reject(new Error(M.uploadPhotoFailed));
    xhr.send(form);
  });
}

const Uploads = styled.ul.withConfig(sc('PhotoUploads'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  font-size: ${theme.font.size.sm};
  & li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${theme.space[1]};
  }
  & progress {
    grid-column: 1 / -1;
    width: 100%;
  }
  & [data-state='failed'] span {
    color: ${theme.color.danger};
  }
`;

export interface UploadOptions {
  category: PhotoCategory;
  visibility: Visibility;
  /** An explicit choice; without one the server puts a photo on the main profile while it has room there. */
  showOnMainProfile?: boolean;
  /** The gallery as the server answers each upload. */
  onGallery: (gallery: PhotoGalleryJson) => void;
}

/** Uploads files for a profile; `upload` resolves with the photos stored (in order). */
export function usePhotoUploads(profileId: number, options: UploadOptions) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const update = (key: string, patch: Partial<UploadRow>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const upload = async (list: FileList | File[] | null): Promise<PhotoJson[]> => {
    const files = [...(list ?? [])];
    const images = files.filter((f) => f.type.startsWith('image/') || isHeic(f));
    if (!images.length) {
      toast({ variant: 'destructive', title: M.noImagesTitle, description: M.noImages });
      return [];
    }
    const rows: UploadRow[] = images.map((f, i) => ({
      key: `${Date.now()}-${i}`,
      name: f.name,
      state: 'compressing',
      progress: 0,
      before: f.size,
      after: null,
    }));
    setRows(rows);
    setSummary(null);
    // Compress every file first (spec 02 §4: compressing, then the summary, then upload).
    const blobs: Array<Blob | null> = [];
    let compressionFailed = false;
    for (const [i, file] of images.entries()) {
      const row = rows[i]!;
      if (isHeic(file)) {
        update(row.key, { state: 'failed', error: M.heic });
        toast({ variant: 'destructive', title: M.processingTitle, description: M.heic });
        blobs.push(null);
        continue;
      }
      try {
        const blob = await compressImage(file);
        blobs.push(blob);
        update(row.key, { after: blob.size, state: 'uploading' });
      } catch {
        compressionFailed = true;
        blobs.push(file);
        update(row.key, { after: file.size, state: 'uploading' });
      }
    }
    if (compressionFailed) toast({ title: M.compressionFailed, description: M.compressionFailedDescription });
    const before = images.reduce((n, f) => n + f.size, 0);
    const after = blobs.reduce((n, b) => n + (b?.size ?? 0), 0);
    setSummary(
      `Compressed ${images.length} photo${images.length === 1 ? '' : 's'}: ${formatBytes(before)} → ${formatBytes(after)}`,
    );
    let failed = 0;
    const uploaded: PhotoJson[] = [];
    for (const [i, blob] of blobs.entries()) {
      const row = rows[i]!;
      if (!blob) {
        failed += 1;
        continue;
      }
      const name = blob === images[i] ? images[i]!.name : images[i]!.name.replace(/\.[^.]+$/, '') + '.jpg';
      try {
        const gallery = await uploadWithProgress(
          profileId,
          blob,
          name,
          {
            visibility: options.visibility,
            category: options.category,
            ...(options.showOnMainProfile === undefined
              ? {}
              : { showOnMainProfile: String(options.showOnMainProfile) }),
          },
          (fraction) => update(row.key, { progress: fraction }),
        );
        options.onGallery(gallery);
        setSectionCount('photos', gallery.photoGallery.length);
        const added = gallery.photoGallery.reduce<PhotoJson | null>((a, p) => (!a || p.id > a.id ? p : a), null);
        if (added) uploaded.push(added);
        update(row.key, { state: 'done', progress: 1 });
      } catch (error) {
        failed += 1;
        update(row.key, { state: 'failed', error: (error as Error).message });
      }
    }
    if (failed && failed === images.length) {
      toast({ variant: 'destructive', title: M.uploadFailed, description: M.allFailed(failed) });
    } else if (failed) {
      toast({ variant: 'destructive', title: M.uploadFailedTitle, description: M.uploadFailedDescription });
    }
    return uploaded;
  };

  return { rows, summary, upload };
}

/** Each file's state and progress, and the compressed summary. */
export function UploadProgress({ rows, summary }: { rows: UploadRow[]; summary: string | null }) {
  return rows.length ? (
    <section aria-label="Uploads">
      {summary ? <p>{summary}</p> : null}
      <Uploads>
        {rows.map((u) => (
          <li key={u.key} data-state={u.state}>
            <strong>{u.name}</strong>
            <span>
              {u.state === 'compressing'
                ? 'Compressing…'
                : u.state === 'uploading'
                  ? `Uploading ${Math.round(u.progress * 100)}%`
                  : u.state === 'done'
                    ? 'Done'
                    : `Failed: ${u.error ?? M.uploadPhotoFailed}`}
            </span>
            {u.state === 'uploading' || u.state === 'done' ? (
              <progress max={1} value={u.progress} aria-label={`Upload progress of ${u.name}`} />
            ) : null}
          </li>
        ))}
      </Uploads>
    </section>
  ) : null;
}
