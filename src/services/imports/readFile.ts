/**
 * Reads an uploaded import file (docs/decisions/import-and-json-resume.md) into what the mapping takes: a LinkedIn
 * export's CSV files (yauzl, csv-parse) or a JSON Resume document (JSON, checked against the schema with ajv).
 * Against hostile files: a ZIP's entries are counted before any is read, only the CSV files the mapping knows are
 * unpacked, each entry's declared and actual sizes are capped (yauzl checks one against the other) and so is their
 * sum; rows and entries are counted before anything else is done with them. Every refusal is a 400 or 413 with
 * its reason.
 */
import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';
import { PayloadTooLargeError, ValidationError } from '../../errors';
import {
  IMPORT_MESSAGES as M,
  IMPORT_ROWS_MAX,
  IMPORT_ZIP_ENTRY_MAX_BYTES,
  IMPORT_ZIP_MAX_ENTRIES,
  IMPORT_ZIP_TOTAL_MAX_BYTES,
  type ImportSource,
} from '../../validation/imports';
import { jsonResumeProblem } from './jsonResumeSchema';

export type CsvRecord = Record<string, string>;
export interface LinkedInExport {
  /** The CSV files the mapping reads, by their name in LinkedIn's export (`Positions.csv`), as records. */
  files: Map<string, CsvRecord[]>;
  /** Every other file in the ZIP (not unpacked). */
  others: string[];
}
export type ImportFile =
  { source: 'linkedin'; export: LinkedInExport } | { source: 'json-resume'; document: Record<string, unknown> };

/** LinkedIn's files the mapping reads (src/services/imports/mapRows.ts). */
export const LINKEDIN_FILES = [
  'Profile.csv',
  'Positions.csv',
  'Certifications.csv',
  'Education.csv',
  'Skills.csv',
  'Honors.csv',
] as const;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Which kind of file this is, by its bytes (not its name). */
export function importSourceOf(bytes: Buffer): ImportSource {
  const head = bytes.subarray(0, 4);
  if (head.equals(ZIP_MAGIC) || head.equals(EMPTY_ZIP_MAGIC)) return 'linkedin';
  const text = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('{')) return 'json-resume';
  throw new ValidationError(M.unknownFile, { file: M.unknownFile });
}

export async function readImportFile(bytes: Buffer): Promise<ImportFile> {
  return importSourceOf(bytes) === 'linkedin'
    ? { source: 'linkedin', export: await readLinkedInExport(bytes) }
    : { source: 'json-resume', document: readJsonResume(bytes) };
}

const tooLarge = () => new PayloadTooLargeError(M.zipTooLarge);
const badZip = () => new ValidationError(M.badZip, { file: M.badZip });

/** The file's name without folders, as LinkedIn names it (`Basic_LinkedInDataExport_…/Positions.csv` too). */
const knownName = (path: string) => {
  const base = path.split('/').pop() ?? '';
  return LINKEDIN_FILES.find((name) => name.toLowerCase() === base.toLowerCase()) ?? null;
};

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(badZip()) : resolve(zip),
    ),
  );
}

/** One entry's bytes, cut off (413) past its own cap or the whole file's. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(badZip());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        budget.left -= chunk.length;
        if (size > IMPORT_ZIP_ENTRY_MAX_BYTES || budget.left < 0) {
          stream.destroy();
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(badZip()));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

async function readLinkedInExport(bytes: Buffer): Promise<LinkedInExport> {
  const zip = await openZip(bytes);
  try {
    if (zip.entryCount > IMPORT_ZIP_MAX_ENTRIES) throw new PayloadTooLargeError(M.zipTooManyEntries);
    const files = new Map<string, CsvRecord[]>();
    const others: string[] = [];
    const budget = { left: IMPORT_ZIP_TOTAL_MAX_BYTES };
    let rows = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(badZip()));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = knownName(entry.fileName);
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        if (!name || files.has(name)) {
          others.push(entry.fileName);
          return zip.readEntry();
        }
        if (entry.uncompressedSize > IMPORT_ZIP_ENTRY_MAX_BYTES || entry.uncompressedSize > budget.left)
          return reject(tooLarge());
        readEntry(zip, entry, budget)
          .then((csv) => {
            const records = readCsv(name, csv);
            rows += records.length;
            if (rows > IMPORT_ROWS_MAX) throw new PayloadTooLargeError(M.tooManyRows);
            files.set(name, records);
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
    if (!files.size) throw new ValidationError(M.noLinkedInFiles, { file: M.noLinkedInFiles });
    return { files, others };
  } finally {
    zip.close();
  }
}

/** A CSV's records by its header's column names (LinkedIn's: `Company Name`, `Started On` …), trimmed. */
function readCsv(name: string, csv: Buffer): CsvRecord[] {
  try {
    return parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map((column) => column.trim()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to: IMPORT_ROWS_MAX + 1,
      max_record_size: 64 * 1024,
    }) as CsvRecord[];
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 200) : 'unreadable';
    throw new ValidationError(M.badCsv(name, reason), { file: M.badCsv(name, reason) });
  }
}

/** JSON Resume sections that hold entries: counted before the schema is asked. */
const SECTIONS = [
  'work',
  'volunteer',
  'education',
  'awards',
  'certificates',
  'publications',
  'skills',
  'languages',
  'interests',
  'references',
  'projects',
];

function readJsonResume(bytes: Buffer): Record<string, unknown> {
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ValidationError(M.badJson, { file: M.badJson });
  }
  if (!document || typeof document !== 'object' || Array.isArray(document))
    throw new ValidationError(M.notJsonResume('it is not an object'), { file: M.notJsonResume('it is not an object') });
  const record = document as Record<string, unknown>;
  const extension = (record.meta as Record<string, Record<string, unknown>> | undefined)?.['x-turnout'];
  const counted = [
    ...SECTIONS.map((section) => record[section]),
    extension?.specialUnits,
    extension?.incidents,
    (record.basics as Record<string, unknown> | undefined)?.profiles,
  ];
  const entries = counted.reduce<number>((sum, section) => sum + (Array.isArray(section) ? section.length : 0), 0);
  if (entries > IMPORT_ROWS_MAX) throw new PayloadTooLargeError(M.tooManyRows);
  const problem = jsonResumeProblem(record);
  if (problem) throw new ValidationError(M.notJsonResume(problem), { file: M.notJsonResume(problem) });
  return record;
}
