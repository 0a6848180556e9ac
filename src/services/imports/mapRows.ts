/**
 * Maps a read import file to preview rows (docs/decisions/import-and-json-resume.md): each LinkedIn CSV row or JSON
 * Resume entry becomes the fields of a Turnout item — a timeline event, a certification, a license, a skill, an
 * award, a special unit, an incident — read by that list's own add rules, or a row skipped with its reason.
 * Pure: the profile's existing items come in as natural keys.
 */
import { IMPORT_SKIPS, type ImportRow } from '../../validation/imports';
import { LISTS, type ListDefinition } from '../../validation/lists';
import { SKILL_LEVELS } from '../../validation/lists/skills';
import {
  expiryPartialDate,
  readPartialDate,
  timelinePartialDate,
  type PartialDate,
} from '../../validation/partialDates';
import type { CsvRecord, ImportFile, LinkedInExport } from './readFile';

/** A row before the list's rules have read it. */
interface Draft {
  from: string;
  list: string | null;
  fields: Record<string, unknown> | null;
  title: string;
  detail?: string | null;
  skip?: string;
  note?: string | null;
}

/** The lists an import may add to, and the fields that name an item within its list (its natural key). */
export const IMPORT_IDENTITY: Record<string, readonly string[]> = {
  timeline: ['year', 'event'],
  certifications: ['name', 'issuer', 'year'],
  licenses: ['name', 'type'],
  skills: ['name'],
  awards: ['name', 'year'],
  specialUnits: ['name'],
  incidents: ['title', 'date'],
};

const normal = (value: unknown) =>
  String(value ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** An item's natural key in its list: its naming fields, compared without case or spacing. */
export function itemIdentity(list: string, fields: Record<string, unknown>): string {
  return [list, ...(IMPORT_IDENTITY[list] ?? []).map((field) => normal(fields[field]))].join('|');
}

const listOf = (key: string) => LISTS.find((list) => list.key === key) as ListDefinition | undefined;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;
const joined = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' · ') || null;

/** A timeline event's year and date from a start (or, failing it, an end) date. */
function when(date: PartialDate | null): { year?: string; date?: string | null } {
  return date ? { year: String(date.year), date: date.month ? timelinePartialDate(date) : null } : {};
}

function ended(label: string, value: unknown): string | null {
  const end = text(value);
  return end ? `${label} (${end}) is not kept: the timeline records when things happened` : null;
}

// ---- LinkedIn (its documented column names) ----

function position(row: CsvRecord, from: string): Draft {
  const start = readPartialDate(row['Started On']);
  return {
    from,
    list: 'timeline',
    title: joined(row.Title, row['Company Name']) ?? 'Position',
    detail: text(row['Started On']),
    note: ended('Finished On', row['Finished On']),
    fields: {
      type: 'hired',
      event: text(row.Title) ?? text(row['Company Name']),
      position: text(row.Title),
      department: text(row['Company Name']),
      location: text(row.Location),
      description: text(row.Description),
      ...when(start),
    },
  };
}

function certification(row: CsvRecord, from: string): Draft {
  const start = readPartialDate(row['Started On']);
  const end = readPartialDate(row['Finished On']);
  return {
    from,
    list: 'certifications',
    title: joined(row.Name, row.Authority) ?? 'Certification',
    detail: text(row['Started On']),
    fields: {
      name: text(row.Name),
      issuer: text(row.Authority),
      year: start?.year,
      expires: end ? expiryPartialDate(end) : null,
      credentialId: text(row['License Number']),
    },
  };
}

function education(row: CsvRecord, from: string): Draft {
  const start = readPartialDate(row['Start Date']) ?? readPartialDate(row['End Date']);
  return {
    from,
    list: 'timeline',
    title: joined(row['Degree Name'], row['School Name']) ?? 'Education',
    detail: joined(row['Start Date'], row['End Date']),
    fields: {
      type: 'training_completed',
      event: text(row['Degree Name']) ?? text(row['School Name']),
      title: text(row['Degree Name']),
      department: text(row['School Name']),
      description: joined(row.Notes, row.Activities),
      ...when(start),
    },
  };
}

function skill(row: CsvRecord, from: string): Draft {
  return {
    from,
    list: 'skills',
    title: text(row.Name) ?? 'Skill',
    note: 'Level set to Intermediate (LinkedIn has none): change it after',
    fields: { name: text(row.Name), category: 'professional', level: 'intermediate' },
  };
}

