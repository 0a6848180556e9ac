/**
 * The Photo Gallery widget for reading (spec 02 §§2, 9), server-rendered with no JavaScript: the compact form
 * on the main profile (up to 4 photos marked for it, and only those: never an empty slot — docs/decisions/photos-on-the-main-profile.md — and no
 * grid at all when none is marked) and the full form in the section's own view: every photo the viewer may see,
 * with search, category and folder filters (a plain GET form) and a Grid / List switch (links), as
 * src/validation/gallery.ts defines them. The owner's editing form is the PhotoGallery island. Photos the viewer
 * may not see never reach this view (filtered in the query), so a search cannot find them either.
 */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { theme, media } from '../../ui/theme';
import { Button, ButtonLink } from '../../ui/Button';
import { Select, TextField } from '../../ui/Field';
import { EmptyNote } from '../../ui/Card';
import { LinkToggle } from '../../ui/LinkToggle';
import { formatDate } from '../../ui/format';
import { PhotoPicture, photoCover } from '../../ui/PhotoPicture';
import { humanize } from '../../../src/validation/lists/define';
import { PHOTO_CATEGORIES, PHOTO_LIMITS, type PhotoJson } from '../../../src/validation/photos';
import {
  GALLERY_LABELS as L,
  GALLERY_VIEWS,
  isFiltered,
  matchesGalleryFilter,
  type GalleryFilter,
  type GalleryView,
} from '../../../src/validation/gallery';
import { filterForWidget } from '../../../src/validation/profiles';
import type { SectionContext, SectionItem } from './context';
import { VisibilityBadge } from './ItemLayout';

