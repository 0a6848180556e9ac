/**
 * Imports official departments from the U.S. Fire Administration's National Fire Department Registry.
 * Accepts both the file shipped in seeds/data (fdid,name,address,address2,city,county,state,zip,…) and the
 * full registry CSV a self-hoster downloads (FDID, Fire Dept Name, HQ Addr1, HQ Addr2, HQ City, County,
 * HQ State, HQ Zip, …). Header names are matched without regard to case, stray spaces or underscores.
 *
 * Idempotent: a row is keyed by (FDID, state) — FDIDs are unique only within a state — and upserted; rows
 * the registry lists without an FDID are matched by state, name and city among official departments.
 * An existing department's verification status is never changed by an import (an administrator's decision stands).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import type { Viewer } from '../../policies/viewer';
import { parse } from 'csv-parse/sync';

export interface RegistryRow {
  fdid: string | null;
  name: string;
  address: string | null;
  address2: string | null;
  city: string;
  county: string | null;
  state: string;
  zipCode: string | null;
  /** The registry's department type, number of stations and website (optional columns). */
  deptType: string | null;
  stations: number | null;
  website: string | null;
}

export interface ImportResult {
  /** New departments. */
  added: number;
  /** Existing departments whose registry data changed. */
  updated: number;
  /** Existing departments already up to date. */
  unchanged: number;
  /** Rows without a name, city or state, and repeated (FDID, state) rows after the first. */
  skipped: number;
}

export interface ParsedRegistry {
  rows: RegistryRow[];
  skipped: number;
}

type Field = keyof RegistryRow;

/** Accepted header names per field, in normalized form (lower case, single spaces). */
const HEADER_ALIASES: Record<Field, string[]> = {
  fdid: ['fdid', 'fd id'],
  name: ['name', 'fire dept name', 'fire department name', 'department name', 'dept name'],
  address: ['address', 'address1', 'address 1', 'hq addr1', 'hq addr 1', 'hq address', 'hq address1', 'hq address 1'],
  address2: ['address2', 'address 2', 'hq addr2', 'hq addr 2', 'hq address2', 'hq address 2'],
  city: ['city', 'hq city'],
  county: ['county', 'hq county'],
  state: ['state', 'hq state'],
  zipCode: ['zip', 'zip code', 'zipcode', 'hq zip', 'hq zip code', 'hq zipcode', 'postal code'],
  deptType: ['dept type', 'department type', 'dept. type'],
  stations: ['stations', 'number of stations', 'num stations', 'no. of stations'],
  website: ['website', 'web site', 'url'],
};
const REQUIRED_FIELDS: Field[] = ['name', 'city', 'state'];

export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');
}

const clean = (value: string | undefined): string | null => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
};

/** A whole number of stations, or null for an empty or unreadable cell. */
function stationCount(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  return Number(value);
}

