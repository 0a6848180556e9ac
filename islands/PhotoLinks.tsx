/**
 * Linking gallery photos to a widget's items (spec 02 §§2, 4, 5, 8, 9) for the owner in edit mode: each item
 * of the timeline, incidents or awards (or the profile image) with its linked photos and a button that opens
 * the Photo Manager dialog — tabs Select Existing and Upload New, capped by maxSelection (default 10; the
 * timeline 1, incidents 5, awards 3), new uploads in the widget's default category (§9). The choice is saved
 * with PUT /api/profiles/{id}/photo-links/… (docs/api.md).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { styled } from 'styled-components';
import {
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_PHOTO_CATEGORY,
  PHOTO_LIMITS,
  PHOTO_LINK_TARGETS,
  PHOTO_MESSAGES as M,
  type PhotoGalleryJson,
  type PhotoJson,
  type PhotoLinkTarget,
} from '../src/validation/photos';
import type { Visibility } from '../src/validation/visibility';
import { apiRequest, serverMessageOr } from './lib/api';
import { toast } from './lib/toast';
import { UploadProgress, usePhotoUploads } from './lib/photoUploads';
import { Button } from './ui/Button';
import { PhotoPicture } from './ui/PhotoPicture';
import { sc } from './ui/sc';

export interface LinkableItem {
  /** The item's id; null for one not saved yet (a new timeline event). */
  id: number | null;
  title: string;
  photoIds: number[];
}

type Target = Exclude<PhotoLinkTarget, 'statusUpdates' | 'fireStations'>;

const Overlay = styled.div.withConfig(sc('PhotoManagerOverlay'))`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${(p) => p.theme.space[3]};
  background: rgba(31, 35, 40, 0.55);
`;

const Panel = styled.div.withConfig(sc('PhotoManagerPanel'))`
  width: min(720px, 100%);
  max-height: calc(100vh - 24px);
  overflow: auto;
  background: ${(p) => p.theme.color.surface};
  border-radius: ${(p) => p.theme.radius.card};
  padding: ${(p) => p.theme.space[5]};
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[4]};
  & h2 {
    margin: 0;
    font-size: ${(p) => p.theme.font.size.lg};
  }
`;

const Tabs = styled.div.withConfig(sc('PhotoManagerTabs'))`
  display: flex;
  gap: ${(p) => p.theme.space[2]};
  border-bottom: 1px solid ${(p) => p.theme.color.line};
  & button {
    border: 0;
    background: none;
    padding: ${(p) => `${p.theme.space[2]} ${p.theme.space[3]}`};
    font: inherit;
    font-weight: 600;
    color: ${(p) => p.theme.color.muted};
    border-bottom: 3px solid transparent;
    cursor: pointer;
  }
  & button[aria-selected='true'] {
    color: ${(p) => p.theme.color.brand};
    border-bottom-color: ${(p) => p.theme.color.brand};
  }
`;

const Choices = styled.ul.withConfig(sc('PhotoManagerChoices'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(110px, 1fr));
  gap: ${(p) => p.theme.space[2]};
  & label {
    display: block;
    position: relative;
    border: 3px solid transparent;
    border-radius: ${(p) => p.theme.radius.control};
    overflow: hidden;
    cursor: pointer;
  }
  & label:has(input:checked) {
    border-color: ${(p) => p.theme.color.brand};
  }
  & input {
    position: absolute;
    top: 6px;
    left: 6px;
  }
  & img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 1;
    object-fit: cover;
  }
`;

const Items = styled.ul.withConfig(sc('PhotoLinkItems'))`
  list-style: none;
  margin: ${(p) => p.theme.space[4]} 0 0;
  padding: ${(p) => p.theme.space[4]} 0 0;
  border-top: 1px solid ${(p) => p.theme.color.line};
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[3]};
  & > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${(p) => p.theme.space[2]};
    font-size: ${(p) => p.theme.font.size.sm};
  }
  & > li > strong {
    flex: 1 1 160px;
  }
  & img {
    width: 40px;
    height: 40px;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: 6px;
    display: block;
  }
