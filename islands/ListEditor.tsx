/**
 * The one editor of every profile list (spec 02 §§2, 4), driven by the list's definition
 * (src/validation/lists): its fields' editor metadata (label, input kind, choices), its create schema for the
 * add form (validated as the user types) and its update schema for inline edits.
 * - Add: POST /api/profiles/{id}/{path}; the new item is appended. The form asks the required fields first (and
 *   those a list marks `primary`), the rest under "More details" (a <details>); once saved it closes, and the new
 *   item shows its read view at its place with a "Saved" status line, focused (docs/decisions/guided-start.md).
 *   Without JavaScript the post comes back to the item (`savedItem`) with the same line.
 * - Inline edit (lib/useInlineForm.ts): text saves on blur, choices (selects, checkboxes, icons, tags) on
 *   change — PATCH …/{path}/id:{itemId} with `If-Match` of the item's version (saves of one item run one after
 *   another, each with the latest version); a 400 puts the message beside the field and keeps what was typed,
 *   a 412 shows the server's message. Choices are optimistic and put back when the server refuses.
 * - Delete (after a confirm step) is optimistic too, and the item put back with a destructive toast when the
 *   server refuses.
 * Every save is tracked (pendingSaves) so the toolbar's Save and Done Editing wait for it.
 * - Fields render through lists/FieldInput.tsx (icons as a picker, tags, nested lists as rows); nested lists
 *   save as a whole (PATCH of the field) when one of their inputs is committed.
 * - Certifications and licenses (docs/decisions/credential-catalogue.md): the name autocompletes from the credential catalogue; a chosen
 *   entry fills the issuer and suggests the expiry from the issue date (lib/catalogueFill.ts; inline: saved).
 * - Without JavaScript every form is a plain post (src/pages/profileListForms.tsx): the add form, and per item a
 *   form with Save changes (hidden once hydrated: fields save themselves) and Delete → confirm → Delete. A
 *   failed post comes back as `formState` and shows here with its values and messages.
 * - The section's count in its header follows adds and deletes.
 * - Lists with a Photo Manager (timeline, incidents, awards; lib/PhotoChooser.tsx): the add form offers the
 *   dialog (Select Existing / Upload New); the chosen photos are linked once the new item is saved (spec 02 §4:
 *   saved first, then linked), and the item is announced to the page's photo links. Links made there keep
 *   this editor's item versions current.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { styled } from 'styled-components';
import type { AnyObjectSchema, Schema } from 'yup';
import { LISTS, type ListItemJson, type OrderOptions } from '../src/validation/lists';
import {
  fieldMeta,
  listFormPath,
  type FieldMeta,
  type ListDefinition,
  type ListFormState,
} from '../src/validation/lists/define';
import { PHOTO_LINK_TARGETS, PHOTO_MESSAGES, type PhotoJson, type PhotoLinksJson } from '../src/validation/photos';
import { VISIBILITY_OPTIONS, type Visibility } from '../src/validation/visibility';
import { api } from './lib/api';
import { toast } from './lib/toast';
import { trackSave } from './lib/pendingSaves';
import { useSectionCount } from './lib/sectionCount';
import { useApiMutation } from './lib/useApiMutation';
import { Button, summaryAsButton } from '../views/ui/Button';
import { Icon } from '../views/ui/Icon';
import { AiAssistProvider } from './lib/EnhanceButton';
import { useHydrated } from './lib/useHydrated';
import { linkableList } from '../src/validation/photos';
import { announceItem, announceItemRemoved, useItemAnnouncements } from './lib/itemAnnouncements';
import { PhotoChooser } from './lib/PhotoChooser';
import { useLinkPhotos } from './lib/photoLinksApi';
import { FieldInput, savesOnChange } from './lib/FieldInput';
import type { FieldBind } from './lib/fieldBind';
import { shown, useForm } from './lib/useForm';
import { useInlineForm } from './lib/useInlineForm';
import { Checkbox, FieldGrid, Form, FormAlert, Select, SubmitButton } from '../views/ui/Field';
import { sc } from '../views/ui/sc';
import { theme, media } from '../views/ui/theme';
import { visuallyHidden } from '../views/ui/visuallyHidden';
import type { WidgetKey } from '../src/validation/profiles';
import { WIDGET_ITEM_PARTS } from '../views/profile/widgets';
import { ItemContent, ItemRow } from '../views/profile/widgets/ItemLayout';
import type { SectionContext, SectionItem } from '../views/profile/widgets/context';
import { unsavable, useOneOpenEditor } from './lib/useOneOpenEditor';
import { useDisclosure } from './lib/useDisclosure';
import { useCatalogueFill } from './lib/catalogueFill';
import { closedContentNotRendered } from './lib/closedDetails';
import { ClosedEditorContent } from './lib/ClosedEditorContent';
import { KEPT_HTML, useKeptUntilOpened } from './lib/keptUntilOpened';

export interface ListEditorProps {
  profileId: number;
  /** The list's key (src/validation/lists: `timeline`, `specialUnits`…). */
  list: string;
  /** The presented items, in display order. */
  items: ListItemJson[];
  /** What a new item's visibility starts as (the profile's default). */
  defaultVisibility: Visibility;
  /** A failed plain post of one of this list's forms (no JavaScript): its values and messages. */
  formState?: ListFormState | null;
  /** The item whose editor is open on arrival: its Edit followed without JavaScript (`?open=`). */
  openItem?: number | null;
  /** The item whose delete a plain post asked to confirm (no JavaScript). */
  confirmDelete?: number | null;
  /** The item a plain post just saved (no JavaScript): its read view says so. */
  savedItem?: number | null;
  /** The add form is open on arrival (an empty section opened from the page's "Add …" menu). */
  addOpen?: boolean;
  /** The timeline's order on this page (Newest First / Oldest First). */
  sort?: 'newest' | 'oldest';
  /** The server has an AI model: long text fields offer Enhance (docs/decisions/ai-assist.md, islands/lib/EnhanceButton.tsx). */
  aiAssist?: boolean;
  /** Lists with a Photo Manager: the gallery the add form's photos are chosen from. */
  photos?: PhotoJson[] | null;
}