/** An http(s) address, or null: the page links it, so nothing else (javascript:, data:) may get through. */
function websiteOf(value: string | null): string | null {
  if (!value) return null;
  const withScheme = /^https?:\/\//i.test(value)
    ? value
    : /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(value)
      ? `http://${value}`
      : null;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Parses registry CSV text. Throws when a required column (name, city, state) is missing. */
export function parseRegistryCsv(input: string | Buffer): ParsedRegistry {
  const records = parse(input, {
    columns: (headers: string[]) => headers.map(normalizeHeader),
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
  }) as Record<string, string>[];

  const headers = new Set(records.length ? Object.keys(records[0]!) : []);
  if (records.length === 0) {
    // Read the header line alone to report missing columns even for an empty file.
    const [first] = parse(input, { bom: true, to_line: 1, relax_column_count: true }) as string[][];
    first?.forEach((h) => headers.add(normalizeHeader(h)));
  }
  const columnOf = {} as Record<Field, string | undefined>;
  for (const field of Object.keys(HEADER_ALIASES) as Field[]) {
    columnOf[field] = HEADER_ALIASES[field].find((alias) => headers.has(alias));
  }
  const missing = REQUIRED_FIELDS.filter((field) => !columnOf[field]);
  if (missing.length) {
    throw new Error(`The CSV has no ${missing.join(', ')} column (found: ${[...headers].join(', ') || 'no header'})`);
  }

  const rows: RegistryRow[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const record of records) {
    const get = (field: Field) => (columnOf[field] ? clean(record[columnOf[field]!]) : null);
    const name = get('name');
    const city = get('city');
    const state = get('state')?.toUpperCase() ?? null;
    if (!name || !city || !state) {
      skipped += 1;
      continue;
    }
    const fdid = get('fdid');
    const key = fdid ? `${fdid}|${state}` : `|${state}|${name.toLowerCase()}|${city.toLowerCase()}`;
    if (seen.has(key)) {
      skipped += 1;
      continue;
    }
    seen.add(key);
    rows.push({
      fdid,
      name,
      address: get('address'),
      address2: get('address2'),
      city,
      county: get('county'),
      state,
      zipCode: get('zipCode'),
      deptType: get('deptType'),
      stations: stationCount(get('stations')),
      website: websiteOf(get('website')),
    });
  }
  return { rows, skipped };
}

const DATA_COLUMNS = [
  'name',
  'address',
  'address2',
  'city',
  'county',
  'zip_code',
  'dept_type',
  'stations',
  'website',
] as const;

/**
 * Upserts registry rows as official, verified departments, in the caller's one transaction. `actor` is null:
 * the registry is imported by the system (the CLI and the reference seed), not by a user.
 */
export async function importDepartments(
  trx: Knex.Transaction,
  actor: Viewer | null,
  parsed: ParsedRegistry,
  progress?: ImportProgress,
): Promise<ImportResult> {
  return withBulkGinInserts(trx, () => upsertRegistryRows(trx, actor, parsed, progress));
}

/** Told how many of the parsed rows are written so far (the admin dashboard's progress bar). */
export type ImportProgress = (doneRows: number, totalRows: number) => Promise<void>;

/**
 * Rows with an FDID per statement: each statement's trigger writes its departments' search words at once, and
 * between statements the progress is told. 27,000 rows are 14 statements.
 */
const ROWS_PER_STATEMENT = 2000;

/**
 * The search's GIN indexes keep no pending list (fastupdate = off: a search reads them on every keystroke), so
 * each new department would update every posting of each of its trigrams one by one — most of a bulk load's
 * cost. During a load they collect new entries in a pending list, merged into the index in one pass before the
 * transaction ends; afterwards they are as before. (ALTER INDEX … SET (fastupdate) blocks no reads or writes.)
 */
const SEARCH_GIN_INDEXES = ['departments_search_trgm', 'departments_search_bigrams', 'department_vocabulary_trgm'];

async function withBulkGinInserts<T>(trx: Knex.Transaction, load: () => Promise<T>): Promise<T> {
  await trx.raw("set local gin_pending_list_limit = '1GB'"); // one merge at the end, not one per 4 MB
  for (const index of SEARCH_GIN_INDEXES) await trx.raw('alter index ?? set (fastupdate = on)', [index]);
  const result = await load();
  for (const index of SEARCH_GIN_INDEXES) {
    await trx.raw('select gin_clean_pending_list(?::regclass)', [index]);
    await trx.raw('alter index ?? set (fastupdate = off)', [index]);
  }
  return result;
}

async function upsertRegistryRows(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  parsed: ParsedRegistry,
  progress: ImportProgress = async () => {},
): Promise<ImportResult> {
  const result: ImportResult = { added: 0, updated: 0, unchanged: 0, skipped: parsed.skipped };
  const withFdid = parsed.rows.filter((row) => row.fdid);
  const withoutFdid = parsed.rows.filter((row) => !row.fdid);
  const total = parsed.rows.length;

  // Rows with an FDID a batch per statement (its trigger writes their search words in one set-based step).
  for (let start = 0; start < withFdid.length; start += ROWS_PER_STATEMENT) {
    const batch = withFdid.slice(start, start + ROWS_PER_STATEMENT);
    const json = JSON.stringify(
      batch.map((r) => ({
        fdid: r.fdid,
        name: r.name,
        address: r.address,
        address2: r.address2,
        city: r.city,
        county: r.county,
        state: r.state,
        zip_code: r.zipCode,
        dept_type: r.deptType,
        stations: r.stations,
        website: r.website,
      })),
    );
    const { rows } = (await trx.raw(
      `insert into departments (fdid, name, address, address2, city, county, state, zip_code, dept_type, stations, website, country, source, verification_status)
       select r.fdid, r.name, r.address, r.address2, r.city, r.county, r.state, r.zip_code, r.dept_type, r.stations, r.website, 'US', 'official', 'verified'
         from json_to_recordset(?::json) as r(fdid text, name text, address text, address2 text, city text, county text, state text, zip_code text, dept_type text, stations integer, website text)
       on conflict (fdid, state) where fdid is not null do update
         set ${DATA_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
         where (${DATA_COLUMNS.map((c) => `departments.${c}`).join(', ')}) is distinct from (${DATA_COLUMNS.map((c) => `excluded.${c}`).join(', ')})
       returning (xmax = 0) as inserted`,
      [json],
    )) as { rows: { inserted: boolean }[] };
    const added = rows.filter((r) => r.inserted).length;
    result.added += added;
    result.updated += rows.length - added;
    result.unchanged += batch.length - rows.length;
    await progress(start + batch.length, total);
  }

  for (const [index, row] of withoutFdid.entries()) {
    const values = {
      name: row.name,
      address: row.address,
      address2: row.address2,
      city: row.city,
      county: row.county,
      zip_code: row.zipCode,
      dept_type: row.deptType,
      stations: row.stations,
      website: row.website,
    };
    const existing = (await trx('departments')
      .whereNull('fdid')
      .where('source', 'official')
      .where('state', row.state)
      .whereRaw('lower(name) = lower(?) and lower(city) = lower(?)', [row.name, row.city])
      .first()) as Record<string, unknown> | undefined;
    if (!existing) {
      await trx('departments').insert({
        ...values,
        state: row.state,
        country: 'US',
        source: 'official',
        verification_status: 'verified',
      });
      result.added += 1;
    } else if (
      DATA_COLUMNS.some(
        (c) => (existing[c.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase())] ?? null) !== values[c],
      )
    ) {
      await trx('departments')
        .where('id', existing.id as number)
        .update({ ...values, updated_at: trx.fn.now() });
      result.updated += 1;
    } else {
      result.unchanged += 1;
    }
    if ((index + 1) % ROWS_PER_STATEMENT === 0) await progress(withFdid.length + index + 1, total);
  }
  await progress(total, total);
  // Fresh statistics, so the planner knows the table's size and the search index's selectivity.
  if (result.added + result.updated > 0) await trx.raw('analyze departments, department_words, department_vocabulary');
  return result;
}

/** Reads a registry CSV file and imports it in the caller's transaction (`inTransaction` in the CLI and seeds). */
export async function importDepartmentsFile(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: { file: string },
): Promise<ImportResult> {
  return importDepartments(trx, actor, parseRegistryCsv(fs.readFileSync(input.file)));
}

/**
 * The registry extract shipped with the app (seeds/data/usfa-departments.csv): next to the seeds when run
 * from source, or under the working directory when run from the bundled server.
 */
export function shippedRegistryFile(): string | undefined {
  const candidates = [
    fileURLToPath(new URL('../../../seeds/data/usfa-departments.csv', import.meta.url)),
    path.resolve('seeds/data/usfa-departments.csv'),
  ];
  return candidates.find((file) => fs.existsSync(file));
}

/**
 * After a bulk load has committed: VACUUM ANALYZE the departments and the search vocabulary, so the planner
 * knows their size and search's index-only walks find the visibility map set (cannot run in a transaction;
 * autovacuum would get there later on a server — and never on the embedded database).
 */
export async function settleDepartmentTables(db: Knex): Promise<void> {
  await db.raw('vacuum analyze departments, department_words, department_vocabulary');
}
