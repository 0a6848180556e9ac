/**
 * The list machinery's shared half (spec 02 §§3–5): how a profile list is described. Each list is one
 * definition file in this folder — its API path, its table, its fields as yup schemas with the spec's
 * messages, and its computed rules — and the server (src/services/lists, src/models/ListItem.ts,
 * src/api/profileLists.ts) and the islands read everything else from it. Pure data and yup: bundled into
 * the browser.
 */
import { array, boolean, mixed, number, object, string, type InferType, type ObjectShape, type Schema } from 'yup';
import type { CatalogueFill } from '../catalogue';
import type { FormState } from '../forms';
import { VISIBILITIES, type Visibility } from '../visibility';
import { trimmed, trimmedLine } from '../common';

export const LIST_TEXT_MAX = 200;
export const LIST_LONG_TEXT_MAX = 10_000;
export const LIST_ITEMS_MAX = 50;

export const LIST_MESSAGES = {
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  invalidChoice: (label: string) => `Please choose a valid ${label.toLowerCase()}`,
  tooMany: (label: string, max: number) => `At most ${max} ${label.toLowerCase()}`,
  visibility: 'Visibility must be public, authenticated or private',
  ownerOnly: 'These entries are only ever yours to see: visibility must be private',
  showOnMainProfile: 'Show on main profile must be true or false',
  itemNotFound: 'Item not found',
  photoNotFound: 'Photo not found',
  stale: 'This item was changed since you loaded it. Reload to see the latest version, then try again.',
} as const;

/** How the editor island asks for a field (spec 02 §4: text saves on blur, selects and checkboxes on change). */
export type FieldInput =
  | 'text'
  | 'textarea'
  | 'number'
  | 'select'
  | 'checkbox'
  | 'icon'
  | 'tags'
  | 'list'
  /** Text with the credential catalogue's suggestions (docs/decisions/credential-catalogue.md): the list's `catalogue` says what a choice fills. */
  | 'catalogue'
  /** A department's name with the registry's suggestions (docs/decisions/hiring-tracker.md); free text stays allowed. */
  | 'department';

/** A field's editor metadata, kept on its yup schema (`schema.meta()`); fields without it are not edited inline. */
export interface FieldMeta {
  label: string;
  input: FieldInput;
  /** A select's enumeration values and, where the value does not read well on its own, their words. */
  options?: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  /** A nested list's (`input: 'list'`) fields, each with its own metadata, and what one row is called. */
  itemFields?: ReadonlyArray<{ name: string; meta: FieldMeta }>;
  itemNoun?: string;
  /** A line under the input saying what it takes. */
  help?: string;
  /** An optional field the add form still shows with the required ones (not under "More details"). */
  primary?: boolean;
}