interface EditorField {
  name: string;
  meta: FieldMeta;
  /** Asked first in the add form: required, or marked `primary`; the others are under "More details". */
  primary: boolean;
}

const isRequired = (schema: unknown) => (schema as Schema).describe().optional === false;

const editorFields = (definition: ListDefinition): EditorField[] =>
  Object.entries(definition.fields).flatMap(([name, schema]) => {
    const meta = fieldMeta(schema);
    return meta ? [{ name, meta, primary: isRequired(schema) || meta.primary === true }] : [];
  });

const ifMatch = (item: ListItemJson) => ({ 'If-Match': `"${item.id}.${item.version}"` });

/** An owner-only list's items are private, and nothing else is offered (docs/decisions/hiring-tracker.md). */
const visibilityOptions = (definition: ListDefinition) =>
  definition.ownerOnly ? VISIBILITY_OPTIONS.filter((option) => option.value === 'private') : VISIBILITY_OPTIONS;

/** A closed item reads as on the main profile, with its visibility (the owner's view). */
const READ_CONTEXT: Omit<SectionContext, 'basePath'> = {
  expanded: false,
  sort: 'newest',
  editing: true,
  showVisibility: true,
};

/** The edit page at the list's section: where a plain form's Cancel goes (without JavaScript). */
const sectionHref = (profileId: number, definition: ListDefinition) =>
  `/profiles/${profileId}?edit=1#section-${definition.key}`;

/** A saved item's card, as a link's fragment names it. */
const itemAnchor = (definition: ListDefinition, itemId: number) => `item-${definition.key}-${itemId}`;

/** The edit page with this item's editor open, at its card: a closed editor's Edit without JavaScript. */
const itemEditHref = (profileId: number, definition: ListDefinition, itemId: number) =>
  `/profiles/${profileId}?edit=1&open=${definition.key}:${itemId}#${itemAnchor(definition, itemId)}`;

