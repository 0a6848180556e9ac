/**
 * The Photo Gallery widget's full form for the owner in edit mode (spec 02 §§2, 4, 5, 8): grid and list
 * modes, search, category filter, folders (create, filter, move), upload with per-file progress (compressing,
 * uploading with a real progress bar, done or failed) and the compressed summary, edit (caption, category,
 * tags, visibility, show on main profile) and delete with the confirmation listing where the photo is used.
 * Visitors never get this island: their gallery is server-rendered (views/profile/widgets/Photos.tsx).
 */
import { useId, useMemo, useRef, useState } from 'react';
import { styled } from 'styled-components';
import {
  ACCEPTED_IMAGE_TYPES,
  PHOTO_CATEGORIES,
  PHOTO_MESSAGES as M,
  normalizeTags,
  type PhotoCategory,
  type PhotoFolderJson,
  type PhotoGalleryJson,
  type PhotoJson,
} from '../src/validation/photos';
import { humanize } from '../src/validation/lists/define';
import { VISIBILITY_OPTIONS, type Visibility } from '../src/validation/visibility';
import { api, serverMessageOr } from './lib/api';
import { toast } from './lib/toast';
import { UploadProgress, usePhotoUploads } from './lib/photoUploads';
import { Button } from '../views/ui/Button';
import { Checkbox, Select, TagList, TextField } from '../views/ui/Field';
import { PhotoPicture, photoCover } from '../views/ui/PhotoPicture';
import { sc } from '../views/ui/sc';
import { SuggestCaptionButton } from './lib/SuggestCaptionButton';

const Wrap = styled.div.withConfig(sc('PhotoGalleryEditor'))`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[4]};
`;

const Toolbar = styled.div.withConfig(sc('PhotoGalleryToolbar'))`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${(p) => p.theme.space[3]};
  align-items: end;
`;

