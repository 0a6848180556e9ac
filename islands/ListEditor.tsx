/**
 * The one editor of every profile list (spec 02 §§2, 4), driven by the list's definition
 * (src/validation/lists): its fields' editor metadata (label, input kind, choices), its create schema for the
 * add form (validated as the user types) and its update schema for inline edits.
 * - Add: POST /api/profiles/{id}/{path}; the new item is appended.
 * - Inline edit: text saves on blur, selects and checkboxes on change — PATCH …/{path}/id:{itemId} with
 *   `If-Match` of the item's version (saves of one item run one after another, each with the latest version);
 *   a 400 puts the message beside the field and keeps what was typed, a 412 shows the server's message.
 * - Show on main profile, visibility and delete (after a confirm step) are optimistic and roll back with a
 *   destructive toast when the server refuses.
 * Every save is tracked (pendingSaves) so the toolbar's Save and Done Editing wait for it.
 * Nested lists (endorsements, media links, units responded, linked photos) are not edited here yet.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { ValidationError as YupValidationError, type AnyObjectSchema } from 'yup';
import { LISTS, type ItemMeta } from '../src/validation/lists';
import { choiceLabel, fieldMeta, type FieldMeta, type ListDefinition } from '../src/validation/lists/define';
import { VISIBILITY_OPTIONS, type Visibility } from '../src/validation/visibility';
import { api, ApiError } from './lib/api';
import { trackSave } from './lib/pendingSaves';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { Button } from './ui/Button';
import { AiAssistProvider, EnhanceSlot } from './ui/EnhanceButton';
import { Checkbox, FieldGrid, Form, Select, SubmitButton, TextArea, TextField } from './ui/Field';
import { sc } from './ui/sc';

export type EditorItem = ItemMeta & Record<string, unknown>;

export interface ListEditorProps {
  profileId: number;
  /** The list's key (src/validation/lists: `timeline`, `specialUnits`…). */
  list: string;
  /** The presented items, in display order. */
  items: EditorItem[];
  /** What a new item's visibility starts as (the profile's default). */
  defaultVisibility: Visibility;
  /** The server has an AI model: long text fields offer Enhance (issue 13, islands/ui/EnhanceButton.tsx). */
  aiAssist?: boolean;
}

interface EditorField {
  name: string;
  meta: FieldMeta;
}

const editorFields = (definition: ListDefinition): EditorField[] =>
  Object.entries(definition.fields).flatMap(([name, schema]) => {
    const meta = fieldMeta(schema);
    return meta ? [{ name, meta }] : [];
  });

const optionsOf = (meta: FieldMeta, placeholder: boolean) => [
  ...(placeholder ? [{ value: '', label: `Choose ${meta.label.toLowerCase()}…` }] : []),
  ...(meta.options ?? []).map((value) => ({ value, label: choiceLabel(meta, value) })),
];

/** What an input shows for a stored value. */
const shown = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

const ifMatch = (item: EditorItem) => ({ 'If-Match': `"${item.id}.${item.version}"` });

const Stack = styled.div.withConfig(sc('ListEditorStack'))`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[4]};
`;

