/**
 * A profile as a JSON Resume document (docs/decisions/import-and-json-resume.md; the schema is
 * src/services/imports/jsonResumeSchema.json). Pure: it is made only from the résumé presenter's output
 * (presentResume in ./share.ts), so it holds exactly what that viewer may see — the Share panel asks for the
 * visitor's view — and never a private item or a hidden contact field.
 *
 * Turnout's own fields ride along in `x-turnout` extensions: on each entry (`list` and the item's fields) and in
 * `meta['x-turnout']` for what JSON Resume has no section for (the profile's rank and department, special units,
 * incidents). The top level of the schema allows no other keys, so the extension lives in `meta`.
 */
import type { ListItemJson } from '../validation/lists';
import type { ProfileJson } from '../validation/profiles';
import type { ResumeJson } from '../validation/share';
import { checkAtSource } from '../validation/checkAtSource';
import { isoPartialDate, readPartialDate } from '../validation/partialDates';
import { profileLinks, safeImageUrl } from '../../views/profile/links';

/** The extension key on entries and in `meta`. */
export const JSON_RESUME_EXTENSION = 'x-turnout';
export const JSON_RESUME_SCHEMA_URL = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

/** An entry's Turnout extension: which list it came from and the item's own fields as presented. */
export interface TurnoutEntryExtension {
  list: string;
  fields: Record<string, unknown>;
}
type Entry = Record<string, unknown> & { [JSON_RESUME_EXTENSION]?: TurnoutEntryExtension };

export interface JsonResume {
  $schema: string;
  basics: {
    name: string;
    label?: string;
    image?: string;
    email?: string;
    phone?: string;
    url: string;
    summary?: string;
    profiles: Array<{ network: string; url: string }>;
  };
  work: Entry[];
  education: Entry[];
  certificates: Entry[];
  awards: Entry[];
  skills: Entry[];
  meta: {
    canonical: string;
    version: string;
    lastModified: string;
    [JSON_RESUME_EXTENSION]: {
      profile: Pick<ProfileJson, 'rank' | 'title' | 'department' | 'badgeNumber' | 'motto' | 'currentStatus'>;
      verifiedMemberships: ProfileJson['verifiedMemberships'];
      specialUnits: TurnoutEntryExtension[];
      incidents: TurnoutEntryExtension[];
      /** In an application packet's ZIP only: what the packet holds and where to check it. */
      packet?: PacketManifest;
    };
  };
}

/** An application packet's manifest (docs/decisions/application-packet.md): the owner's choices, named. */
export interface PacketManifest {
  department: string;
  profileUrl: string;
  /** Where each verified membership and each enclosed credential is checked. */
  verifyUrls: string[];
  /** The chosen documents' titles, in the packet's order. */
  documents: string[];
  /** The enclosed credentials' files (`credentials/…`). */
  credentials: string[];
}

/**
 * The JSON Resume of an application packet's ZIP: the visitor's JSON Resume (its sections only when the owner
 * ticked the résumé) with the packet's manifest in `meta["x-turnout"].packet`.
 */
export function packetJsonResume(
  resume: JsonResume,
  options: { sections: boolean; manifest: PacketManifest },
): JsonResume {
  const sections = options.sections ? {} : { work: [], education: [], certificates: [], awards: [], skills: [] };
  const turnout = resume.meta[JSON_RESUME_EXTENSION];
  return {
    ...resume,
    ...sections,
    meta: {
      ...resume.meta,
      [JSON_RESUME_EXTENSION]: {
        ...turnout,
        ...(options.sections ? {} : { specialUnits: [], incidents: [] }),
        packet: options.manifest,
      },
    },
  };
}

/** The stored part of every item (ItemMeta) and photo references: not the item's content, never exported. */
const NOT_CONTENT = new Set([
  'id',
  'index',
  'version',
  'showOnMainProfile',
  'visibility',
  'createdAt',
  'updatedAt',
  'photoIds',
  'photo',
  'photos',
  'primaryPhoto',
  'stationPhoto',
  'colleagueEndorsements',
]);

/**
 * A date as the schema's `iso8601` (YYYY-MM-DD, YYYY-MM or YYYY) from what Turnout stores: ISO text, `MM/DD/YYYY`,
 * `MM/YYYY`, "Mar 2015", a year, or free text holding a year. Nothing readable: undefined (the key is left out).
 */
export function isoDate(value: unknown): string | undefined {
  const date = readPartialDate(value);
  return date ? isoPartialDate(date) : undefined;
}

/** An absolute http(s) URL (the schema's `uri` format), else undefined. */
function absoluteUrl(value: unknown, baseUrl?: string): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    const url = new URL(value, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined;

/** The item's content fields (no ids, versions, visibility or photo references). */
export function itemContent(item: ListItemJson): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).filter(([key, value]) => !NOT_CONTENT.has(key) && value !== null && value !== undefined),
  );
}