`;

const Muted = styled.p.withConfig(sc('PhotoManagerMuted'))`
  margin: 0;
  color: ${(p) => p.theme.color.muted};
  font-size: ${(p) => p.theme.font.size.sm};
`;

const Actions = styled.div.withConfig(sc('PhotoManagerActions'))`
  display: flex;
  justify-content: flex-end;
  gap: ${(p) => p.theme.space[2]};
`;

/**
 * Links photos to an item. An item not saved yet is saved first (`ensureSaved` answers its id, from the
 * refreshed list), then linked; each failure has the spec's toast. Resolves true when linked.
 */
export async function linkPhotos(input: {
  profileId: number | null;
  target: Target;
  itemId: number | null;
  photoIds: number[];
  ensureSaved?: () => Promise<number>;
}): Promise<boolean> {
  if (!input.profileId) {
    toast({ variant: 'destructive', title: 'Error', description: M.profileIdMissing });
    return false;
  }
  let itemId = input.itemId;
  if (input.target !== 'profile' && itemId === null) {
    try {
      if (!input.ensureSaved) throw new Error('not saved');
      itemId = await input.ensureSaved();
    } catch {
      toast({ variant: 'destructive', title: M.timelineSaveFailed, description: M.timelineSaveFailedDescription });
      return false;
    }
  }
  const path =
    input.target === 'profile'
      ? `/api/profiles/${input.profileId}/photo-links/profile`
      : `/api/profiles/${input.profileId}/photo-links/${input.target}/id:${itemId}`;
  try {
    await apiRequest('PUT', path, { photoIds: input.photoIds });
    return true;
  } catch (error) {
    toast({
      variant: 'destructive',
      title: M.linkFailed,
      description: input.target === 'timeline' ? M.linkFailedDescription : serverMessageOr(error, M.linkFailed),
    });
    return false;
  }
}

/** The Photo Manager dialog: choose up to `maxSelection` photos from the gallery, or upload new ones. */
export function PhotoManager({
  profileId,
  title,
  photos,
  initial,
  maxSelection = PHOTO_LIMITS.maxSelection,
  category,
  visibility,
  onGallery,
  onDone,
  onCancel,
}: {
  profileId: number;
  title: string;
  photos: PhotoJson[];
  initial: number[];
  maxSelection?: number;
  category: PhotoJson['category'];
  visibility: Visibility;
  onGallery: (gallery: PhotoGalleryJson) => void;
  onDone: (photoIds: number[], uploaded: boolean) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [tab, setTab] = useState<'existing' | 'upload'>('existing');
  const [selected, setSelected] = useState<number[]>(initial.slice(0, maxSelection));
  const panel = useRef<HTMLDivElement>(null);
  const uploads = usePhotoUploads(profileId, { category, visibility, onGallery });
  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);

  const toggle = (photoId: number) =>
    setSelected((list) =>
      list.includes(photoId)
        ? list.filter((x) => x !== photoId)
        : maxSelection === 1
          ? [photoId]
          : list.length < maxSelection
            ? [...list, photoId]
            : list,
    );

  const uploadNew = async (files: FileList | null) => {
    const stored = await uploads.upload(files);
    if (!stored.length) return;
    const ids = stored.map((p) => p.id);
    // The new photos are chosen (up to the cap) and saved at once.
    const chosen = maxSelection === 1 ? ids.slice(-1) : [...selected, ...ids].slice(0, maxSelection);
    setSelected(chosen);
    onDone(chosen, true);
  };

  return (
    <Overlay onClick={(event) => event.target === event.currentTarget && onCancel()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <h2 id={`${id}-title`}>{title}</h2>
        <Tabs role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'existing'} onClick={() => setTab('existing')}>
            Select Existing
          </button>
          <button type="button" role="tab" aria-selected={tab === 'upload'} onClick={() => setTab('upload')}>
            Upload New
          </button>
        </Tabs>
        {tab === 'existing' ? (
          <>
            <Muted>{`${selected.length} of at most ${maxSelection} selected`}</Muted>
            {photos.length ? (
              <Choices>
                {photos.map((photo) => (
                  <li key={photo.id}>
                    <label>
                      <input
                        type="checkbox"
                        checked={selected.includes(photo.id)}
                        disabled={!selected.includes(photo.id) && selected.length >= maxSelection && maxSelection > 1}
                        onChange={() => toggle(photo.id)}
                        aria-label={photo.caption || `Photo ${photo.index + 1}`}
                      />
                      <PhotoPicture photo={photo} sizes="120px" />
                    </label>
                  </li>
                ))}
              </Choices>
            ) : (
              <Muted>No photos in the gallery yet.</Muted>
            )}
            <Actions>
              <Button type="button" $variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="button" onClick={() => onDone(selected, false)}>
                Save
              </Button>
            </Actions>
          </>
        ) : (
          <>
            <label>
              <Muted>{M.uploadHelp}</Muted>
              <input
                type="file"
                multiple={maxSelection > 1}
                accept={[...ACCEPTED_IMAGE_TYPES, '.heic', '.heif'].join(',')}
                aria-label="Choose photos to upload"
                onChange={(event) => void uploadNew(event.target.files)}
              />
            </label>
            <UploadProgress rows={uploads.rows} summary={uploads.summary} />
            <Actions>
              <Button type="button" $variant="ghost" onClick={onCancel}>
                Close
              </Button>
            </Actions>
          </>
        )}
      </Panel>
    </Overlay>
  );
}

const WIDGET_TITLES: Record<Target, string> = {
  timeline: 'Timeline',
  incidents: 'Memorable Incidents',
  awards: 'Awards',
  profile: 'Profile image',
};

/** The island: one widget's items (or the profile image) and their linked photos, each opening the manager. */
export default function PhotoLinks({
  profileId,
  target,
  items: initialItems,
  photos: initialPhotos,
  defaultVisibility,
}: {
  profileId: number;
  target: Target;
  items: LinkableItem[];
  photos: PhotoJson[];
  defaultVisibility: Visibility;
}) {
  const [items, setItems] = useState(initialItems);
  const [photos, setPhotos] = useState(initialPhotos);
  const [open, setOpen] = useState<number | null>(null);
  const max = PHOTO_LINK_TARGETS[target].max;
  const byId = new Map(photos.map((p) => [p.id, p]));
  if (!items.length) return null;

  const done = async (index: number, photoIds: number[], uploaded: boolean) => {
    const item = items[index]!;
    const linked = await linkPhotos({ profileId, target, itemId: item.id, photoIds });
    if (!linked) {
      if (uploaded) toast({ variant: 'destructive', title: M.uploadedButNotLinked });
      return;
    }
    setItems((list) => list.map((it, i) => (i === index ? { ...it, photoIds } : it)));
    setOpen(null);
    toast({ title: photoIds.length ? 'Photos linked' : 'Photos unlinked' });
  };

  return (
    <section aria-label={`${WIDGET_TITLES[target]} photos`}>
      <Items>
        {items.map((item, index) => (
          <li key={item.id ?? `new-${index}`}>
            <strong>{item.title}</strong>
            {item.photoIds.flatMap((photoId) => {
              const photo = byId.get(photoId);
              return photo ? [<PhotoPicture key={photoId} photo={photo} sizes="40px" />] : [];
            })}
            <Button type="button" $variant="secondary" onClick={() => setOpen(index)}>
              {target === 'profile' ? 'Choose profile image' : `Photos for ${item.title}`}
            </Button>
          </li>
        ))}
      </Items>
      {open !== null ? (
        <PhotoManager
          profileId={profileId}
          title={target === 'profile' ? 'Profile image' : `Photos for ${items[open]!.title}`}
          photos={target === 'profile' ? photos.filter((p) => p.visibility === 'public') : photos}
          initial={items[open]!.photoIds}
          maxSelection={max}
          category={DEFAULT_PHOTO_CATEGORY[target] ?? 'milestone'}
          visibility={target === 'profile' ? 'public' : defaultVisibility}
          onGallery={(gallery) => setPhotos(gallery.photoGallery)}
          onDone={(ids, uploaded) => void done(open, ids, uploaded)}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