/** An enumeration value in words: `step_down` → "Step down". */
export function humanize(value: string | null | undefined): string {
  if (!value) return '';
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The editor metadata of a field schema, if it is one the editor shows. */
export function fieldMeta(schema: unknown): FieldMeta | undefined {
  const meta = (schema as { meta?: () => unknown }).meta?.() as Partial<FieldMeta> | undefined;
  return meta?.label && meta.input ? (meta as FieldMeta) : undefined;
}

/** A choice's words: its `optionLabels` entry, else the humanized value. */
export const choiceLabel = (meta: FieldMeta | undefined, value: string) =>
  meta?.optionLabels?.[value] ?? humanize(value);

const textInput = (max: number): FieldInput => (max > LIST_TEXT_MAX ? 'textarea' : 'text');

/** A blank form value is no value (checked on the original: a number's own cast makes '' NaN first). */
const blankToNull = (value: unknown, original: unknown) =>
  typeof original === 'string' && original.trim() === '' ? null : value;

/**
 * A string schema that trims: yup's own `trim()` throws on a value that is not a string (a field sent twice,
 * a JSON array), which must be a 400 with the field's message, not a 500.
 */
export const trimmedString = (typeMessage: string, input: FieldInput = 'textarea') =>
  string()
    .typeError(typeMessage)
    .transform(input === 'textarea' ? trimmed : trimmedLine);

/**
 * A required text field: trimmed, not blank, capped; long ones are textareas unless `input` says (a URL). A
 * one-line field loses its invisible formatting characters (withoutInvisibles in ../common); a textarea keeps them.
 */
export const requiredText = (label: string, message: string, max = LIST_TEXT_MAX, input = textInput(max)) =>
  trimmedString(message, input).required(message).max(max, LIST_MESSAGES.tooLong(label, max)).meta({ label, input });

const optionalString = (label: string, max: number) =>
  trimmedString(LIST_MESSAGES.tooLong(label, max), textInput(max))
    .max(max, LIST_MESSAGES.tooLong(label, max))
    .nullable()
    .transform(blankToNull);

/** An optional text field: trimmed, blank → null, capped (one-line ones as requiredText). */
export const optionalText = (label: string, max = LIST_TEXT_MAX) =>
  optionalString(label, max).meta({ label, input: textInput(max) });

const PHOTO_ID = /^[1-9][0-9]{0,9}$/;
/** A photo's id as text ("6"; a JSON number is cast), bounded like every id. */
const photoId = () =>
  trimmedString(LIST_MESSAGES.photoNotFound).test(
    'photo-id',
    LIST_MESSAGES.photoNotFound,
    (value) => value === null || value === undefined || (PHOTO_ID.test(value) && Number(value) <= 2_147_483_647),
  );

/**
 * A linked photo (the first of the item's photo links: `photoFields` 'first'), set by the photo picker, not
 * typed: no editor metadata. Stored as a photo_links row, never in the item (src/services/photos/links.ts).
 */
export const photoRef = () => photoId().nullable().transform(blankToNull);

/** An item's linked photos in order (`photoFields` 'all'), at most `max`; stored as photo_links rows. */
export const photoList = (label: string, max: number) =>
  array(photoId().required(LIST_MESSAGES.photoNotFound))
    .transform(withoutBlanks)
    .max(max, LIST_MESSAGES.tooMany(label, max))
    .nullable()
    .transform(blankToNull);

/** One of the spec's enumeration values (also a CHECK constraint in the list's table). */
export const requiredChoice = <T extends string>(
  label: string,
  values: readonly T[],
  message: string,
  optionLabels?: Partial<Record<T, string>>,
) =>
  mixed<T>()
    .oneOf([...values], message)
    .required(message)
    .meta({ label, input: 'select', options: values, optionLabels });

export const optionalChoice = <T extends string>(
  label: string,
  values: readonly T[],
  optionLabels?: Partial<Record<T, string>>,
) =>
  mixed<T>()
    .transform(blankToNull)
    .oneOf([...values, null] as T[], LIST_MESSAGES.invalidChoice(label))
    .nullable()
    .meta({ label, input: 'select', options: values, optionLabels });

/** A yes/no field (a checkbox in the editor). */
export const optionalFlag = (label: string) => boolean().nullable().meta({ label, input: 'checkbox' });

/** A whole number (a year in the full view); a form's text is cast, blank is missing. */
const wholeNumber = (label: string, numeric: string, min: number, max: number) =>
  number()
    .transform(blankToNull)
    .typeError(numeric)
    .integer(numeric)
    .min(min, numeric)
    .max(max, numeric)
    .meta({ label, input: 'number' });

export const requiredNumber = (label: string, required: string, numeric: string, min = 0, max = 9999) =>
  wholeNumber(label, numeric, min, max).required(required);

export const optionalNumber = (label: string, numeric: string, min = 0, max = 9999) =>
  wholeNumber(label, numeric, min, max).nullable();

/** A form row or tag left blank is no row: the no-JS forms always post an empty row for adding one. */
const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isBlank));
const withoutBlanks = (value: unknown) => (Array.isArray(value) ? value.filter((row) => !isBlank(row)) : value);

/** The metadata of a nested shape's fields, in order (fields without metadata are not edited). */
const itemFieldsOf = (shape: ObjectShape) =>
  Object.entries(shape).flatMap(([name, schema]) => {
    const meta = fieldMeta(schema);
    return meta ? [{ name, meta }] : [];
  });

/**
 * A nested list stored as JSONB (endorsements, media links): validated here on every write, each row by its
 * own fields' rules; blank rows are dropped. The editor shows one row of inputs per item (`itemNoun`).
 */
export const nestedList = <S extends ObjectShape>(label: string, itemNoun: string, shape: S, max = LIST_ITEMS_MAX) =>
  array(object(shape).noUnknown())
    .transform(withoutBlanks)
    .max(max, LIST_MESSAGES.tooMany(label, max))
    .nullable()
    .transform(blankToNull)
    .meta({ label, input: 'list', itemNoun, itemFields: itemFieldsOf(shape) });