const Items = styled.ol.withConfig(sc('ListEditorItems'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[3]};
`;

const Card = styled.li.withConfig(sc('ListEditorItem'))`
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  padding: ${(p) => p.theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[3]};
  min-width: 0;
  & h3 {
    margin: 0;
    font-size: ${(p) => p.theme.font.size.md};
    overflow-wrap: anywhere;
  }
`;

const Controls = styled.div.withConfig(sc('ListEditorControls'))`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${(p) => p.theme.space[3]};
  padding-top: ${(p) => p.theme.space[3]};
  border-top: 1px solid ${(p) => p.theme.color.line};
  & > * {
    flex: 1 1 180px;
  }
  & > [data-actions] {
    flex: 0 1 auto;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${(p) => p.theme.space[2]};
  }
`;

const Confirm = styled.p.withConfig(sc('ListEditorConfirm'))`
  margin: 0;
  font-size: ${(p) => p.theme.font.size.sm};
  font-weight: 600;
  color: ${(p) => p.theme.color.danger};
`;

const AddPanel = styled.div.withConfig(sc('ListEditorAddPanel'))`
  border: 1px dashed ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  padding: ${(p) => p.theme.space[4]};
  & h3 {
    margin: 0 0 ${(p) => p.theme.space[3]};
    font-size: ${(p) => p.theme.font.size.md};
  }
`;

const Actions = styled.div.withConfig(sc('ListEditorActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${(p) => p.theme.space[2]};
`;

/** One field as its input kind asks; `bind` carries id, name, value, error and the handlers. */
function FieldInput({
  meta,
  placeholder,
  bind,
}: {
  meta: FieldMeta;
  /** A select offers "Choose …" while nothing is chosen. */
  placeholder: boolean;
  bind: {
    id: string;
    name: string;
    error: string | undefined;
    value: string;
    checked: boolean;
    onChange: (value: string | boolean) => void;
    onBlur: () => void;
  };
}) {
  const { id, name, error, value, checked, onChange, onBlur } = bind;
  switch (meta.input) {
    case 'textarea':
      return (
        <>
          <TextArea
            {...{ id, name, error, value, onBlur }}
            label={meta.label}
            rows={3}
            onChange={(e) => onChange(e.target.value)}
          />
          <EnhanceSlot {...{ name, value, onChange }} label={meta.label} targetId={id} />
        </>
      );
    case 'select':
      return (
        <Select
          {...{ id, name, error, value, onBlur }}
          label={meta.label}
          options={optionsOf(meta, placeholder)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          {...{ id, name, error, checked, onBlur }}
          label={meta.label}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    default:
      return (
        <TextField
          {...{ id, name, error, value, onBlur }}
          label={meta.label}
          type="text"
          inputMode={meta.input === 'number' ? 'numeric' : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function AddForm({
  definition,
  fields,
  profileId,
  defaultVisibility,
  onAdded,
  onClose,
}: {
  definition: ListDefinition;
  fields: EditorField[];
  profileId: number;
  defaultVisibility: Visibility;
  onAdded: (item: EditorItem) => void;
  onClose: () => void;
}) {
  const initial = Object.fromEntries([
    ...fields.map(({ name, meta }) => [name, meta.input === 'checkbox' ? false : '']),
    ['showOnMainProfile', true],
    ['visibility', defaultVisibility],
  ]);
  const form = useForm(definition.createSchema as AnyObjectSchema, initial);
  const noun = definition.noun.toLowerCase();
  const add = useApiMutation({
    request: (values: Record<string, unknown>) =>
      api.post<EditorItem>(`/api/profiles/${profileId}/${definition.path}`, values),
    success: { title: `${definition.noun} added` },
    errorTitle: definition.saveFailed ?? 'Error',
    fallbackMessage: 'Please try again.',
    form,
    onSuccess: (item) => {
      form.setValues(initial);
      onAdded(item);
    },
  });
  const bindFor = (name: string, input: FieldMeta['input']) => {
    const binding = input === 'checkbox' ? form.checkbox(name) : form.text(name);
    return {
      ...binding,
      value: shown(form.values[name]),
      checked: form.values[name] === true,
      onChange: (value: string | boolean) => form.setValue(name, value),
    };
  };
  return (
    <AddPanel>
      <h3>{`New ${noun}`}</h3>
      <Form onSubmit={form.handleSubmit((values) => add.mutate(values))} aria-label={`New ${noun}`}>
        <FieldGrid>
          {fields.map(({ name, meta }) => (
            <div key={name}>
              <FieldInput meta={meta} placeholder bind={bindFor(name, meta.input)} />
            </div>
          ))}
          <Select {...form.select('visibility')} label="Visibility" options={VISIBILITY_OPTIONS} />
          <Checkbox {...form.checkbox('showOnMainProfile')} label="Show on main profile" />
        </FieldGrid>
        <Actions>
          <SubmitButton pending={add.isPending} label={`Save ${noun}`} busyLabel="Saving…" />
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </Actions>
      </Form>
    </AddPanel>
  );
}

function ItemEditor({
  definition,
  fields,
  profileId,
  item,
  onChanged,
  onDelete,
}: {
  definition: ListDefinition;
  fields: EditorField[];
  profileId: number;
  item: EditorItem;
  onChanged: (item: EditorItem) => void;
  onDelete: (item: EditorItem) => void;
}) {
  const formId = useId();
  const [draft, setDraft] = useState<Record<string, unknown>>(() => ({ ...item }));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  /** The item as last saved, and the saves of this item in order (each needs the version the last one left). */
  const latest = useRef(item);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const focusAfterConfirm = useRef(false);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (focusAfterConfirm.current) deleteRef.current?.focus();
    focusAfterConfirm.current = false;
  }, [confirming]);

  const save = useApiMutation({
    request: (body: Record<string, unknown>) =>
      api.patch<EditorItem>(
        `/api/profiles/${profileId}/${definition.path}/id:${latest.current.id}`,
        body,
        ifMatch(latest.current),
      ),
    fallbackMessage: 'Please try again.',
    form: {
      applyServerErrors: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.fields) {
          setErrors((prev) => ({ ...prev, ...error.fields }));
        }
      },
      setFormError: () => undefined,
    },
    onSuccess: (saved) => {
      latest.current = saved;
      onChanged(saved);
    },
  });

  /** Queues a PATCH behind this item's earlier saves; `rollback` undoes an optimistic change if refused. */
  const patch = (body: Record<string, unknown>, rollback?: () => void) => {
    const run = queue.current.then(() => save.mutateAsync(body));
    queue.current = run.catch(() => undefined);
    void trackSave(run).catch(() => rollback?.());
  };

  const saveField = (name: string, value: unknown) => {
    const current = latest.current[name];
    if (typeof value === 'string' ? value.trim() === shown(current) : value === current) return;
    try {
      definition.updateSchema.validateSyncAt(name, { [name]: value });
    } catch (error) {
      if (error instanceof YupValidationError) setErrors((prev) => ({ ...prev, [name]: error.message }));
      return;
    }
    setErrors((prev) => ({ ...prev, [name]: undefined }));
    patch({ [name]: value });
  };

  /** Show on main profile and visibility: shown at once, undone if the server refuses. */
  const setting = (name: 'showOnMainProfile' | 'visibility', value: unknown) => {
    const before = draft[name];
    setDraft((prev) => ({ ...prev, [name]: value }));
    patch({ [name]: value }, () => setDraft((prev) => ({ ...prev, [name]: before })));
  };

  const bindFor = ({ name, meta }: EditorField) => ({
    id: `${formId}-${name}`,
    name,
    error: errors[name],
    value: shown(draft[name]),
    checked: draft[name] === true,
    onChange: (value: string | boolean) => {
      setDraft((prev) => ({ ...prev, [name]: value }));
      if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
      if (meta.input === 'select' || meta.input === 'checkbox') saveField(name, value);
    },
    onBlur: () => {
      if (meta.input !== 'select' && meta.input !== 'checkbox') saveField(name, draft[name]);
    },
  });

  const title = shown(item[definition.titleField ?? 'name']) || definition.noun;
  const headingId = `${formId}-heading`;
  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <FieldGrid>
        {fields.map((field) => (
          <div key={field.name}>
            <FieldInput meta={field.meta} placeholder={!draft[field.name]} bind={bindFor(field)} />
          </div>
        ))}
      </FieldGrid>
      <Controls>
        <Checkbox
          id={`${formId}-showOnMainProfile`}
          label="Show on main profile"
          checked={draft.showOnMainProfile === true}
          onChange={(e) => setting('showOnMainProfile', e.target.checked)}
        />
        <Select
          id={`${formId}-visibility`}
          label="Visibility"
          options={VISIBILITY_OPTIONS}
          value={shown(draft.visibility)}
          onChange={(e) => setting('visibility', e.target.value)}
        />
        <div data-actions="">
          {confirming ? (
            <>
              <Confirm id={`${formId}-confirm`}>{`Delete this ${definition.noun.toLowerCase()}?`}</Confirm>
              <Button
                type="button"
                $variant="destructive"
                aria-describedby={`${formId}-confirm`}
                onClick={() => {
                  setConfirming(false);
                  onDelete(latest.current);
                }}
              >
                Delete
              </Button>
              <Button
                ref={cancelRef}
                type="button"
                $variant="secondary"
                onClick={() => {
                  focusAfterConfirm.current = true;
                  setConfirming(false);
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <Button
              ref={deleteRef}
              type="button"
              $variant="secondary"
              aria-label={`Delete ${title}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
        </div>
      </Controls>
    </Card>
  );
}

function ListEditorBody({ profileId, list, items: initialItems, defaultVisibility }: ListEditorProps) {
  const definition = LISTS.find((candidate) => candidate.key === list);
  const [items, setItems] = useState(initialItems);
  const [adding, setAdding] = useState(false);

  const remove = useApiMutation({
    request: (item: EditorItem) =>
      api.delete<void>(`/api/profiles/${profileId}/${definition?.path}/id:${item.id}`, ifMatch(item)),
    fallbackMessage: 'Please try again.',
  });

  if (!definition) return null;
  const fields = editorFields(definition);
  const noun = definition.noun.toLowerCase();

  /** Deleted at once; put back where it was if the server refuses. */
  const deleteItem = (item: EditorItem) => {
    const at = items.findIndex((candidate) => candidate.id === item.id);
    setItems((prev) => prev.filter((candidate) => candidate.id !== item.id));
    void trackSave(remove.mutateAsync(item)).catch(() =>
      setItems((prev) => (prev.some((c) => c.id === item.id) ? prev : [...prev.slice(0, at), item, ...prev.slice(at)])),
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
              onChanged={(saved) => setItems((prev) => prev.map((c) => (c.id === saved.id ? { ...c, ...saved } : c)))}
              onDelete={deleteItem}
            />
          ))}
        </Items>
      ) : null}
      {adding ? (
        <div>
          <AddForm
            definition={definition}
            fields={fields}
            profileId={profileId}
            defaultVisibility={defaultVisibility}
            onAdded={(item) => setItems((prev) => [...prev, item])}
            onClose={() => setAdding(false)}
          />
        </div>
      ) : null}
      {adding ? null : (
        <div>
          <Button type="button" onClick={() => setAdding(true)}>
            {`Add ${noun}`}
          </Button>
        </div>
      )}
    </Stack>
  );
}

/** The island: the editor, with AI assist's settings for the Enhance slots beside its textareas (issue 13). */
export default function ListEditor(props: ListEditorProps) {
  return (
    <AiAssistProvider enabled={props.aiAssist ?? false} list={props.list}>
      <ListEditorBody {...props} />
    </AiAssistProvider>
  );
}