const Stack = styled.div.withConfig(sc('ListEditorStack'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  & [data-wide] {
    grid-column: 1 / -1;
  }
`;

const Items = styled.ol.withConfig(sc('ListListItemJsons'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
`;

/** Closed: the read view and Edit side by side (Edit under it on phones); open: the title and the editor. */
const Card = styled.li.withConfig(sc('ListListItemJson'))`
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  padding: ${theme.space[3]} ${theme.space[4]};
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${theme.space[3]};
  min-width: 0;
  & > div:first-child {
    flex: 1 1 220px;
  }
  & h3 {
    margin: 0;
    font-size: ${theme.font.size.md};
    overflow-wrap: anywhere;
  }
  & > h3 {
    flex: 1 1 100%;
  }
  &[data-open] {
    border-color: ${theme.color.brand};
  }
  /* Focused after its add form saved it (the "Saved" line says why). */
  &:focus {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
`;

/** Edit (a <summary>, so it opens without JavaScript too) and the editor it shows. */
const Disclosure = styled.details.withConfig(sc('ListEditorDisclosure'))`
  flex: 0 0 auto;
  &[open] {
    flex: 1 1 100%;
    min-width: 0;
  }
  & > summary {
    list-style: none;
  }
  &[open] > summary {
    display: none;
  }
  ${closedContentNotRendered}
`;

const Controls = styled.div.withConfig(sc('ListEditorControls'))`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space[3]};
  padding-top: ${theme.space[3]};
  border-top: 1px solid ${theme.color.line};
  & > * {
    flex: 1 1 180px;
  }
  & > [data-actions] {
    flex: 0 1 auto;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.space[2]};
  }
`;

const Confirm = styled.p.withConfig(sc('ListEditorConfirm'))`
  margin: 0;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.color.danger};
`;

/** "Add …": an outlined button (a calm edit mode), its icon and word always spaced; the form below once open. */
const AddPanel = styled.details.withConfig(sc('ListEditorAddPanel'))`
  ${closedContentNotRendered}
  ${summaryAsButton}
  & > summary:hover {
    border-color: ${theme.color.brand};
    color: ${theme.color.brand};
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
  &[open] > summary {
    display: none;
  }
  /* From 768 px, closed, it is "Add" in the section's header, left of the count (its name stays "Add …"). */
  ${media.tablet} {
    &:not([open]) {
      position: absolute;
      top: 12px;
      right: 48px;
    }
    & > summary {
      min-height: 32px;
      padding: 0 ${theme.space[3]};
    }
    & > summary [data-noun] {
      ${visuallyHidden}
    }
  }
  & > div {
    border: 1px dashed ${theme.color.line};
    border-radius: ${theme.radius.control};
    padding: ${theme.space[4]};
  }
  & h3 {
    margin: 0 0 ${theme.space[3]};
    font-size: ${theme.font.size.md};
  }
`;

/** The add form's optional fields and the item's settings: closed until asked for (or holding a message). */
const MoreDetails = styled.details.withConfig(sc('ListEditorMoreDetails'))`
  ${closedContentNotRendered}
  margin-top: ${theme.space[3]};
  & > summary {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[1]};
    min-height: ${theme.controlHeight};
    color: ${theme.color.brand};
    font-weight: 600;
    cursor: pointer;
    list-style: none;
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
  & > summary::before {
    content: '▸';
  }
  &[open] > summary::before {
    content: '▾';
  }
  & > summary:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
  &[open] > summary {
    margin-bottom: ${theme.space[3]};
  }
`;

/** A saved item's "Saved" line, beside its read view. */
const SavedNote = styled.p.withConfig(sc('ListEditorSaved'))`
  flex: 1 1 100%;
  margin: 0;
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  color: ${theme.color.ok};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Actions = styled.div.withConfig(sc('ListEditorActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

const PhotoField = styled.div.withConfig(sc('ListEditorPhotoField'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin: ${theme.space[3]} 0;
  font-size: ${theme.font.size.sm};
  & > strong {
    flex: 0 0 auto;
  }
`;

/** The first message of a field and, for nested lists, each row's messages by path. */
const errorProps = (errors: Record<string, string | undefined>, name: string) => ({
  error: errors[name],
  errorAt: (path: string) => errors[path],
});

/**
 * The add form: a disclosure ("Add …") that opens the form, with or without JavaScript. Posted without
 * JavaScript to the list's form route; with it, to the API. With a gallery (`photos`), once hydrated, the
 * Photo Manager chooses the new item's photos: the item is saved first, then they are linked.
 */
function AddForm({
  definition,
  fields,
  profileId,
  defaultVisibility,
  state,
  photos,
  onGallery,
  onAdded,
  addOpen,
}: {
  definition: ListDefinition;
  fields: EditorField[];
  profileId: number;
  defaultVisibility: Visibility;
  state: ListFormState['state'] | null;
  /** Open on arrival (an empty section opened from the page's "Add …" menu). */
  addOpen: boolean;
  /** Lists with a Photo Manager: the gallery (null: none). */
  photos: PhotoJson[] | null;
  onGallery: (photos: PhotoJson[]) => void;
  onAdded: (item: ListItemJson) => void;
}) {
  const { setOpen, details: addPanel } = useDisclosure(state !== null || addOpen);
  const hydrated = useHydrated();
  const target = photos ? linkableList(definition.key) : null;
  const linkPhotos = useLinkPhotos(target);
  const [photoIds, setPhotoIds] = useState<number[]>([]);
  const [linking, setLinking] = useState(false);
  const initial = Object.fromEntries([
    ...fields.map(({ name, meta }) => [
      name,
      meta.input === 'checkbox' ? false : meta.input === 'tags' || meta.input === 'list' ? [] : '',
    ]),
    ['showOnMainProfile', true],
    ['visibility', definition.ownerOnly ? 'private' : defaultVisibility],
  ]);
  const form = useForm(definition.createSchema as AnyObjectSchema, initial, { state });
  const noun = definition.noun.toLowerCase();
  // "More details" opens by itself when it holds a message (a refused post, or the check before sending).
  const laterNames = fields.filter((field) => !field.primary).map((field) => field.name);
  const holdsMessage = (names: string[]) =>
    names.some((path) => laterNames.some((name) => path === name || path.startsWith(`${name}[`)));
  const { setOpen: setMoreOpen, details: moreDetails } = useDisclosure(holdsMessage(Object.keys(state?.errors ?? {})));
  const messages = Object.keys(form.errors).filter((name) => (form.errors as Record<string, unknown>)[name]);
  const laterMessage = holdsMessage(messages);
  useEffect(() => {
    if (laterMessage) setMoreOpen(true);
  }, [laterMessage]);
  const add = useApiMutation({
    request: (values: Record<string, unknown>) =>
      api.post<ListItemJson>(`/api/profiles/${profileId}/${definition.path}`, values),
    errorTitle: definition.saveFailed ?? 'Error',
    fallbackMessage: 'Please try again.',
    form,
  });
  /** Saves the item; with chosen photos, saves it first and then links them (the item as the link left it). */
  const submit = async (values: Record<string, unknown>) => {
    const saved: { item?: ListItemJson } = {};
    const save = async () => {
      saved.item = await add.mutateAsync(values);
      form.setValues(initial);
      return saved.item.id;
    };
    let linked: PhotoLinksJson | null = null;
    if (target && photoIds.length) {
      setLinking(true);
      linked = await linkPhotos({ profileId, itemId: null, photoIds, ensureSaved: save });
      setLinking(false);
    } else await save().catch(() => undefined); // the mutation reported the failure
    // Not saved: the form keeps its values and its photos. Saved but not linked (the spec's toast): the item
    // stays, without them — they can be linked from its row in the photo links.
    const item = (linked?.item as ListItemJson | null | undefined) ?? saved.item;
    if (!item) return;
    setPhotoIds([]);
    setOpen(false);
    onAdded(item);
    if (target) announceItem(target, item, linked?.photos);
  };
  // Closed at hydration, the form stays the server's until the panel opens (lib/keptUntilOpened.ts).
  const contentId = `${form.id}-panel`;
  const kept = useKeptUntilOpened(contentId, addPanel.open);
  const photoNoun = target && PHOTO_LINK_TARGETS[target].max === 1 ? 'photo' : 'photos';
  const errors = form.errors as Record<string, string | undefined>;
  // Certifications and licenses: a catalogue entry fills the issuer and suggests the expiry.
  const catalogue = useCatalogueFill(definition.catalogue, () => form.getValues() as Record<string, unknown>);
  const fill = (values: Record<string, unknown>) =>
    Object.entries(values).forEach(([name, value]) => form.setValue(name, value));
  const bindFor = (name: string): FieldBind => {
    const bind = form.text(name);
    return {
      ...bind,
      ...errorProps(errors, name),
      value: form.values[name],
      onChange: (value) => form.setValue(name, value),
      onBlur: () => {
        bind.onBlur();
        if (name === catalogue.issuedField) fill(catalogue.reissued());
      },
      onPick: (entry) => fill(catalogue.pick(entry)),
      picked: catalogue.picked,
    };
  };
  const first = fields.filter((field) => field.primary);
  const later = fields.filter((field) => !field.primary);
  const fieldCell = ({ name, meta }: EditorField) => (
    <div key={name} data-wide={wide(meta)}>
      <FieldInput meta={meta} placeholder bind={bindFor(name)} />
    </div>
  );
  return (
    <AddPanel {...addPanel}>
      <summary>
        <Icon name="plus" />
        <span>
          Add<span data-noun="">{` ${noun}`}</span>
        </span>
      </summary>
      {kept ? (
        <div id={contentId} dangerouslySetInnerHTML={KEPT_HTML} />
      ) : (
        <div id={contentId}>
          <h3>{`New ${noun}`}</h3>
          <Form
            action={listFormPath(profileId, definition.path)}
            onSubmit={form.handleSubmit((values) => void submit(values))}
            aria-label={`New ${noun}`}
          >
            <FormAlert error={form.formError} />
            <FieldGrid>{first.map(fieldCell)}</FieldGrid>
            <MoreDetails {...moreDetails}>
              <summary>More details</summary>
              <FieldGrid>
                {later.map(fieldCell)}
                <Select {...form.select('visibility')} label="Visibility" options={visibilityOptions(definition)} />
                <Checkbox {...form.checkbox('showOnMainProfile')} label="Show on main profile" />
              </FieldGrid>
            </MoreDetails>
            {target && hydrated ? (
              <PhotoField>
                <strong>{photoNoun === 'photo' ? 'Photo' : 'Photos'}</strong>
                <PhotoChooser
                  profileId={profileId}
                  target={target}
                  title={`Photos for the new ${noun}`}
                  buttonLabel={`${photoIds.length ? 'Change' : 'Choose'} ${photoNoun}`}
                  photos={photos ?? []}
                  photoIds={photoIds}
                  defaultVisibility={defaultVisibility}
                  onGallery={(next) => onGallery(next.photoGallery)}
                  onDone={(ids) => {
                    setPhotoIds(ids);
                    return true;
                  }}
                />
              </PhotoField>
            ) : null}
            <Actions>
              <SubmitButton pending={add.isPending || linking} label={`Save ${noun}`} busyLabel="Saving…" />
              {/* Without JavaScript, Cancel goes back to the edit page (dropping what was typed). */}
              <Button
                as="a"
                href={sectionHref(profileId, definition)}
                $variant="secondary"
                onClick={(e: MouseEvent) => {
                  e.preventDefault();
                  setOpen(false);
                }}
              >
                Cancel
              </Button>
            </Actions>
          </Form>
        </div>
      )}
    </AddPanel>
  );
}

/** Nested lists and icon pickers take the form's whole width. */
const wide = (meta: FieldMeta) => (meta.input === 'list' || meta.input === 'icon' ? '' : undefined);

/** A submit button of an item's plain form (its `intent`); with JavaScript, `onClick` acts instead. */
const intentButton = (intent: string, act: () => void) => ({
  type: 'submit' as const,
  name: 'intent',
  value: intent,
  onClick: (e: MouseEvent) => {
    e.preventDefault();
    act();
  },
});

/**
 * A saved item: closed, its read view (what visitors see, with its visibility) and Edit; open, its inline editor
 * and Done (lib/useOneOpenEditor.ts: one editor open on the page). Without JavaScript, Edit is the `<summary>` of
 * a `<details>` holding a link to the edit page with this editor open, where its plain form posts.
 */
function ItemEditor({
  definition,
  fields,
  profileId,
  item,
  photos,
  gallery,
  defaultVisibility,
  state,
  openOnArrival,
  confirmDelete,
  saved,
  onChanged,
  onDelete,
}: {
  definition: ListDefinition;
  fields: EditorField[];
  profileId: number;
  item: ListItemJson;
  /** The gallery's photos by id (the read view's linked photos). */
  photos: Readonly<Record<string, PhotoJson>>;
  /** Lists with a Photo Manager: the gallery the item's photos are chosen from, and its updates. */
  gallery: { photos: PhotoJson[]; replace: (photos: PhotoJson[]) => void; add: (photos: PhotoJson[]) => void } | null;
  defaultVisibility: Visibility;
  state: ListFormState['state'] | null;
  openOnArrival: boolean;
  confirmDelete: boolean;
  /** Just saved: its read view says so; `focus` when the save was made here (the add form closed). */
  saved: { focus: boolean } | null;
  onChanged: (item: ListItemJson) => void;
  onDelete: (item: ListItemJson) => void;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(confirmDelete);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const focusAfterConfirm = useRef(false);
  const inline = useInlineForm({
    schema: definition.updateSchema as AnyObjectSchema,
    saved: item,
    values: (stored) => ({
      ...Object.fromEntries(
        [...fields.map((field) => field.name), 'showOnMainProfile', 'visibility'].map((name) => [name, stored[name]]),
      ),
      ...definition.formValues?.(stored),
    }),
    carries: (name) => definition.derived?.[name] ?? [],
    state,
    request: (body, saved) =>
      api.patch<ListItemJson>(`/api/profiles/${profileId}/${definition.path}/id:${saved.id}`, body, ifMatch(saved)),
    fallbackMessage: 'Please try again.',
    onSaved: onChanged,
    onFailed: () => disclosure.reopen(),
  });
  const { form } = inline;
  const target = gallery ? linkableList(definition.key) : null;
  const linkPhotos = useLinkPhotos(target);
  /** The Photo Manager's Done: links the chosen photos (the item's new version comes back with them). */
  const linkChosen = async (photoIds: number[], uploaded: boolean) => {
    const linked = await linkPhotos({ profileId, itemId: item.id, photoIds });
    if (!linked) {
      if (uploaded) toast({ variant: 'destructive', title: PHOTO_MESSAGES.uploadedButNotLinked });
      return false;
    }
    if (linked.photos.length) gallery?.add(linked.photos);
    if (linked.item) onChanged(linked.item as ListItemJson);
    toast({ title: photoIds.length ? 'Photos linked' : 'Photos unlinked' });
    return true;
  };
  const disclosure = useOneOpenEditor({
    initiallyOpen: state !== null || openOnArrival || confirmDelete,
    canClose: () => {
      const names = unsavable(definition.updateSchema as AnyObjectSchema, form.getValues(), form.errors);
      names.forEach((name) => form.touch(name));
      return names.length === 0;
    },
  });
  // A newer version from elsewhere (a photo linked by the photo links below) is what the next save must match.
  useEffect(() => {
    if (item.version > inline.latest().version) inline.adopt(item);
  }, [item]);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (focusAfterConfirm.current) deleteRef.current?.focus();
    focusAfterConfirm.current = false;
  }, [confirming]);

  const errors = form.errors as Record<string, string | undefined>;
  // Certifications and licenses: a catalogue entry fills the issuer and suggests the expiry, saved at once.
  const catalogue = useCatalogueFill(definition.catalogue, () => form.getValues() as Record<string, unknown>);
  const fillAndSave = (values: Record<string, unknown>) => {
    const names = Object.keys(values);
    names.forEach((name) => form.setValue(name, values[name]));
    names.forEach((name) => inline.commit(name));
  };
  /** Typed fields save when left; choices (selects, checkboxes, icons, tags) as they are made. */
  const bindFor = ({ name, meta }: EditorField): FieldBind => ({
    ...form.text(name),
    ...errorProps(errors, name),
    value: form.values[name],
    onChange: (value) => (savesOnChange(meta) ? inline.choose(name, value) : form.setValue(name, value)),
    onBlur: () => {
      if (!savesOnChange(meta)) inline.commit(name);
      if (name === catalogue.issuedField) fillAndSave(catalogue.reissued());
    },
    onPick: (entry) => fillAndSave(catalogue.pick(entry)),
    picked: catalogue.picked,
  });

  const title = shown(item[definition.titleField ?? 'name']) || definition.noun;
  const formId = form.id;
  const headingId = `${formId}-heading`;
  const panelId = `${formId}-editor`;
  const noun = definition.noun.toLowerCase();
  const describe = WIDGET_ITEM_PARTS[definition.key as WidgetKey];
  const { open } = disclosure;
  const cardRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (saved?.focus) cardRef.current?.focus();
  }, [saved]);
  const parts = describe?.(item as unknown as SectionItem, {
    ...READ_CONTEXT,
    basePath: `/profiles/${profileId}`,
    photos,
  });
  const readView = parts ? (
    <ItemRow as="div">
      <ItemContent
        // The timeline's dot belongs on its line, which the editor does not draw; the owner also learns what
        // the main profile leaves out.
        parts={{
          ...parts,
          marker: null,
          labels: [...(parts.labels ?? []), item.showOnMainProfile ? null : { text: 'Not on main profile' }],
        }}
        expanded={false}
        visibility={item.visibility}
        titleId={headingId}
      />
    </ItemRow>
  ) : (
    <h3 id={headingId}>{title}</h3>
  );
  return (
    <Card
      ref={cardRef}
      id={itemAnchor(definition, item.id)}
      aria-labelledby={headingId}
      data-open={open ? '' : undefined}
      tabIndex={-1}
    >
      {open ? <h3 id={headingId}>{title}</h3> : readView}
      {saved && !open ? (
        <SavedNote role="status">
          <Icon name="check" />
          {`${definition.noun} saved`}
        </SavedNote>
      ) : null}
      <Disclosure ref={disclosure.detailsRef} open={open}>
        <Button
          as="summary"
          ref={disclosure.toggleRef}
          $variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Edit ${title}`}
          onClick={(e: MouseEvent) => {
            e.preventDefault();
            disclosure.edit();
          }}
        >
          Edit
        </Button>
        <div id={panelId} ref={disclosure.panelRef}>
          <ClosedEditorContent
            open={open}
            withoutScript={
              <Button as="a" href={itemEditHref(profileId, definition, item.id)} $variant="secondary">
                {`Edit this ${noun}`}
              </Button>
            }
          >
            <Form
              action={listFormPath(profileId, definition.path, item.id)}
              aria-labelledby={headingId}
              onSubmit={(e) => e.preventDefault()}
            >
              <input type="hidden" name="version" value={inline.saved.version} />
              <FormAlert error={form.formError} />
              <FieldGrid>
                {fields.map((field) => (
                  <div key={field.name} data-wide={wide(field.meta)}>
                    <FieldInput meta={field.meta} placeholder={!form.values[field.name]} bind={bindFor(field)} />
                  </div>
                ))}
              </FieldGrid>
              {target && gallery && hydrated ? (
                <PhotoField>
                  <strong>{PHOTO_LINK_TARGETS[target].max === 1 ? 'Photo' : 'Photos'}</strong>
                  <PhotoChooser
                    profileId={profileId}
                    target={target}
                    title={`Photos for ${title}`}
                    buttonLabel={`Photos for ${title}`}
                    photos={gallery.photos}
                    photoIds={item.photoIds ?? []}
                    defaultVisibility={defaultVisibility}
                    onGallery={(next) => gallery.replace(next.photoGallery)}
                    onDone={linkChosen}
                  />
                </PhotoField>
              ) : null}
              <Controls>
                <Checkbox {...inline.checkbox('showOnMainProfile')} label="Show on main profile" />
                <Select {...inline.select('visibility')} label="Visibility" options={visibilityOptions(definition)} />
                <div data-actions="">
                  {hydrated ? (
                    <Button type="button" onClick={() => disclosure.done()}>
                      Done
                    </Button>
                  ) : (
                    <>
                      <Button type="submit" name="intent" value="update">
                        Save changes
                      </Button>
                      {/* Without JavaScript, Cancel goes back to the edit page (dropping what was typed). */}
                      <Button as="a" href={sectionHref(profileId, definition)} $variant="secondary">
                        Cancel
                      </Button>
                    </>
                  )}
                  {confirming ? (
                    <>
                      <Confirm id={`${formId}-confirm`}>{`Delete this ${noun}?`}</Confirm>
                      <Button
                        $variant="destructive"
                        aria-describedby={`${formId}-confirm`}
                        {...intentButton('delete', () => {
                          setConfirming(false);
                          onDelete(inline.latest());
                        })}
                      >
                        Delete
                      </Button>
                      <Button
                        ref={cancelRef}
                        $variant="secondary"
                        {...intentButton('cancel', () => {
                          focusAfterConfirm.current = true;
                          setConfirming(false);
                        })}
                      >
                        Cancel
                      </Button>
                    </>
                  ) : (
                    <Button
                      ref={deleteRef}
                      $variant="secondary"
                      aria-label={`Delete ${title}`}
                      {...intentButton('confirm-delete', () => setConfirming(true))}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              </Controls>
            </Form>
          </ClosedEditorContent>
        </div>
      </Disclosure>
    </Card>
  );
}

function ListEditorBody({
  profileId,
  list,
  items: initialItems,
  defaultVisibility,
  formState = null,
  openItem = null,
  confirmDelete = null,
  savedItem = null,
  addOpen = false,
  sort = 'newest',
  photos = null,
}: ListEditorProps) {
  const definition = LISTS.find((candidate) => candidate.key === list);
  const [items, setItemsState] = useState(initialItems);
  /** The item last saved: by a plain post (the page says which), or by the add form here (then focused). */
  const [saved, setSaved] = useState<{ id: number; focus: boolean } | null>(
    savedItem === null ? null : { id: savedItem, focus: false },
  );
  /** Kept in the list's display order (spec 02 §4), as the server renders it, after every add and save. */
  const setItems = (next: (prev: ListItemJson[]) => ListItemJson[]) =>
    setItemsState((prev) => {
      const changed = next(prev);
      const order = definition?.order as ((items: ListItemJson[], options: OrderOptions) => ListItemJson[]) | undefined;
      return order ? order(changed, { now: new Date(), sort }) : changed;
    });
  useSectionCount(list, items.length);
  // The gallery (lists with a Photo Manager): chosen from by the add form and the items, grown by uploads there.
  const [gallery, setGallery] = useState(photos ?? []);
  const photoById = useMemo(() => Object.fromEntries(gallery.map((photo) => [String(photo.id), photo])), [gallery]);
  /** Photos the server answered with (an upload, a link): added to the gallery, or replacing what it had. */
  const addToGallery = (next: PhotoJson[]) =>
    setGallery((prev) => [...prev.filter((known) => !next.some((p) => p.id === known.id)), ...next]);
  const merge = (saved: ListItemJson) =>
    setItems((prev) => prev.map((c) => (c.id === saved.id ? { ...c, ...saved } : c)));
  useItemAnnouncements(linkableList(list), (item, linked) => {
    if (linked.length) addToGallery(linked);
    merge(item as ListItemJson);
  });

  const remove = useApiMutation({
    request: (item: ListItemJson) =>
      api.delete<void>(`/api/profiles/${profileId}/${definition?.path}/id:${item.id}`, ifMatch(item)),
    fallbackMessage: 'Please try again.',
  });

  if (!definition) return null;
  const fields = editorFields(definition);

  /** Deleted at once; put back where it was if the server refuses. */
  const deleteItem = (item: ListItemJson) => {
    const at = items.findIndex((candidate) => candidate.id === item.id);
    setItems((prev) => prev.filter((candidate) => candidate.id !== item.id));
    const target = linkableList(list);
    void trackSave(remove.mutateAsync(item)).then(
      // The photo links under the editor drop the item's row once the server has deleted it.
      () => target && announceItemRemoved(target, item.id),
      () =>
        setItems((prev) =>
          prev.some((c) => c.id === item.id) ? prev : [...prev.slice(0, at), item, ...prev.slice(at)],
        ),
    );
  };

  return (
    <Stack>
      {items.length ? (
        <Items>
          {items.map((item) => (
            <ItemEditor
              key={item.id}
              definition={definition}
              fields={fields}
              profileId={profileId}
              item={item}
              photos={photoById}
              gallery={photos ? { photos: gallery, replace: setGallery, add: addToGallery } : null}
              defaultVisibility={defaultVisibility}
              state={formState?.target === item.id ? formState.state : null}
              openOnArrival={openItem === item.id}
              confirmDelete={confirmDelete === item.id}
              saved={saved?.id === item.id ? saved : null}
              onChanged={merge}
              onDelete={deleteItem}
            />
          ))}
        </Items>
      ) : null}
      <AddForm
        definition={definition}
        fields={fields}
        profileId={profileId}
        defaultVisibility={defaultVisibility}
        state={formState?.target === 'add' ? formState.state : null}
        photos={photos ? gallery : null}
        onGallery={setGallery}
        addOpen={addOpen}
        onAdded={(item) => {
          setItems((prev) => [...prev, item]);
          setSaved({ id: item.id, focus: true });
        }}
      />
    </Stack>
  );
}

/** The island: the editor, with AI assist's settings for the Enhance slots beside its textareas (docs/decisions/ai-assist.md). */
export default function ListEditor(props: ListEditorProps) {
  return (
    <AiAssistProvider enabled={props.aiAssist ?? false} list={props.list}>
      <ListEditorBody {...props} />
    </AiAssistProvider>
  );
}
