/**
 * The Photo Gallery widget's full form for the owner in edit mode (spec 02 §§2, 4, 5, 8): grid and list
 * modes, search, category filter, folders (create, filter, move), upload with per-file progress (compressing,
 * uploading with a real progress bar, done or failed) and the compressed summary, edit (caption, category,
 * tags, visibility, show on main profile) and delete with the confirmation listing where the photo is used.
 * Visitors never get this island: their gallery is server-rendered (views/profile/widgets/Photos.tsx).
 */
import { useMemo, useRef, useState } from 'react';
import { useId } from '../views/ui/useId';
import { styled } from 'styled-components';
import {
  ACCEPTED_IMAGE_TYPES,
  PHOTO_CATEGORIES,
  PHOTO_LIMITS,
  PHOTO_MESSAGES as M,
  normalizeTags,
  photoUpdateSchema,
  type PhotoCategory,
  type PhotoFolderJson,
  type PhotoGalleryJson,
  type PhotoJson,
} from '../src/validation/photos';
import { humanize } from '../src/validation/lists/define';
import { GALLERY_LABELS as L, matchesGalleryFilter, normalizeSearch } from '../src/validation/gallery';
import { VISIBILITY_OPTIONS, type Visibility } from '../src/validation/visibility';
import { api } from './lib/api';
import { toast } from './lib/toast';
import { useApiMutation } from './lib/useApiMutation';
import { useInlineForm } from './lib/useInlineForm';
import { useSectionCount } from './lib/sectionCount';
import { UploadProgress, usePhotoUploads } from './lib/photoUploads';
import { Button } from '../views/ui/Button';
import { DialogActions } from '../views/ui/ConfirmButton';
import { Muted, Row } from '../views/ui/DataTable';
import { Dialog } from '../views/ui/Dialog';
import { Checkbox, Select, TagList, TextField } from '../views/ui/Field';
import { PhotoPicture, photoCover } from '../views/ui/PhotoPicture';
import { sc } from '../views/ui/sc';
import { useTypedBeforeHydration } from '../views/ui/typedBeforeHydration';
import { SuggestCaptionButton } from './lib/SuggestCaptionButton';
import { theme } from '../views/ui/theme';