/** Keys with no value are left out: the schema types every key, and `undefined` is not JSON. */
function entry(list: string, item: ListItemJson, fields: Record<string, unknown>): Entry {
  const defined = Object.entries(fields).filter(([, value]) => value !== undefined && value !== '');
  return { ...Object.fromEntries(defined), [JSON_RESUME_EXTENSION]: { list, fields: itemContent(item) } };
}

/** Timeline events of these types are schooling and training: JSON Resume's `education`. */
export const EDUCATION_EVENT_TYPES = new Set(['training_completed']);

function workEntry(item: ListItemJson, department: string): Entry {
  return entry('timeline', item, {
    name: text(item.department) ?? department,
    position: text(item.position) ?? text(item.title) ?? text(item.event),
    location: text(item.location),
    startDate: isoDate(item.date) ?? isoDate(item.year),
    summary: text(item.description),
  });
}

function educationEntry(item: ListItemJson): Entry {
  return entry('timeline', item, {
    institution: text(item.department) ?? text(item.location),
    studyType: text(item.title) ?? text(item.position),
    area: text(item.event),
    startDate: isoDate(item.date) ?? isoDate(item.year),
  });
}

function certificateEntry(list: 'certifications' | 'licenses', item: ListItemJson): Entry {
  return entry(list, item, {
    name: text(item.name),
    issuer: list === 'certifications' ? text(item.issuer) : text(item.type),
    date: list === 'certifications' ? isoDate(item.year) : isoDate(item.issued),
    url:
      list === 'certifications'
        ? checkAtSource({ issuer: item.issuer, credentialId: item.credentialId })?.url
        : undefined,
  });
}

function awardEntry(item: ListItemJson): Entry {
  return entry('awards', item, {
    title: text(item.name),
    date: isoDate(item.year),
    awarder: text(item.awardedBy),
    summary: text(item.citation),
  });
}

function skillEntry(item: ListItemJson): Entry {
  const keywords = Array.isArray(item.certifications) ? item.certifications.filter((k) => typeof k === 'string') : [];
  return entry('skills', item, {
    name: text(item.name),
    level: text(item.level),
    keywords: keywords.length ? keywords : undefined,
  });
}

const extension = (list: string) => (item: ListItemJson) => ({ list, fields: itemContent(item) });

/**
 * The JSON Resume document of a résumé as one viewer may see it. A certification's "check at source" lookup
 * (src/validation/checkAtSource.ts) is its certificate's `url`.
 */
export function presentJsonResume(resume: ResumeJson, options: { baseUrl: string }): JsonResume {
  const { profile } = resume;
  const timeline = resume.experience.flatMap((group) =>
    group.items.map((item) => ({ item, department: group.department })),
  );
  const isEducation = (item: ListItemJson) => EDUCATION_EVENT_TYPES.has(String(item.type));
  const image = absoluteUrl(safeImageUrl(profile.profileImage), options.baseUrl);
  const label = [profile.rank, profile.title].filter(Boolean).join(', ');
  const basics: JsonResume['basics'] = {
    name: profile.name,
    ...(label ? { label } : {}),
    ...(image ? { image } : {}),
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.phone ? { phone: profile.phone } : {}),
    url: resume.url,
    ...(resume.statement ? { summary: resume.statement } : {}),
    profiles: profileLinks(profile)
      .filter((link) => link.kind !== 'phone' && link.kind !== 'email' && absoluteUrl(link.href))
      .map((link) => ({ network: link.label, url: link.href })),
  };
  return {
    $schema: JSON_RESUME_SCHEMA_URL,
    basics,
    work: timeline.filter(({ item }) => !isEducation(item)).map(({ item, department }) => workEntry(item, department)),
    education: timeline.filter(({ item }) => isEducation(item)).map(({ item }) => educationEntry(item)),
    certificates: [
      ...resume.certifications.map((item) => certificateEntry('certifications', item)),
      ...resume.licenses.map((item) => certificateEntry('licenses', item)),
    ],
    awards: resume.awards.map(awardEntry),
    skills: resume.skills.map(skillEntry),
    meta: {
      canonical: resume.url,
      version: 'v1.0.0',
      lastModified: profile.updatedAt.slice(0, 19),
      [JSON_RESUME_EXTENSION]: {
        profile: {
          rank: profile.rank,
          title: profile.title,
          department: profile.department,
          badgeNumber: profile.badgeNumber,
          motto: profile.motto,
          currentStatus: profile.currentStatus,
        },
        verifiedMemberships: profile.verifiedMemberships,
        specialUnits: resume.specialUnits.map(extension('specialUnits')),
        incidents: resume.incidents.map(extension('incidents')),
      },
    },
  };
}