const Row = styled.div.withConfig(sc('PhotoGalleryRow'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${(p) => p.theme.space[2]};
  align-items: center;
`;

const DropZone = styled.label.withConfig(sc('PhotoDropZone'))`
  display: block;
  padding: ${(p) => p.theme.space[4]};
  border: 2px dashed ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  text-align: center;
  cursor: pointer;
  color: ${(p) => p.theme.color.muted};
  & strong {
    color: ${(p) => p.theme.color.brand};
  }
  & input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
  &:focus-within {
    outline: 2px solid ${(p) => p.theme.color.brand};
  }
`;

const Grid = styled.ul.withConfig(sc('PhotoEditorGrid'))<{ $list: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${(p) => p.theme.space[3]};
  grid-template-columns: ${(p) => (p.$list ? 'minmax(0, 1fr)' : 'repeat(auto-fill, minmax(200px, 1fr))')};
`;

const Item = styled.li.withConfig(sc('PhotoEditorItem'))<{ $list: boolean }>`
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  overflow: hidden;
  display: ${(p) => (p.$list ? 'grid' : 'block')};
  grid-template-columns: 120px minmax(0, 1fr);
  & img {
    ${photoCover}
  }
  & > div {
    padding: ${(p) => p.theme.space[3]};
    display: flex;
    flex-direction: column;
    gap: ${(p) => p.theme.space[2]};
    font-size: ${(p) => p.theme.font.size.sm};
  }
`;

const Muted = styled.span.withConfig(sc('PhotoEditorMuted'))`
  color: ${(p) => p.theme.color.muted};
`;

const Dialog = styled.div.withConfig(sc('PhotoDeleteDialog'))`
  border: 1px solid ${(p) => p.theme.color.danger};
  border-radius: ${(p) => p.theme.radius.control};
  padding: ${(p) => p.theme.space[3]};
  background: ${(p) => p.theme.color.brandTint};
  & h3 {
    margin: 0 0 ${(p) => p.theme.space[2]};
    font-size: ${(p) => p.theme.font.size.md};
  }
  & ul {
    margin: 0 0 ${(p) => p.theme.space[2]};
    padding-left: ${(p) => p.theme.space[5]};
  }
`;

const WIDGET_WORDS: Record<string, string> = {
  timeline: 'Timeline',
  statusUpdates: 'Status update',
  incidents: 'Memorable Incidents',
  awards: 'Awards',
  fireStations: 'Fire station',
  profile: 'Profile image',
};

function EditPanel({
  profileId,
  photo,
  aiAssist,
  onSaved,
  onClose,
}: {
  profileId: number;
  photo: PhotoJson;
  /** The server has a vision model: offer "Suggest caption" (issue 13). */
  aiAssist: boolean;
  onSaved: (photo: PhotoJson) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [caption, setCaption] = useState(photo.caption ?? '');
  const [category, setCategory] = useState<PhotoCategory>(photo.category);
  const [tags, setTags] = useState<string[]>(photo.tags);
  const [visibility, setVisibility] = useState<Visibility>(photo.visibility);
  const [main, setMain] = useState(photo.showOnMainProfile);
  const [pending, setPending] = useState(false);
  const save = async () => {
    setPending(true);
    try {
      const saved = await api.patch<PhotoJson>(`/api/profiles/${profileId}/photos/${photo.index}`, {
        caption,
        category,
        tags,
        visibility,
        showOnMainProfile: main,
      });
      toast({ title: 'Photo updated' });
      onSaved(saved);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to update photo') });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <TextField id={`${id}-caption`} label="Caption" value={caption} onChange={(e) => setCaption(e.target.value)} />
      {aiAssist ? (
        <SuggestCaptionButton
          photo={{ profileId, photoId: photo.id }}
          onAccept={(suggestion) => {
            setCaption(suggestion.caption);
            setCategory(suggestion.category);
            setTags((current) => normalizeTags([...current, ...suggestion.tags]));
          }}
        />
      ) : null}
      <Select
        id={`${id}-category`}
        label="Category"
        value={category}
        onChange={(e) => setCategory(e.target.value as PhotoCategory)}
        options={PHOTO_CATEGORIES.map((c) => ({ value: c, label: humanize(c) }))}
      />
      <TagList
        id={`${id}-tags`}
        name="tags"
        label="Tags"
        tags={tags}
        onAdd={(tag) => setTags((t) => normalizeTags([...t, tag]))}
        onRemove={(tag) => setTags((t) => t.filter((x) => x !== tag))}
      />
      <Select
        id={`${id}-visibility`}
        label="Visibility"
        value={visibility}
        onChange={(e) => setVisibility(e.target.value as Visibility)}
        options={VISIBILITY_OPTIONS}
      />
      <Checkbox
        id={`${id}-main`}
        label="Show on main profile"
        checked={main}
        onChange={(e) => setMain(e.target.checked)}
      />
      <Row>
        <Button type="button" onClick={save} disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
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
  const inputRef = useRef<HTMLInputElement>(null);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return photos.filter(
      (p) =>
        (!category || p.category === category) &&
        (folder === 'all' || (folder === 'none' ? p.folderId === null : String(p.folderId) === folder)) &&
        (!q || (p.caption ?? '').toLowerCase().includes(q) || p.tags.some((t) => t.toLowerCase().includes(q))),
    );
  }, [photos, search, category, folder]);

  const refresh = async () => {
    const gallery = await api.get<PhotoGalleryJson>(`/api/profiles/${profileId}/photos`);
    setPhotos(gallery.photoGallery);
    setFolders(gallery.photoFolders);
  };

  const uploads = usePhotoUploads(profileId, {
    category: 'milestone',
    visibility: defaultVisibility,
    onGallery: (gallery) => {
      setPhotos(gallery.photoGallery);
      setFolders(gallery.photoFolders);
    },
  });
  const uploadFiles = async (list: FileList | null) => {
    await uploads.upload(list);
    if (inputRef.current) inputRef.current.value = '';
  };

  const createFolder = async () => {
    if (!folderName.trim()) {
      toast({ variant: 'destructive', title: 'Error', description: M.folderNameRequired });
      return;
    }
    try {
      const created = await api.post<PhotoFolderJson>(`/api/profiles/${profileId}/folders`, { name: folderName });
      setFolders((f) => [...f, created]);
      setFolderName('');
      toast({ title: 'Folder created' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to create folder') });
    }
  };

  const move = async (photo: PhotoJson, value: string) => {
    try {
      const moved = await api.patch<PhotoJson>(`/api/profiles/${profileId}/photos/${photo.index}/move`, {
        folderId: value === 'none' ? null : Number(value),
      });
      setPhotos((list) => list.map((p) => (p.id === moved.id ? moved : p)));
      toast({ title: 'Photo moved' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to move photo') });
    }
  };

  const remove = async (photo: PhotoJson) => {
    try {
      await api.delete(`/api/profiles/${profileId}/photos/${photo.index}`);
      setConfirming(null);
      await refresh();
      toast({ title: 'Photo deleted' });
    } catch {
      toast({ variant: 'destructive', title: M.deleteFailed, description: M.deleteFailedDescription });
    }
  };

  const folderOptions = [
    { value: 'none', label: 'No folder' },
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
      <UploadProgress rows={uploads.rows} summary={uploads.summary} />
      <Toolbar>
        <TextField
          id={`${id}-search`}
          label="Search photos"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          id={`${id}-category`}
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value as PhotoCategory | '')}
          options={[
            { value: '', label: 'All categories' },
            ...PHOTO_CATEGORIES.map((c) => ({ value: c, label: humanize(c) })),
          ]}
        />
        <Select
          id={`${id}-folder`}
          label="Folder"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          options={[{ value: 'all', label: 'All folders' }, ...folderOptions]}
        />
        <Row>
          <Button
            type="button"
            $variant={listMode ? 'secondary' : 'primary'}
            aria-pressed={!listMode}
            onClick={() => setListMode(false)}
          >
            Grid
          </Button>
          <Button
            type="button"
            $variant={listMode ? 'primary' : 'secondary'}
            aria-pressed={listMode}
            onClick={() => setListMode(true)}
          >
            List
          </Button>
        </Row>
      </Toolbar>
      <Row>
        <TextField
          id={`${id}-new-folder`}
          label="New folder"
          value={folderName}
          onChange={(e) => setFolderName(e.target.value)}
        />
        <Button type="button" $variant="secondary" onClick={createFolder}>
          Create folder
        </Button>
      </Row>
      {shown.length === 0 ? <Muted>{photos.length ? 'No photos match.' : 'Add your first photo'}</Muted> : null}
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
                  <strong>{photo.caption || 'Untitled photo'}</strong>
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
                    onChange={(e) => void move(photo, e.target.value)}
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
                    <Dialog role="alertdialog" aria-labelledby={`${id}-delete-${photo.id}`}>
                      <h3 id={`${id}-delete-${photo.id}`}>Delete Photo</h3>
                      {photo.linkedWidgets && photo.linkedWidgets.length ? (
                        <>
                          <p>{`This photo is used in ${photo.linkedWidgets.length} place${photo.linkedWidgets.length === 1 ? '' : 's'}. Deleting it removes it from:`}</p>
                          <ul>
                            {photo.linkedWidgets.map((l) => (
                              <li
                                key={`${l.widgetType}-${l.itemId}`}
                              >{`${WIDGET_WORDS[l.widgetType] ?? l.widgetType}: ${l.context}`}</li>
                            ))}
                          </ul>
                        </>
                      ) : (
                        <p>{M.safeToDelete}</p>
                      )}
                      <Row>
                        <Button type="button" $variant="destructive" onClick={() => void remove(photo)}>
                          Delete Photo
                        </Button>
                        <Button type="button" $variant="ghost" onClick={() => setConfirming(null)}>
                          Cancel
                        </Button>
                      </Row>
                    </Dialog>
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