const Wrap = styled.div.withConfig(sc('PhotoGalleryEditor'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;

const Toolbar = styled.div.withConfig(sc('PhotoGalleryToolbar'))`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${theme.space[3]};
  align-items: end;
`;

const DropZone = styled.label.withConfig(sc('PhotoDropZone'))`
  display: block;
  padding: ${theme.space[4]};
  border: 2px dashed ${theme.color.line};
  border-radius: ${theme.radius.control};
  text-align: center;
  cursor: pointer;
  color: ${theme.color.muted};
  & strong {
    color: ${theme.color.brand};
  }
  & input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
  &:focus-within {
    outline: 2px solid ${theme.color.brand};
  }
`;

const Grid = styled.ul.withConfig(sc('PhotoEditorGrid'))<{ $list: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[3]};
  grid-template-columns: ${(p) => (p.$list ? 'minmax(0, 1fr)' : 'repeat(auto-fill, minmax(200px, 1fr))')};
`;

const Item = styled.li.withConfig(sc('PhotoEditorItem'))<{ $list: boolean }>`
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  overflow: hidden;
  display: ${(p) => (p.$list ? 'grid' : 'block')};
  grid-template-columns: 120px minmax(0, 1fr);
  & img {
    ${photoCover}
  }
  & > div {
    padding: ${theme.space[3]};
    display: flex;
    flex-direction: column;
    gap: ${theme.space[2]};
    font-size: ${theme.font.size.sm};
  }
`;

const UsageList = styled.ul.withConfig(sc('PhotoDeleteUsage'))`
  margin: 0;
  padding-left: ${theme.space[5]};
`;

const WIDGET_WORDS: Record<string, string> = {
  timeline: 'Timeline',
  statusUpdates: 'Status update',
  incidents: 'Memorable Incidents',
  awards: 'Awards',
  fireStations: 'Fire station',
  profile: 'Profile image',
};

/** Delete Photo (spec 02 §4): where the photo is used, or that it is safe to delete, before it goes. */
function DeletePhotoDialog({
  photo,
  pending,
  onDelete,
  onClose,
}: {
  photo: PhotoJson;
  pending: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  const uses = photo.linkedWidgets ?? [];
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      title="Delete Photo"
      description={
        uses.length
          ? `This photo is used in ${uses.length} place${uses.length === 1 ? '' : 's'}. Deleting it removes it from:`
          : M.safeToDelete
      }
    >
      {uses.length ? (
        <UsageList>
          {uses.map((l) => (
            <li key={`${l.widgetType}-${l.itemId}`}>{`${WIDGET_WORDS[l.widgetType] ?? l.widgetType}: ${l.context}`}</li>
          ))}
        </UsageList>
      ) : null}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" $variant="destructive" disabled={pending} onClick={onDelete}>
          Delete Photo
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A photo's fields, saved together with Save (the panel's own button, not on blur). */
const editedValues = (photo: PhotoJson) => ({
  caption: photo.caption ?? '',
  category: photo.category,
  tags: photo.tags,
  visibility: photo.visibility,
  showOnMainProfile: photo.showOnMainProfile,
});

function EditPanel({
  profileId,
  photo,
  aiAssist,
  onSaved,
  onClose,
}: {
  profileId: number;
  photo: PhotoJson;
  /** The server has a vision model: offer "Suggest caption" (docs/decisions/ai-assist.md). */
  aiAssist: boolean;
  onSaved: (photo: PhotoJson) => void;
  onClose: () => void;
}) {
  const inline = useInlineForm({
    schema: photoUpdateSchema,
    saved: photo,
    values: editedValues,
    request: (body) => api.patch<PhotoJson>(`/api/profiles/${profileId}/photos/${photo.index}`, body),
    success: { title: 'Photo updated' },
    fallbackMessage: 'Failed to update photo',
    onSaved,
  });
  const { form } = inline;
  return (
    <>
      <TextField {...form.text('caption')} label="Caption" />
      {aiAssist ? (
        <SuggestCaptionButton
          photo={{ profileId, photoId: photo.id }}
          onAccept={(suggestion) => {
            form.setValue('caption', suggestion.caption);
            form.setValue('category', suggestion.category);
            form.setValue('tags', normalizeTags([...inline.getValues().tags, ...suggestion.tags]));
          }}
        />
      ) : null}
      <Select
        {...form.select('category')}
        label="Category"
        options={PHOTO_CATEGORIES.map((c) => ({ value: c, label: humanize(c) }))}
      />
      <TagList {...form.tags('tags')} label="Tags" />
      <Select {...form.select('visibility')} label="Visibility" options={VISIBILITY_OPTIONS} />
      <Checkbox {...form.checkbox('showOnMainProfile')} label="Show on main profile" />
      <Row>
        <Button type="button" onClick={inline.submit} disabled={inline.isSaving}>
          {inline.isSaving ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" $variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </Row>
    </>
  );
}

export default function PhotoGallery({
  gallery: initial,
  defaultVisibility,
  aiAssist = false,
}: {
  gallery: PhotoGalleryJson;
  defaultVisibility: Visibility;
  /** The server has an AI model: the photo editor offers "Suggest caption". */
  aiAssist?: boolean;
}) {
  const id = useId();
  const profileId = initial.profileId;
  const [photos, setPhotos] = useState<PhotoJson[]>(initial.photoGallery);
  const [folders, setFolders] = useState<PhotoFolderJson[]>(initial.photoFolders);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<'' | PhotoCategory>('');
  const [folder, setFolder] = useState<string>('all');
  const [listMode, setListMode] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [folderName, setFolderName] = useState('');
  /** The upload switch: null until the owner flips it, so each upload takes the server's default. */
  const [mainProfileChoice, setMainProfileChoice] = useState<boolean | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration((typedValue) => {
    const text = (suffix: string) => {
      const value = typedValue(`${id}-${suffix}`);
      return typeof value === 'string' ? value : undefined;
    };
    const [typedSearch, typedCategory, typedFolder, typedFolderName] = [
      text('search'),
      text('category'),
      text('folder'),
      text('new-folder'),
    ];
    if (typedSearch !== undefined) setSearch(typedSearch);
    if (typedCategory !== undefined) setCategory(typedCategory as PhotoCategory | '');
    if (typedFolder !== undefined) setFolder(typedFolder);
    if (typedFolderName !== undefined) setFolderName(typedFolderName);
  });
  const mainProfileHasRoom = photos.filter((p) => p.showOnMainProfile).length < PHOTO_LIMITS.mainProfileSlots;
  useSectionCount('photos', photos.length);

  // The same filter as the visitors' server-rendered gallery (src/validation/gallery.ts).
  const shown = useMemo(() => {
    const filter = {
      q: normalizeSearch(search) || undefined,
      category: category || undefined,
      folder: folder === 'all' ? undefined : folder === 'none' ? ('none' as const) : Number(folder),
    };
    return photos.filter((p) => matchesGalleryFilter(p, filter));
  }, [photos, search, category, folder]);

  const refresh = async () => {
    const gallery = await api.get<PhotoGalleryJson>(`/api/profiles/${profileId}/photos`);
    setPhotos(gallery.photoGallery);
    setFolders(gallery.photoFolders);
  };

  const uploads = usePhotoUploads(profileId, {
    category: 'milestone',
    visibility: defaultVisibility,
    showOnMainProfile: mainProfileChoice ?? undefined,
    onGallery: (gallery) => {
      setPhotos(gallery.photoGallery);
      setFolders(gallery.photoFolders);
    },
  });
  const uploadFiles = async (list: FileList | null) => {
    await uploads.upload(list);
    if (inputRef.current) inputRef.current.value = '';
  };

  const createFolder = useApiMutation({
    request: (name: string) => api.post<PhotoFolderJson>(`/api/profiles/${profileId}/folders`, { name }),
    success: { title: 'Folder created' },
    fallbackMessage: 'Failed to create folder',
    onSuccess: (created) => {
      setFolders((f) => [...f, created]);
      setFolderName('');
    },
  });
  const submitFolder = () => {
    if (!folderName.trim()) toast({ variant: 'destructive', title: 'Error', description: M.folderNameRequired });
    else createFolder.mutate(folderName);
  };

  const move = useApiMutation({
    request: ({ photo, folderId }: { photo: PhotoJson; folderId: number | null }) =>
      api.patch<PhotoJson>(`/api/profiles/${profileId}/photos/${photo.index}/move`, { folderId }),
    success: { title: 'Photo moved' },
    fallbackMessage: 'Failed to move photo',
    onSuccess: (moved) => setPhotos((list) => list.map((p) => (p.id === moved.id ? moved : p))),
  });

  // A failed delete says the spec's words, whatever the server answered.
  const remove = useApiMutation({
    request: async (photo: PhotoJson) => {
      await api.delete(`/api/profiles/${profileId}/photos/${photo.index}`);
      setConfirming(null);
      await refresh();
    },
    success: { title: 'Photo deleted' },
    errorTitle: M.deleteFailed,
    fallbackMessage: M.deleteFailedDescription,
    serverMessage: false,
  });

  const folderOptions = [
    { value: 'none', label: L.noFolder },
    ...folders.map((f) => ({ value: String(f.id), label: f.name })),
  ];

  return (
    <Wrap>
      <DropZone>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={[...ACCEPTED_IMAGE_TYPES, '.heic', '.heif'].join(',')}
          aria-label="Upload photos"
          onChange={(e) => void uploadFiles(e.target.files)}
        />
        <strong>Upload New</strong> photos
        <br />
        <Muted>{M.uploadHelp}</Muted>
      </DropZone>
      <Checkbox
        id={`${id}-main-profile`}
        label="Show new photos on main profile"
        help={M.mainProfileDefault}
        checked={mainProfileChoice ?? mainProfileHasRoom}
        onChange={(e) => setMainProfileChoice(e.target.checked)}
      />
      <UploadProgress rows={uploads.rows} summary={uploads.summary} />
      {/* Nothing to search, filter, file or lay out until there is a photo (a calm edit mode). */}
      {photos.length ? (
        <Toolbar>
          <TextField id={`${id}-search`} label={L.search} value={search} onChange={(e) => setSearch(e.target.value)} />
          <Select
            id={`${id}-category`}
            label={L.category}
            value={category}
            onChange={(e) => setCategory(e.target.value as PhotoCategory | '')}
            options={[
              { value: '', label: L.allCategories },
              ...PHOTO_CATEGORIES.map((c) => ({ value: c, label: humanize(c) })),
            ]}
          />
          <Select
            id={`${id}-folder`}
            label={L.folder}
            value={folder}
            onChange={(e) => setFolder(e.target.value)}
            options={[{ value: 'all', label: L.allFolders }, ...folderOptions]}
          />
          <Row>
            <Button
              type="button"
              $variant={listMode ? 'secondary' : 'primary'}
              aria-pressed={!listMode}
              onClick={() => setListMode(false)}
            >
              {L.grid}
            </Button>
            <Button
              type="button"
              $variant={listMode ? 'primary' : 'secondary'}
              aria-pressed={listMode}
              onClick={() => setListMode(true)}
            >
              {L.list}
            </Button>
          </Row>
        </Toolbar>
      ) : null}
      {photos.length ? (
        <Row>
          <TextField
            id={`${id}-new-folder`}
            label="New folder"
            value={folderName}
            onChange={(e) => setFolderName(e.target.value)}
          />
          <Button type="button" $variant="secondary" onClick={submitFolder}>
            Create folder
          </Button>
        </Row>
      ) : null}
      {shown.length === 0 && photos.length ? <Muted>{L.noMatch}</Muted> : null}
      <Grid $list={listMode}>
        {shown.map((photo) => (
          <Item key={photo.id} $list={listMode} data-photo-id={photo.id}>
            <PhotoPicture photo={photo} sizes="240px" />
            <div>
              {editing === photo.id ? (
                <EditPanel
                  profileId={profileId}
                  photo={photo}
                  aiAssist={aiAssist}
                  onClose={() => setEditing(null)}
                  onSaved={(saved) => {
                    setPhotos((list) => list.map((p) => (p.id === saved.id ? saved : p)));
                    setEditing(null);
                  }}
                />
              ) : (
                <>
                  <strong>{photo.caption || L.untitled}</strong>
                  <Muted>
                    {[humanize(photo.category), VISIBILITY_OPTIONS.find((v) => v.value === photo.visibility)?.label]
                      .concat(photo.showOnMainProfile ? ['On main profile'] : [])
                      .join(' · ')}
                  </Muted>
                  {photo.tags.length ? <Muted>{photo.tags.map((t) => `#${t}`).join(' ')}</Muted> : null}
                  <Select
                    id={`${id}-move-${photo.id}`}
                    label="Move to folder"
                    value={photo.folderId === null ? 'none' : String(photo.folderId)}
                    onChange={(e) =>
                      move.mutate({ photo, folderId: e.target.value === 'none' ? null : Number(e.target.value) })
                    }
                    options={folderOptions}
                  />
                  <Row>
                    <Button type="button" $variant="secondary" onClick={() => setEditing(photo.id)}>
                      Edit
                    </Button>
                    <Button type="button" $variant="destructive" onClick={() => setConfirming(photo.id)}>
                      Delete
                    </Button>
                  </Row>
                  {confirming === photo.id ? (
                    <DeletePhotoDialog
                      photo={photo}
                      pending={remove.isPending}
                      onDelete={() => remove.mutate(photo)}
                      onClose={() => setConfirming(null)}
                    />
                  ) : null}
                </>
              )}
            </div>
          </Item>
        ))}
      </Grid>
    </Wrap>
  );
}
