/**
 * The full photo gallery's search, category filter, folder filter and grid/list switch (spec 02 §2 "Photo
 * Gallery": "The full form has grid and list modes, search, category filter, folders"). One filter for every
 * view: the server-rendered gallery reads it from the page's query (`?widget=photos&q=…&category=…&folder=…
 * &view=list`, a plain GET form) and the owner's editing island keeps it in its state; both decide what
 * matches with `matchesGalleryFilter`. The spec names no labels for these controls: they are ours, here once.
 * Shared by the server and the islands (no server imports).
 */
import { mixed, string } from 'yup';
import { id, onStrings } from './common';
import { PHOTO_CATEGORIES, type PhotoCategory, type PhotoJson } from './photos';

export const GALLERY_LABELS = {
  /** The search landmark around the fields. */
  filters: 'Filter photos',
  search: 'Search photos',
  category: 'Category',
  allCategories: 'All categories',
  folder: 'Folder',
  allFolders: 'All folders',
  noFolder: 'No folder',
  apply: 'Apply',
  clear: 'Clear filters',
  layout: 'Layout',
  grid: 'Grid',
  list: 'List',
  noMatch: 'No photos match.',
  untitled: 'Untitled photo',
  /** "Showing 3 of 12 photos" above a filtered gallery. */
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} ${total === 1 ? 'photo' : 'photos'}`,
} as const;

/** A search is for a few words of a caption or a tag; longer text is not a search (400 / canonical redirect). */
export const GALLERY_SEARCH_MAX = 100;
export const GALLERY_VIEWS = ['grid', 'list'] as const;
export type GalleryLayout = (typeof GALLERY_VIEWS)[number];

/** `folder`: a folder's id, or `none` for the photos in no folder; absent means every folder. */
export type GalleryFolder = number | 'none';

export interface GalleryFilter {
  /** Trimmed, runs of white space made one space; lower-cased for matching only. Absent: no search. */
  q?: string;
  category?: PhotoCategory;
  folder?: GalleryFolder;
  view: GalleryLayout;
}

/** A folder the viewer may filter by (only folders holding a photo they may see: galleryFolders on the server). */
export interface GalleryFolderChoice {
  id: number;
  name: string;
}

/** What the server-rendered full gallery needs beyond its photos: the filter asked for and the folder choices. */
export interface GalleryView {
  filter: GalleryFilter;
  folders: GalleryFolderChoice[];
  /** Query parameters the gallery's form and links keep (a "View as" page's `as`). */
  keep: Record<string, string>;
}

/** Trims and makes each run of white space one space: `"  smoke   drill "` → `"smoke drill"`. */
export const normalizeSearch = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The query fields (the profile page's schema adds them: src/pageCache/profilePages.ts). */
export const galleryQueryFields = {
  q: string()
    .transform(onStrings(normalizeSearch))
    .max(GALLERY_SEARCH_MAX, `Search at most ${GALLERY_SEARCH_MAX} characters`)
    // An empty search box posts `q=`: no search, not an error.
    .transform((value: string | undefined) => (value === '' ? undefined : value)),
  // The form's "All categories" and "All folders" post an empty value: every category or folder.
  category: mixed<PhotoCategory>()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .oneOf([...PHOTO_CATEGORIES], 'Unknown category'),
  folder: mixed<GalleryFolder>()
    .transform((_value: unknown, original: unknown) => {
      if (original === undefined || original === '') return undefined;
      if (original === 'none') return original;
      try {
        return id().validateSync(original);
      } catch {
        return null;
      }
    })
    .test('folder', 'Unknown folder', (value) => value !== null),
  // No default: absent means grid (pageVariant), and only the photos view's links carry it.
  view: mixed<GalleryLayout>().oneOf([...GALLERY_VIEWS], 'view must be grid or list'),
};

/** True when a filter narrows the gallery (the layout alone does not). */
export const isFiltered = (filter: Omit<GalleryFilter, 'view'>): boolean =>
  filter.q !== undefined || filter.category !== undefined || filter.folder !== undefined;

/**
 * Whether a photo matches: its category, its folder, and every word of the search somewhere in its caption or
 * tags (case-insensitive). Only photos the viewer may see are ever passed in (the server filters them in the
 * query), so a search never finds what the viewer could not see anyway.
 */
export function matchesGalleryFilter(
  photo: Pick<PhotoJson, 'caption' | 'category' | 'folderId' | 'tags'>,
  filter: Omit<GalleryFilter, 'view'>,
): boolean {
  if (filter.category !== undefined && photo.category !== filter.category) return false;
  if (filter.folder === 'none' && photo.folderId !== null) return false;
  if (typeof filter.folder === 'number' && photo.folderId !== filter.folder) return false;
  if (filter.q === undefined) return true;
  const haystack = [photo.caption ?? '', ...photo.tags].join('\n').toLowerCase();
  return normalizeSearch(filter.q)
    .toLowerCase()
    .split(' ')
    .every((word) => haystack.includes(word));
}
