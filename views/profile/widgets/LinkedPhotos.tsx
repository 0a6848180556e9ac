/**
 * Photos linked to a list item (spec 02 §9: an incident shows its first 4 photos plus "+N more", an award 3,
 * a timeline event its one). The item's `photoIds` are its linked photos this viewer may see (the presenter
 * filters them), looked up in `photos` (the page's gallery, filtered in the query too), so a private photo
 * linked to a public item is never shown — nor counted — to a visitor.
 */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { PhotoPicture } from '../../ui/PhotoPicture';
import type { PhotoJson } from '../../../src/validation/photos';
import { theme } from '../../ui/theme';

const Strip = styled.ul.withConfig(sc('LinkedPhotoStrip'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  & li {
    width: 72px;
    height: 72px;
    border-radius: ${theme.radius.control};
    overflow: hidden;
    background: ${theme.color.canvas};
  }
  & img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const More = styled.li.withConfig(sc('LinkedPhotoMore'))`
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: ${theme.font.size.sm};
  font-weight: 700;
  color: ${theme.color.muted};
`;

/** The linked photos this viewer may see, in link order. */
export function linkedPhotos(
  photoIds: readonly number[] | undefined,
  photos: Readonly<Record<string, PhotoJson>> | undefined,
): PhotoJson[] {
  return (photoIds ?? []).flatMap((id) => {
    const photo = photos?.[String(id)];
    return photo ? [photo] : [];
  });
}

export function LinkedPhotos({ photos, shown }: { photos: PhotoJson[]; shown: number }) {
  if (photos.length === 0) return null;
  const more = photos.length - shown;
  return (
    <Strip aria-label="Photos">
      {photos.slice(0, shown).map((photo) => (
        <li key={photo.id}>
          <PhotoPicture photo={photo} sizes="72px" />
        </li>
      ))}
      {more > 0 ? <More>{`+${more} more`}</More> : null}
    </Strip>
  );
}

/** An item's `photos` part: its visible linked photos, or null when there are none (no empty body). */
export function photosPart(
  photoIds: readonly number[] | undefined,
  photos: Readonly<Record<string, PhotoJson>> | undefined,
  shown: number,
) {
  const visible = linkedPhotos(photoIds, photos);
  return visible.length ? <LinkedPhotos photos={visible} shown={shown} /> : null;
}
