/**
 * Linking gallery photos to a widget's items (spec 02 §§2, 4, 5, 8, 9), shared by the PhotoLinks island (each
 * saved item's row) and the list editor's add form (a new item's photo, linked once the item is saved):
 * - `PhotoManager`: the dialog — tabs Select Existing and Upload New, capped by maxSelection (default 10; the
 *   timeline 1, incidents 5, awards 3), new uploads in the widget's default category (§9);
 * - `PhotoChooser`: the chosen photos' thumbnails and the button that opens the dialog;
 * - `linkPhotos`: saves the choice with PUT /api/profiles/{id}/photo-links/… (docs/api.md), saving a new item
 *   first; each failure has the spec's toast;
 * - `announceItem` / `announceItemRemoved` / `useItemAnnouncements`: an item saved, linked or deleted by one
 *   island of the page, told to the
 *   others (module state in a shared chunk, like pendingSaves.ts).
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
  type PhotoLinksJson,
  type LinkableList,
  type Target,
} from '../../src/validation/photos';
export {
  linkableItem,
  linkableList,
  type LinkableItem,
  type LinkableList,
  type Target,
} from '../../src/validation/photos';
import type { Visibility } from '../../src/validation/visibility';
import { apiRequest, serverMessageOr } from './api';
import { toast } from './toast';
import { UploadProgress, usePhotoUploads } from './photoUploads';
import { Button } from '../../views/ui/Button';
import { PhotoPicture } from '../../views/ui/PhotoPicture';
import { sc } from '../../views/ui/sc';

type ItemJson = Record<string, unknown> & { id: number };
type ItemEvent = { kind: 'saved'; item: ItemJson; photos: PhotoJson[] } | { kind: 'removed'; id: number };
type Announcement = (target: LinkableList, event: ItemEvent) => void;
const listeners = new Set<Announcement>();

/** Tells the page's islands that an item was added or its photos linked (the answer's item and photos). */
export function announceItem(target: LinkableList, item: ItemJson, photos: PhotoJson[] = []): void {
  for (const listener of listeners) listener(target, { kind: 'saved', item, photos });
}

/** Tells the page's islands that the server deleted an item. */
export function announceItemRemoved(target: LinkableList, id: number): void {
  for (const listener of listeners) listener(target, { kind: 'removed', id });
}

/**
 * Calls `onItem` for each item of `target` (none when null) an island of the page announces as saved, and
 * `onRemoved` for each it announces deleted.
 */
export function useItemAnnouncements(
  target: Target | null,
  onItem: (item: ItemJson, photos: PhotoJson[]) => void,
  onRemoved?: (id: number) => void,
): void {
  const latest = useRef({ onItem, onRemoved });
  latest.current = { onItem, onRemoved };
  useEffect(() => {
    const listener: Announcement = (announced, event) => {
      if (announced !== target) return;
      if (event.kind === 'saved') latest.current.onItem(event.item, event.photos);
      else latest.current.onRemoved?.(event.id);
    };
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [target]);
}

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

/** The chosen photos beside their button. */
const Thumbs = styled.span.withConfig(sc('PhotoChooserThumbs'))`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${(p) => p.theme.space[2]};
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
 * Links photos to an item. An item not saved yet is saved first (`ensureSaved` saves it and answers its id; it
 * reports its own failure — the list editor's add form: the spec's 'Failed to save timeline event' with the
 * reason, the fields marked), then linked; with nothing to save it, the spec's save-manually toast. A failed
 * link has the spec's toast. Resolves to the server's answer (the item with its new version), null on failure.
 */
export async function linkPhotos(input: {
  profileId: number | null;
  target: Target;
  itemId: number | null;
  photoIds: number[];
  ensureSaved?: () => Promise<number>;
}): Promise<PhotoLinksJson | null> {
  if (!input.profileId) {
    toast({ variant: 'destructive', title: 'Error', description: M.profileIdMissing });
    return null;
  }
  let itemId = input.itemId;
  if (input.target !== 'profile' && itemId === null) {
    if (!input.ensureSaved) {
      toast({ variant: 'destructive', title: M.timelineSaveFailed, description: M.timelineSaveFailedDescription });
      return null;
    }
    try {
      itemId = await input.ensureSaved();
    } catch {
      return null;
    }
  }
  const path =
    input.target === 'profile'
      ? `/api/profiles/${input.profileId}/photo-links/profile`
      : `/api/profiles/${input.profileId}/photo-links/${input.target}/id:${itemId}`;
  try {
    return await apiRequest<PhotoLinksJson>('PUT', path, { photoIds: input.photoIds });
  } catch (error) {
    toast({
      variant: 'destructive',
      title: M.linkFailed,
      description: input.target === 'timeline' ? M.linkFailedDescription : serverMessageOr(error, M.linkFailed),
    });
    return null;
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

/**
 * The chosen photos' thumbnails and the button that opens the Photo Manager for them (capped and categorized
 * for `target`). `onDone` answers whether the choice was taken; the dialog then closes.
 */
export function PhotoChooser({
  profileId,
  target,
  title,
  buttonLabel,
  photos,
  photoIds,
  defaultVisibility,
  onGallery,
  onDone,
}: {
  profileId: number;
  target: Target;
  /** The dialog's title. */
  title: string;
  buttonLabel: string;
  /** The gallery to choose from. */
  photos: PhotoJson[];
  /** The chosen (or linked) photos. */
  photoIds: number[];
  defaultVisibility: Visibility;
  onGallery: (gallery: PhotoGalleryJson) => void;
  onDone: (photoIds: number[], uploaded: boolean) => boolean | Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const done = async (ids: number[], uploaded: boolean) => {
    if (await onDone(ids, uploaded)) setOpen(false);
  };
  return (
    <>
      <Thumbs>
        {photoIds.flatMap((photoId) => {
          const photo = byId.get(photoId);
          return photo ? [<PhotoPicture key={photoId} photo={photo} sizes="40px" />] : [];
        })}
      </Thumbs>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        {buttonLabel}
      </Button>
      {open ? (
        <PhotoManager
          profileId={profileId}
          title={title}
          photos={target === 'profile' ? photos.filter((p) => p.visibility === 'public') : photos}
          initial={photoIds}
          maxSelection={PHOTO_LINK_TARGETS[target].max}
          category={DEFAULT_PHOTO_CATEGORY[target] ?? 'milestone'}
          visibility={target === 'profile' ? 'public' : defaultVisibility}
          onGallery={onGallery}
          onDone={(ids, uploaded) => void done(ids, uploaded)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