function honor(row: CsvRecord, from: string): Draft {
  return {
    from,
    list: 'awards',
    title: text(row.Title) ?? 'Honor',
    detail: text(row['Issued On']),
    fields: {
      name: text(row.Title),
      year: readPartialDate(row['Issued On'])?.year.toString() ?? null,
      type: 'other',
      citation: text(row.Description),
    },
  };
}

const LINKEDIN_ROWS: Record<string, (row: CsvRecord, from: string) => Draft> = {
  'Positions.csv': position,
  'Certifications.csv': certification,
  'Education.csv': education,
  'Skills.csv': skill,
  'Honors.csv': honor,
};

function linkedInDrafts(file: LinkedInExport): Draft[] {
  const drafts: Draft[] = [];
  for (const [name, records] of file.files) {
    const map = LINKEDIN_ROWS[name];
    records.forEach((row, index) => {
      const from = `${name}, row ${index + 1}`;
      if (map) drafts.push(map(row, from));
      else
        drafts.push({
          from,
          list: null,
          fields: null,
          title: joined(row['First Name'], row['Last Name'], row.Headline) ?? name,
          skip: IMPORT_SKIPS.profileFields,
        });
    });
  }
  for (const other of file.others)
    drafts.push({ from: other, list: null, fields: null, title: other, skip: IMPORT_SKIPS.noList('this file') });
  return drafts;
}

// ---- JSON Resume ----

type Entry = Record<string, unknown>;
const EXTENSION = 'x-turnout';

/** An entry Turnout exported: its own list and fields, as they were (a Turnout-to-Turnout import loses nothing). */
function fromExtension(entry: Entry, from: string, title: string): Draft | null {
  const extension = entry[EXTENSION] as { list?: unknown; fields?: unknown } | undefined;
  const list = typeof extension?.list === 'string' ? extension.list : null;
  if (!list || !IMPORT_IDENTITY[list] || !extension?.fields || typeof extension.fields !== 'object') return null;
  return { from, list, title, fields: { ...(extension.fields as Entry) } };
}

function workEntry(entry: Entry, from: string, type: string, organization: unknown): Draft {
  const start = readPartialDate(entry.startDate);
  return {
    from,
    list: 'timeline',
    title: joined(entry.position, organization) ?? 'Work',
    detail: text(entry.startDate),
    note: ended('End date', entry.endDate),
    fields: {
      type,
      event: text(entry.position) ?? text(organization),
      position: text(entry.position),
      department: text(organization),
      location: text(entry.location),
      description: text(entry.summary),
      ...when(start),
    },
  };
}

function educationEntry(entry: Entry, from: string): Draft {
  const start = readPartialDate(entry.startDate) ?? readPartialDate(entry.endDate);
  return {
    from,
    list: 'timeline',
    title: joined(entry.studyType, entry.area, entry.institution) ?? 'Education',
    detail: text(entry.startDate),
    note: ended('End date', entry.endDate),
    fields: {
      type: 'training_completed',
      event: text(entry.area) ?? text(entry.studyType) ?? text(entry.institution),
      title: text(entry.studyType),
      department: text(entry.institution),
      ...when(start),
    },
  };
}

function certificateEntry(entry: Entry, from: string): Draft {
  return {
    from,
    list: 'certifications',
    title: joined(entry.name, entry.issuer) ?? 'Certificate',
    detail: text(entry.date),
    fields: { name: text(entry.name), issuer: text(entry.issuer), year: readPartialDate(entry.date)?.year },
  };
}

function awardEntry(entry: Entry, from: string): Draft {
  return {
    from,
    list: 'awards',
    title: text(entry.title) ?? 'Award',
    detail: text(entry.date),
    fields: {
      name: text(entry.title),
      year: readPartialDate(entry.date)?.year.toString() ?? null,
      type: 'other',
      awardedBy: text(entry.awarder),
      citation: text(entry.summary),
    },
  };
}

function skillEntry(entry: Entry, from: string): Draft {
  const level = normal(entry.level);
  const known = (SKILL_LEVELS as readonly string[]).includes(level);
  const keywords = Array.isArray(entry.keywords) ? entry.keywords.filter((k) => typeof k === 'string') : [];
  return {
    from,
    list: 'skills',
    title: text(entry.name) ?? 'Skill',
    note: known ? null : 'Level set to Intermediate: change it after',
    fields: {
      name: text(entry.name),
      category: 'professional',
      level: known ? level : 'intermediate',
      certifications: keywords.length ? keywords : null,
    },
  };
}

