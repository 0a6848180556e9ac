/**
 * How the list editor asks for one field, from the field's metadata on its yup schema (src/validation/lists):
 * text, textarea, number, select, checkbox, icon (a picker from the list's icon set), tags (a list of short
 * texts), catalogue (text with the credential catalogue's suggestions, lib/CatalogueInput.tsx), department (text
 * with the registry's suggestions, lib/DepartmentInput.tsx) and list (a nested list: one row of the item's own fields per entry, e.g. a skill's endorsements).
 * The add form and the inline editor both render every field through here — the one place field rendering
 * lives. Every input carries a form name (nested: `endorsements[0][endorserName]`), so the forms post
 * without JavaScript too; a nested list always ends with an empty row, which is how one is added there
 * (blank rows are dropped by the schema).
 */
import { styled } from 'styled-components';
import { choiceLabel, type FieldMeta } from '../../src/validation/lists/define';
import type { IconName } from '../../views/ui/Icon';
import { Button } from '../../views/ui/Button';
import { EnhanceSlot } from './EnhanceButton';
import { Checkbox, FieldGrid, Select, TagList, TextArea, TextField } from '../../views/ui/Field';
import { IconPicker } from '../../views/ui/IconPicker';
import { sc } from '../../views/ui/sc';
import { addTag, shown } from './useForm';
import { CatalogueInput } from './CatalogueInput';
import { DepartmentInput } from './DepartmentInput';
import type { FieldBind } from './fieldBind';
import { theme } from '../../views/ui/theme';

/** Inputs whose every change is a complete choice: saved at once, not on blur (spec 02 §4). */
export const savesOnChange = (meta: FieldMeta) =>
  meta.input === 'select' || meta.input === 'checkbox' || meta.input === 'icon' || meta.input === 'tags';

const optionsOf = (meta: FieldMeta, placeholder: boolean) => [
  ...(placeholder ? [{ value: '', label: `Choose ${meta.label.toLowerCase()}…` }] : []),
  ...(meta.options ?? []).map((value) => ({ value, label: choiceLabel(meta, value) })),
];

type Row = Record<string, unknown>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const tagsOf = (value: unknown): string[] =>
  Array.isArray(value) ? (value as string[]) : typeof value === 'string' && value ? [value] : [];
const isBlankRow = (row: Row | undefined) =>
  !row || Object.values(row).every((v) => v === null || v === undefined || String(v).trim() === '');

const Rows = styled.fieldset.withConfig(sc('ListFieldRows'))`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  & > legend {
    padding: 0;
    margin-bottom: ${theme.space[2]};
    font-size: ${theme.font.size.sm};
    font-weight: 600;
  }
`;

const RowFrame = styled.fieldset.withConfig(sc('ListFieldRow'))`
  margin: 0;
  min-width: 0;
  padding: ${theme.space[3]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  background: ${theme.color.canvas};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  & > legend {
    padding: 0 ${theme.space[1]};
    font-size: ${theme.font.size.sm};
    font-weight: 600;
    color: ${theme.color.muted};
  }
  & > button {
    align-self: flex-start;
  }
`;

/** A nested list: the stored rows, then an empty one to add another. */
function NestedList({ meta, bind }: { meta: FieldMeta; bind: FieldBind }) {
  const rows = rowsOf(bind.value);
  const shownRows = isBlankRow(rows[rows.length - 1]) && rows.length ? rows : [...rows, {}];
  const noun = meta.itemNoun ?? 'Entry';
  const update = (index: number, row: Row) =>
    bind.onChange(shownRows.map((candidate, at) => (at === index ? row : candidate)));
  return (
    <Rows>
      <legend>{meta.label}</legend>
      {shownRows.map((row, index) => {
        const fresh = index === shownRows.length - 1 && isBlankRow(row);
        return (
          <RowFrame key={index} aria-label={fresh ? `New ${noun.toLowerCase()}` : `${noun} ${index + 1}`}>
            <legend>{fresh ? `New ${noun.toLowerCase()}` : `${noun} ${index + 1}`}</legend>
            <FieldGrid>
              {(meta.itemFields ?? []).map(({ name, meta: field }) => (
                <div key={name}>
                  <FieldInput
                    meta={field}
                    placeholder={!row[name]}
                    bind={{
                      id: `${bind.id}-${index}-${name}`,
                      name: `${bind.name}[${index}][${name}]`,
                      value: row[name],
                      error: bind.errorAt?.(`${bind.name}[${index}].${name}`),
                      onChange: (value) => {
                        update(index, { ...row, [name]: value });
                        if (savesOnChange(field)) bind.onBlur();
                      },
                      onBlur: bind.onBlur,
                    }}
                  />
                </div>
              ))}
            </FieldGrid>
            {fresh ? null : (
              <Button
                type="button"
                $variant="secondary"
                onClick={() => {
                  bind.onChange(shownRows.filter((_, at) => at !== index));
                  bind.onBlur();
                }}
              >
                {`Remove ${noun.toLowerCase()} ${index + 1}`}
              </Button>
            )}
          </RowFrame>
        );
      })}
    </Rows>
  );
}

/** One field as its input kind asks. */
export function FieldInput({
  meta,
  placeholder,
  bind,
}: {
  meta: FieldMeta;
  /** A select offers "Choose …" while nothing is chosen. */
  placeholder: boolean;
  bind: FieldBind;
}) {
  const { id, name, error, value, onChange, onBlur } = bind;
  switch (meta.input) {
    case 'textarea':
      return (
        <>
          <TextArea
            {...{ id, name, error, onBlur }}
            value={shown(value)}
            label={meta.label}
            rows={3}
            onChange={(e) => onChange(e.target.value)}
          />
          <EnhanceSlot {...{ name, onChange }} value={shown(value)} label={meta.label} targetId={id} />
        </>
      );
    case 'select':
      return (
        <Select
          {...{ id, name, error, onBlur }}
          value={shown(value)}
          label={meta.label}
          options={optionsOf(meta, placeholder)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          {...{ id, name, error, onBlur }}
          checked={value === true || value === 'true'}
          label={meta.label}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'icon':
      return (
        <IconPicker
          {...{ id, name, error }}
          label={meta.label}
          icons={(meta.options ?? []) as IconName[]}
          value={shown(value)}
          onChange={onChange}
        />
      );
    case 'tags': {
      const tags = tagsOf(value);
      return (
        <TagList
          {...{ id, name, error, tags, onBlur }}
          label={meta.label}
          onAdd={(tag) => onChange(addTag(tags, tag))}
          onRemove={(tag) => onChange(tags.filter((t) => t !== tag))}
        />
      );
    }
    case 'list':
      return <NestedList meta={meta} bind={bind} />;
    case 'catalogue':
      return <CatalogueInput meta={meta} bind={bind} picked={bind.picked ?? null} />;
    case 'department':
      return <DepartmentInput meta={meta} bind={bind} />;
    default:
      return (
        <TextField
          {...{ id, name, error, onBlur }}
          value={shown(value)}
          label={meta.label}
          help={meta.help}
          type="text"
          inputMode={meta.input === 'number' ? 'numeric' : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
