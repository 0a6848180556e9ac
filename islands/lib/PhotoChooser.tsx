/** The opening button may shrink to its row: a long item title ends in an ellipsis instead of widening the page. */
const ChooserButton = styled(Button).withConfig(sc('PhotoChooserButton'))`
  max-width: 100%;
  min-width: 0;
`;

const ButtonLabel = styled.span.withConfig(sc('PhotoChooserButtonLabel'))`
  overflow: hidden;
  text-overflow: ellipsis;
`;

/**
 * The chosen photos' thumbnails and the button that opens the Photo Manager for them, capped and
 * categorized for the widget (spec 02 §§5, 9): the list editor's add form and each row of the photo links.
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import {
  DEFAULT_PHOTO_CATEGORY,
  PHOTO_LINK_TARGETS,
  type PhotoGalleryJson,
  type PhotoJson,
  type Target,
} from '../../src/validation/photos';
import type { Visibility } from '../../src/validation/visibility';
import { PhotoManager } from './PhotoManager';
import { Button } from '../../views/ui/Button';
import { PhotoPicture } from '../../views/ui/PhotoPicture';
import { sc } from '../../views/ui/sc';
import { theme } from '../../views/ui/theme';

/** The chosen photos beside their button. */
const Thumbs = styled.span.withConfig(sc('PhotoChooserThumbs'))`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  & img {
    width: 40px;
    height: 40px;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: 6px;
    display: block;
  }
`;

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
      <ChooserButton type="button" $variant="secondary" title={buttonLabel} onClick={() => setOpen(true)}>
        <ButtonLabel>{buttonLabel}</ButtonLabel>
      </ChooserButton>
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