const JSON_RESUME_SECTIONS: Record<string, (entry: Entry, from: string) => Draft> = {
  work: (entry, from) => workEntry(entry, from, 'hired', entry.name),
  volunteer: (entry, from) => workEntry(entry, from, 'joined', entry.organization),
  education: educationEntry,
  certificates: certificateEntry,
  awards: awardEntry,
  skills: skillEntry,
};
const NO_PLACE = ['publications', 'languages', 'interests', 'references', 'projects'];

function jsonResumeDrafts(document: Entry): Draft[] {
  const drafts: Draft[] = [];
  if (document.basics)
    drafts.push({ from: 'basics', list: null, fields: null, title: 'Basics', skip: IMPORT_SKIPS.profileFields });
  for (const [section, map] of Object.entries(JSON_RESUME_SECTIONS)) {
    const entries = Array.isArray(document[section]) ? (document[section] as Entry[]) : [];
    entries.forEach((entry, index) => {
      const from = `${section}[${index}]`;
      const draft = map(entry, from);
      drafts.push(fromExtension(entry, from, draft.title) ?? draft);
    });
  }
  const extension = (document.meta as Entry | undefined)?.[EXTENSION] as Entry | undefined;
  for (const section of ['specialUnits', 'incidents']) {
    const entries = Array.isArray(extension?.[section]) ? (extension[section] as Entry[]) : [];
    entries.forEach((entry, index) => {
      const from = `meta.x-turnout.${section}[${index}]`;
      const fields = (entry.fields ?? {}) as Entry;
      const title = text(fields.name) ?? text(fields.title) ?? section;
      drafts.push(
        fromExtension({ [EXTENSION]: entry }, from, title) ?? {
          from,
          list: null,
          fields: null,
          title,
          skip: IMPORT_SKIPS.noList('this entry'),
        },
      );
    });
  }
  for (const section of NO_PLACE) {
    const entries = Array.isArray(document[section]) ? (document[section] as unknown[]) : [];
    if (entries.length)
      drafts.push({
        from: section,
        list: null,
        fields: null,
        title: `${entries.length} ${section}`,
        skip: IMPORT_SKIPS.noList(section),
      });
  }
  return drafts;
}

// ---- Rows ----

/** A preview line: a file's text can be long; the item keeps all of it. */
const shown = (value: string) => (value.length > 160 ? `${value.slice(0, 159)}…` : value);

/** The list's add rules read the fields (unknown keys dropped); the first failure is the skip reason. */
function checked(draft: Draft): { fields: Record<string, unknown> } | { skip: string } {
  const list = draft.list ? listOf(draft.list) : undefined;
  if (!list || !draft.fields) return { skip: draft.skip ?? IMPORT_SKIPS.noList('this row') };
  const { visibility: _v, showOnMainProfile: _s, ...rest } = draft.fields;
  try {
    const fields = list.createSchema.validateSync(
      { ...rest, visibility: 'private', showOnMainProfile: true },
      { stripUnknown: true, abortEarly: true },
    ) as Record<string, unknown>;
    for (const photo of Object.keys(list.photoFields ?? {})) delete fields[photo]; // photos are never imported
    return { fields };
  } catch (error) {
    return { skip: error instanceof Error ? error.message : 'Not a valid item' };
  }
}

/**
 * The preview rows: each draft read by its list's rules, then skipped when its natural key is already on the
 * profile (`existing`) or came earlier in the file.
 */
export function importRows(file: ImportFile, existing: ReadonlySet<string>): ImportRow[] {
  const drafts = file.source === 'linkedin' ? linkedInDrafts(file.export) : jsonResumeDrafts(file.document);
  const seen = new Set<string>();
  return drafts.map((draft, index) => {
    const result = checked(draft);
    const list = 'fields' in result ? listOf(draft.list!) : undefined;
    const identity = 'fields' in result ? itemIdentity(draft.list!, result.fields) : null;
    const skip =
      'skip' in result
        ? result.skip
        : existing.has(identity!)
          ? IMPORT_SKIPS.onProfile
          : seen.has(identity!)
            ? IMPORT_SKIPS.twice
            : null;
    if (identity) seen.add(identity);
    return {
      key: `r${index}`,
      from: draft.from,
      list: list ? list.key : null,
      noun: list ? list.noun : null,
      title: shown(draft.title),
      detail: draft.detail ? shown(draft.detail) : null,
      fields: 'fields' in result ? result.fields : null,
      skip,
      note: skip ? null : (draft.note ?? null),
      identity,
    };
  });
}