const Compact = styled.ul.withConfig(sc('PhotoCompactGrid'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space[2]};
  ${media.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Slot = styled.li.withConfig(sc('PhotoSlot'))`
  position: relative;
  aspect-ratio: 1;
  border-radius: ${theme.radius.control};
  overflow: hidden;
  background: ${theme.color.canvas};
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
  top: ${theme.space[2]};
  left: ${theme.space[2]};
  line-height: 0;
`;

const Full = styled.ul.withConfig(sc('PhotoFullGrid'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: ${theme.space[4]};
  ${media.tablet} {
    grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  }
`;

const Card = styled.li.withConfig(sc('PhotoCard'))`
  margin: 0;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  overflow: hidden;
  background: ${theme.color.surface};
  & picture,
  & img {
    ${photoCover}
    background: ${theme.color.canvas};
  }
`;

const Caption = styled.div.withConfig(sc('PhotoCardCaption'))`
  padding: ${theme.space[2]} ${theme.space[3]} ${theme.space[3]};
  font-size: ${theme.font.size.sm};
  & p {
    margin: 0 0 ${theme.space[1]};
    color: ${theme.color.ink};
  }
  & span {
    color: ${theme.color.muted};
  }
`;

const Filters = styled.form.withConfig(sc('PhotoGalleryFilters'))`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[3]};
  & > * {
    flex: 1 1 160px;
    min-width: 0;
  }
  /* The search field (the first field; the hidden inputs before it are not divs). */
  & > div:first-of-type {
    flex: 2 1 220px;
  }
  & > button {
    flex: none;
  }
`;

const ResultBar = styled.div.withConfig(sc('PhotoGalleryResultBar'))`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin-bottom: ${theme.space[3]};
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  & > p {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  & > p a {
    margin-left: ${theme.space[2]};
    font-weight: 600;
  }
  & nav {
    margin-bottom: 0;
  }
`;

const Rows = styled.ul.withConfig(sc('PhotoListRows'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
`;

const RowItem = styled.li.withConfig(sc('PhotoListRow'))`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr);
  gap: ${theme.space[3]};
  align-items: start;
  padding-bottom: ${theme.space[3]};
  border-bottom: 1px solid ${theme.color.line};
  ${media.tablet} {
    grid-template-columns: 160px minmax(0, 1fr);
  }
  & picture,
  & img {
    ${photoCover}
    border-radius: ${theme.radius.control};
    background: ${theme.color.canvas};
  }
  & p {
    margin: 0 0 ${theme.space[1]};
    overflow-wrap: anywhere;
  }
  & span {
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

const compactSizes = '(min-width: 1024px) 180px, (min-width: 768px) 25vw, 50vw';
const fullSizes = '(min-width: 768px) 280px, 50vw';

/** A link to the full gallery with this filter (and the page's kept parameters, e.g. a "View as" page's `as`). */
export function galleryHref(basePath: string, gallery: GalleryView, change: Partial<GalleryFilter> = {}): string {
  const { q, category, folder, view } = { ...gallery.filter, ...change };
  const params = new URLSearchParams({ widget: filterForWidget('photos') });
  if (q !== undefined) params.set('q', q);
  if (category !== undefined) params.set('category', category);
  if (folder !== undefined) params.set('folder', String(folder));
  if (view !== 'grid') params.set('view', view);
  for (const [key, value] of Object.entries(gallery.keep)) params.set(key, value);
  return `${basePath}?${params.toString()}`;
}

/** Search, category and folder as a GET form: works with no script; the layout rides along in a hidden field. */
function GalleryFilters({ basePath, gallery }: { basePath: string; gallery: GalleryView }) {
  const { filter, folders } = gallery;
  return (
    <Filters method="get" action={basePath} role="search" aria-label={L.filters}>
      <input type="hidden" name="widget" value={filterForWidget('photos')} />
      {filter.view !== 'grid' ? <input type="hidden" name="view" value={filter.view} /> : null}
      {Object.entries(gallery.keep).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <TextField id="gallery-q" name="q" type="search" label={L.search} defaultValue={filter.q ?? ''} />
      <Select
        id="gallery-category"
        name="category"
        label={L.category}
        defaultValue={filter.category ?? ''}
        options={[
          { value: '', label: L.allCategories },
          ...PHOTO_CATEGORIES.map((c) => ({ value: c, label: humanize(c) })),
        ]}
      />
      {folders.length ? (
        <Select
          id="gallery-folder"
          name="folder"
          label={L.folder}
          defaultValue={filter.folder === undefined ? '' : String(filter.folder)}
          options={[
            { value: '', label: L.allFolders },
            ...folders.map((f) => ({ value: String(f.id), label: f.name })),
            { value: 'none', label: L.noFolder },
          ]}
        />
      ) : null}
      <Button type="submit">{L.apply}</Button>
    </Filters>
  );
}

/** The full gallery: filters, "Showing N of M" with Clear filters, the Grid / List switch, then the photos. */
function FullGallery({
  photos,
  basePath,
  gallery,
  showVisibility,
}: {
  photos: PhotoJson[];
  basePath: string;
  gallery: GalleryView;
  showVisibility: boolean;
}) {
  const { filter } = gallery;
  const shown = photos.filter((photo) => matchesGalleryFilter(photo, filter));
  const filtered = isFiltered(filter);
  const folderName = new Map(gallery.folders.map((f) => [f.id, f.name]));
  const clearHref = galleryHref(basePath, gallery, { q: undefined, category: undefined, folder: undefined });
  return (
    <>
      <GalleryFilters basePath={basePath} gallery={gallery} />
      <ResultBar>
        <p role="status">
          {L.showing(shown.length, photos.length)}
          {filtered ? <a href={clearHref}>{L.clear}</a> : null}
        </p>
        <LinkToggle aria-label={L.layout}>
          {GALLERY_VIEWS.map((view) => (
            <a
              key={view}
              href={galleryHref(basePath, gallery, { view })}
              aria-current={filter.view === view ? 'true' : undefined}
            >
              {view === 'grid' ? L.grid : L.list}
            </a>
          ))}
        </LinkToggle>
      </ResultBar>
      {shown.length === 0 ? (
        <EmptyNote>
          {L.noMatch}{' '}
          <ButtonLink href={clearHref} $variant="secondary">
            {L.clear}
          </ButtonLink>
        </EmptyNote>
      ) : filter.view === 'list' ? (
        <Rows data-gallery-layout="list">
          {shown.map((photo) => (
            <RowItem key={photo.id} data-photo-id={photo.id}>
              <PhotoPicture photo={photo} sizes="(min-width: 768px) 160px, 96px" />
              <div>
                <p>
                  <strong>{photo.caption || L.untitled}</strong>{' '}
                  {showVisibility ? <VisibilityBadge visibility={photo.visibility} /> : null}
                </p>
                <p>
                  <span>
                    {[
                      humanize(photo.category),
                      photo.folderId !== null ? folderName.get(photo.folderId) : undefined,
                      formatDate(photo.uploadDate),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </p>
                {photo.tags.length ? <span>{photo.tags.map((tag) => `#${tag}`).join(' ')}</span> : null}
              </div>
            </RowItem>
          ))}
        </Rows>
      ) : (
        <PhotoCards photos={shown} showVisibility={showVisibility} />
      )}
    </>
  );
}

function PhotoCards({ photos, showVisibility }: { photos: PhotoJson[]; showVisibility: boolean }) {
  return (
    <Full data-gallery-layout="grid">
      {photos.map((photo) => (
        <Card key={photo.id} data-photo-id={photo.id}>
          <PhotoPicture photo={photo} sizes={fullSizes} />
          <Caption>
            {photo.caption ? <p>{photo.caption}</p> : null}
            {showVisibility ? <VisibilityBadge visibility={photo.visibility} /> : null}{' '}
            <span>{[humanize(photo.category), ...photo.tags.map((tag) => `#${tag}`)].join(' · ')}</span>
          </Caption>
        </Card>
      ))}
    </Full>
  );
}

export function PhotosView({
  photos,
  expanded,
  basePath = '',
  gallery = null,
  showVisibility = false,
}: {
  photos: PhotoJson[];
  expanded: boolean;
  basePath?: string;
  /** The full gallery's filter and folders (the section's own view); without it, every photo as a grid. */
  gallery?: GalleryView | null;
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
  if (gallery)
    return <FullGallery photos={photos} basePath={basePath} gallery={gallery} showVisibility={showVisibility} />;
  return <PhotoCards photos={photos} showVisibility={showVisibility} />;
}

export const renderPhotos = (items: SectionItem[], context: SectionContext) => (
  <PhotosView
    photos={items as unknown as PhotoJson[]}
    expanded={context.expanded}
    basePath={context.basePath}
    gallery={context.gallery ?? null}
    showVisibility={context.showVisibility ?? false}
  />
);
