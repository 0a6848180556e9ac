/**
 * Importing a LinkedIn data export or a JSON Resume file (docs/decisions/import-and-json-resume.md): the limits,
 * the messages, what one previewed row is, and the preview form's schema.
 */
import { array, object, string } from 'yup';

export const IMPORT_SOURCES = ['linkedin', 'json-resume'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** An upload larger than this is refused before it is read (LinkedIn's basic export is well under 1 MB). */
export const IMPORT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A ZIP: entries listed, one CSV unpacked, and everything unpacked together (against ZIP bombs). */
export const IMPORT_ZIP_MAX_ENTRIES = 500;
export const IMPORT_ZIP_ENTRY_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_ZIP_TOTAL_MAX_BYTES = 20 * 1024 * 1024;
/** Rows previewed from one file, all sections together (a JSON Resume's entries, a ZIP's CSV rows). */
export const IMPORT_ROWS_MAX = 1000;
/** How long a preview is kept for its owner to tick and add. */
export const IMPORT_PREVIEW_TTL_MS = 60 * 60 * 1000;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const IMPORT_MESSAGES = {
  title: 'Import from LinkedIn or JSON Resume',
  fileRequired: 'Please choose a file: the ZIP LinkedIn e-mails you, or a JSON Resume file (.json)',
  tooLarge: `The file is larger than ${mb(IMPORT_UPLOAD_MAX_BYTES)}`,
  unknownFile: 'This is neither a ZIP file nor a JSON Resume file (.json)',
  badZip: 'The ZIP file could not be read',
  zipTooManyEntries: `The ZIP file holds more than ${IMPORT_ZIP_MAX_ENTRIES} files: it is not a LinkedIn export`,
  zipTooLarge: `The ZIP file unpacks to more than ${mb(IMPORT_ZIP_TOTAL_MAX_BYTES)} (or one file in it to more than ${mb(IMPORT_ZIP_ENTRY_MAX_BYTES)})`,
  noLinkedInFiles: 'The ZIP file holds none of the files of a LinkedIn export (Positions.csv, Certifications.csv …)',
  badCsv: (file: string, reason: string) => `${file} could not be read: ${reason}`,
  badJson: 'The file is not valid JSON',
  notJsonResume: (problem: string) => `The file is not a JSON Resume document: ${problem}`,
  tooManyRows: `The file holds more than ${IMPORT_ROWS_MAX} entries; Turnout imports at most ${IMPORT_ROWS_MAX} at a time`,
  previewGone: 'This import is no longer waiting. Upload the file again.',
  nothingChosen: 'Tick at least one row to add',
  added: (count: number) =>
    count === 1
      ? 'Added 1 item as private: review it, then choose who sees it'
      : `Added ${count} items as private: review them, then choose who sees them`,
  cancelled: 'Import cancelled: nothing was added',
} as const;

/** Why a row is not offered. */
export const IMPORT_SKIPS = {
  onProfile: 'Already on your profile',
  twice: 'Twice in this file',
  profileFields: "Your profile's own fields (name, headline, summary) are never overwritten by an import",
  noList: (what: string) => `Turnout has no place for ${what}`,
} as const;

/** One previewed row: where it came from, the item it would become (or why it is skipped). */
export interface ImportRow {
  /** The row's name in the preview form. */
  key: string;
  /** Where in the file: "Positions.csv, row 2", "work[0]". */
  from: string;
  /** The list it would join (a profile list's key), or null when skipped. */
  list: string | null;
  /** What the item is called ("Timeline event"). */
  noun: string | null;
  /** The row in a few words. */
  title: string;
  detail: string | null;
  /** The item's fields as the list's add rules read them; null when skipped. */
  fields: Record<string, unknown> | null;
  /** Why it is not offered (null: offered, ticked at first). */
  skip: string | null;
  /** What is dropped from an offered row (an end date the timeline does not keep). */
  note: string | null;
  /** The row's natural key within its list (docs/decisions/import-and-json-resume.md). */
  identity: string | null;
}

/** A preview as its page shows it. */
export interface ImportPreviewJson {
  id: number;
  profileId: number;
  source: ImportSource;
  fileName: string | null;
  rows: ImportRow[];
}

export const IMPORT_INTENTS = ['add', 'cancel'] as const;

/** The preview form: the ticked rows by key. */
export const importAddSchema = object({
  rows: array(string().required().max(20)).max(IMPORT_ROWS_MAX).default([]),
});
export const importCancelSchema = object({});
