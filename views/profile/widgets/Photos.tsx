/**
 * The Photo Gallery widget for reading (spec 02 §§2, 9), server-rendered with no JavaScript: the compact form
 * on the main profile (up to 4 photos marked for it, and only those: never an empty slot — issue 20 — and no
 * grid at all when none is marked) and the full form in the section's own view (every photo the viewer may see, with caption, category and tags). The owner's editing
 * form is the PhotoGallery island. Photos the viewer may not see never reach this view (filtered in the query).
 */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { media } from '../../ui/theme';
import { PhotoPicture, photoCover } from '../../ui/PhotoPicture';
import { humanize } from '../../../src/validation/lists/define';
import { PHOTO_LIMITS, type PhotoJson } from '../../../src/validation/photos';
import type { SectionContext, SectionItem } from './context';
import { VisibilityBadge } from './ItemLayout';

const Compact = styled.ul.withConfig(sc('PhotoCompactGrid'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${(p) => p.theme.space[2]};
  ${media.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Slot = styled.li.withConfig(sc('PhotoSlot'))`
  position: relative;
  aspect-ratio: 1;
  border-radius: ${(p) => p.theme.radius.control};
  overflow: hidden;
  background: ${(p) => p.theme.color.canvas};
  & picture,
  & img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The owner's view: who may see the photo ("Only me", "Members"), over its corner. */
const SlotBadge = styled.span.withConfig(sc('PhotoSlotBadge'))`
  position: absolute;
  top: ${(p) => p.theme.space[2]};
  left: ${(p) => p.theme.space[2]};
  line-height: 0;
`;

const Full = styled.ul.withConfig(sc('PhotoFullGrid'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${(p) => p.theme.space[4]};
  ${media.tablet} {
    grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  }
`;

const Card = styled.li.withConfig(sc('PhotoCard'))`
  margin: 0;
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  overflow: hidden;
  background: ${(p) => p.theme.color.surface};
  & picture,
  & img {
    ${photoCover}
    background: ${(p) => p.theme.color.canvas};
  }
`;

const Caption = styled.div.withConfig(sc('PhotoCardCaption'))`
  padding: ${(p) => `${p.theme.space[2]} ${p.theme.space[3]} ${p.theme.space[3]}`};
  font-size: ${(p) => p.theme.font.size.sm};
  & p {
    margin: 0 0 ${(p) => p.theme.space[1]};
    color: ${(p) => p.theme.color.ink};
  }
  & span {
    color: ${(p) => p.theme.color.muted};
  }
`;

const compactSizes = '(min-width: 1024px) 180px, (min-width: 768px) 25vw, 50vw';
const fullSizes = '(min-width: 768px) 280px, 50vw';

export function PhotosView({
  photos,
  expanded,
  showVisibility = false,
}: {
  photos: PhotoJson[];
  expanded: boolean;
  /** The owner's or an admin's view: each photo shows who may see it, as every other item does. */
  showVisibility?: boolean;
}) {
  if (!expanded) {
    if (!photos.length) return null;
    return (
      <Compact>
        {photos.slice(0, PHOTO_LIMITS.mainProfileSlots).map((photo) => (
          <Slot key={photo.id}>
            <PhotoPicture photo={photo} sizes={compactSizes} />
            {showVisibility && photo.visibility !== 'public' ? (
              <SlotBadge>
                <VisibilityBadge visibility={photo.visibility} />
              </SlotBadge>
            ) : null}
          </Slot>
        ))}
      </Compact>
    );
  }
  return (
    <Full>
      {photos.map((photo) => (
        <Card key={photo.id}>
          <PhotoPicture photo={photo} sizes={fullSizes} />
          <Caption>
            {photo.caption ? <p>{photo.caption}</p> : null}
            <span>{[humanize(photo.category), ...photo.tags.map((tag) => `#${tag}`)].join(' · ')}</span>
          </Caption>
        </Card>
      ))}
    </Full>
  );
}

export const renderPhotos = (items: SectionItem[], context: SectionContext) => (
  <PhotosView
    photos={items as unknown as PhotoJson[]}
    expanded={context.expanded}
    showVisibility={context.showVisibility}
  />
);