/** A list of short texts stored as JSONB; blank entries are dropped. */
export const textList = (label: string, max = LIST_ITEMS_MAX) =>
  array(
    trimmedString(LIST_MESSAGES.tooLong(label, LIST_TEXT_MAX), 'text')
      .required()
      .max(LIST_TEXT_MAX, LIST_MESSAGES.tooLong(label, LIST_TEXT_MAX)),
  )
    .transform(withoutBlanks)
    .max(max, LIST_MESSAGES.tooMany(label, max))
    .nullable()
    .transform(blankToNull);

/** A list of short texts the owner types (a skill's certifications, units responded, specialties): tags. */
export const tagList = (label: string, max = LIST_ITEMS_MAX) => textList(label, max).meta({ label, input: 'tags' });

/**
 * An icon from a fixed set (spec 02 §3): anything else is refused on write. Stored rows from before the
 * rule may hold other values; the read views draw the set's default for them.
 */
export const iconChoice = <T extends string>(label: string, icons: readonly T[]) =>
  mixed<T>()
    .transform(blankToNull)
    .oneOf([...icons, null] as T[], LIST_MESSAGES.invalidChoice(label))
    .nullable()
    .meta({ label, input: 'icon', options: icons });

/** What every item carries besides its fields (spec 02 §3). The default visibility is the profile's. */
const itemSettings = {
  showOnMainProfile: boolean().typeError(LIST_MESSAGES.showOnMainProfile).nonNullable(LIST_MESSAGES.showOnMainProfile),
  visibility: mixed<Visibility>()
    .oneOf([...VISIBILITIES], LIST_MESSAGES.visibility)
    .nonNullable(LIST_MESSAGES.visibility),
};

/** An owner-only list's settings: private is the one visibility. */
const ownerOnlySettings = {
  showOnMainProfile: itemSettings.showOnMainProfile,
  visibility: mixed<Visibility>().oneOf(['private'], LIST_MESSAGES.ownerOnly).nonNullable(LIST_MESSAGES.ownerOnly),
};

/**
 * How a field shows an item's photo links (photo_links rows): `first` the first linked photo's id (a
 * timeline event's `photo`, an award's `primaryPhoto`), `all` every linked photo's id in order.
 */
export type PhotoFieldKind = 'first' | 'all';

/** The stored part of every item, whatever its list. `index` is its position (0-based) in the profile's list. */
export interface ItemMeta {
  id: number;
  index: number;
  version: number;
  showOnMainProfile: boolean;
  visibility: Visibility;
  createdAt: string;
  updatedAt: string;
  /** Lists with photo links: the ids of the linked photos this viewer may see, in order. */
  photoIds?: number[];
}

/** A presented list item (src/presenters/lists.ts) as the API and the islands see it. */
export type ListItemJson = ItemMeta & Record<string, unknown>;

/**
 * A list form's failed plain post (no JavaScript), for the page to hand to the list's editor: which form
 * (`add`, or the item's id) and what it showed — the values and the messages.
 */
export interface ListFormState {
  target: 'add' | number;
  state: FormState;
}

/** The no-JS posts of the list forms (src/pages/profileListForms.tsx): an item's form posts an `intent`. */
export const ITEM_INTENTS = ['update', 'confirm-delete', 'delete', 'cancel'] as const;
export type ItemIntent = (typeof ITEM_INTENTS)[number];
export const listFormPath = (profileId: number, path: string, itemId?: number) =>
  `/profiles/${profileId}/lists/${path}${itemId === undefined ? '' : `/id:${itemId}`}`;

export interface OrderOptions {
  now: Date;
  sort: 'newest' | 'oldest';
}

