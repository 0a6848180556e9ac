/**
 * The Photo Manager dialog (spec 02 §§5, 9), on the kit's Dialog: tabs Select Existing and Upload New,
 * capped by maxSelection (default 10; the timeline 1, incidents 5, awards 3), new uploads in the widget's
 * default category. Rendered while open; `onDone` gets the choice, `onCancel` closes.
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import {
  ACCEPTED_IMAGE_TYPES,
  PHOTO_LIMITS,
  PHOTO_MESSAGES as M,
  type PhotoGalleryJson,
  type PhotoJson,
} from '../../src/validation/photos';
import type { Visibility } from '../../src/validation/visibility';
import { UploadProgress, usePhotoUploads } from './photoUploads';
import { Button } from '../../views/ui/Button';
import { Dialog } from '../../views/ui/Dialog';
import { PhotoPicture } from '../../views/ui/PhotoPicture';
import { sc } from '../../views/ui/sc';
import { theme } from '../../views/ui/theme';

const Body = styled.div.withConfig(sc('PhotoManagerBody'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;

const Tabs = styled.div.withConfig(sc('PhotoManagerTabs'))`
  display: flex;
  gap: ${theme.space[2]};
  border-bottom: 1px solid ${theme.color.line};
  & button {
    border: 0;
    background: none;
    padding: ${theme.space[2]} ${theme.space[3]};
    font: inherit;
    font-weight: 600;
    color: ${theme.color.muted};
    border-bottom: 3px solid transparent;
    cursor: pointer;
  }
  & button[aria-selected='true'] {
    color: ${theme.color.brand};
    border-bottom-color: ${theme.color.brand};
  }
`;

const Choices = styled.ul.withConfig(sc('PhotoManagerChoices'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(110px, 1fr));
  gap: ${theme.space[2]};
  & label {
    display: block;
    position: relative;
    border: 3px solid transparent;
    border-radius: ${theme.radius.control};
    overflow: hidden;
    cursor: pointer;
  }
  & label:has(input:checked) {
    border-color: ${theme.color.brand};
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

const Muted = styled.p.withConfig(sc('PhotoManagerMuted'))`
  margin: 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

const Actions = styled.div.withConfig(sc('PhotoManagerActions'))`
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space[2]};
`;

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
  const [tab, setTab] = useState<'existing' | 'upload'>('existing');
  const [selected, setSelected] = useState<number[]>(initial.slice(0, maxSelection));
  const uploads = usePhotoUploads(profileId, { category, visibility, onGallery });

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
    <Dialog open onClose={onCancel} title={title}>
      <Body>
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
      </Body>
    </Dialog>
  );
}