export interface ListSpec<K extends string, F extends ObjectShape> {
  /** The list's key on a profile (spec 02 §3) and in the page's widget registry. */
  key: K;
  /** The API path segment: /api/profiles/{id}/{path}. */
  path: string;
  /** Its table (migration). */
  table: string;
  /** What a field is called when spoken of ("Timeline event"). */
  noun: string;
  /** The add rules (spec 02 §5) with their messages. */
  fields: F;
  /** Field schemas the stored data may use on update (legacy forms) in place of the add rules. */
  storedFields?: Partial<F>;
  /**
   * Fields that are the item's photo links, not columns: written through the photo link service (the photos
   * must be the profile's; the list's cap), presented with only the photos the viewer may see.
   */
  photoFields?: Partial<Record<keyof F & string, PhotoFieldKind>>;
  /** Fields kept as JSONB. */
  jsonFields?: ReadonlyArray<keyof F & string>;
  /** A field whose column is named otherwise (a list's own `position` field: the item order is `position`). */
  stored?: Partial<Record<keyof F & string, string>>;
  /**
   * Fields shown only to viewers who may see their own visibility field `by` (default in `default`): the
   * field and any other that would reveal it (a license's status tells whether its expiry has passed).
   */
  fieldVisibility?: { fields: Array<keyof F & string>; by: keyof F & string; default: Visibility };
  /**
   * Fills a field from another before the fields are read (the raw body, create and update alike): a
   * certification's expiry year from its expiry date.
   */
  prepare?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Fields `prepare` fills from one the owner types (a certification's precise expiry from its one expiry input):
   * a form that saves the field sends these with it, and the plain forms read them too.
   */
  derived?: Partial<Record<keyof F & string, Array<keyof F & string>>>;
  /**
   * Stored fields worked out on every write, with the clock (a license's status from its expiry: spec 02 §4), from
   * the fields written and the item as stored (an update).
   */
  derive?: (fields: Record<string, unknown>, now: Date, stored?: Record<string, unknown>) => Record<string, unknown>;
  /** The editor's value of a field when it shows more than its own column (the one expiry input: the precise one). */
  formValues?: (item: Record<string, unknown>) => Record<string, unknown>;
  /** Fields computed when presenting (license status from its expiry). */
  computed?: (item: ItemOf<F>, now: Date) => Partial<ItemOf<F>>;
  /** The field an item is known by in the editor (its heading); default `name`. */
  titleField?: keyof F & string;
  /** The add failure's toast title where the spec names one (spec 02 §8); else 'Error'. */
  saveFailed?: string;
  /**
   * Lists whose `name` autocompletes from the credential catalogue (docs/decisions/credential-catalogue.md): the fields a chosen entry
   * fills (the issuer, and the expiry suggested from the issue date).
   */
  catalogue?: CatalogueFill;
  /** A new item's visibility when the owner names none; the profile's default visibility when absent. */
  defaultVisibility?: Visibility;
  /**
   * Items only the owner (and admins) ever see (docs/decisions/hiring-tracker.md): the only visibility taken is
   * private (anything else is a 400), and the table's CHECK says the same.
   */
  ownerOnly?: boolean;
  /** Display order (spec 02 §4); stored position order when absent. */
  order?: (items: ItemOf<F>[], options: OrderOptions) => ItemOf<F>[];
}

export type ItemOf<F extends ObjectShape> = {
  [K in keyof F]: F[K] extends Schema ? InferType<F[K]> : unknown;
} & ItemMeta;

export function defineList<K extends string, F extends ObjectShape>(spec: ListSpec<K, F>) {
  const prepare = (value: unknown) =>
    spec.prepare && value && typeof value === 'object' && !Array.isArray(value)
      ? spec.prepare(value as Record<string, unknown>)
      : value;
  const settings = spec.ownerOnly ? ownerOnlySettings : itemSettings;
  const createSchema = object({ ...spec.fields, ...settings }).transform(prepare);
  const updateSchema = object({ ...spec.fields, ...spec.storedFields, ...settings })
    .partial()
    .transform(prepare);
  return { ...spec, createSchema, updateSchema };
}

export type ListDefinition = ReturnType<typeof defineList<string, ObjectShape>>;

/**
 * `/api/profiles/{id}/{list}/{item}`: `{item}` is an index (the item at that position, 0-based) or an item's
 * stable id as `id:{itemId}`. Anything else names nothing (404).
 */
export type ItemRef = { index: number } | { id: number };
const ITEM_REF = /^(?:(0|[1-9][0-9]{0,8})|id:([1-9][0-9]{0,9}))$/;
export function parseItemRef(value: unknown): ItemRef | null {
  const match = typeof value === 'string' ? ITEM_REF.exec(value) : null;
  if (!match) return null;
  if (match[1] !== undefined) return { index: Number(match[1]) };
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { id } : null;
}
export const itemRefSchema = () =>
  mixed<ItemRef>()
    .transform((_value: unknown, original: unknown) => parseItemRef(original))
    .test('item', LIST_MESSAGES.itemNotFound, (value) => value !== null && value !== undefined)
    .required(LIST_MESSAGES.itemNotFound);
