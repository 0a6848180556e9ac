/**
 * The résumé (docs/decisions/share.md) as an outline in fire-service order — header, then the owner's chosen sections, each a
 * list of entries (a title, a line of facts, a paragraph) — so the print page (ResumePage.tsx) and the PDF
 * (src/render/share/resumePdf.ts) show the same things in the same order from one place.
 */
import type { ListItemJson } from '../../src/validation/lists';
import { verifiedBadgeText, verifiedFor } from '../../src/validation/verifiedBadge';
import { RESUME_SECTIONS, type ResumeJson, type ResumeSectionKey } from '../../src/validation/share';

export interface ResumeEntry {
  title: string;
  /** Short facts shown on one line: dates, issuer, status. */
  facts: string[];
  text: string | null;
}

export interface ResumeGroup {
  /** A department in Experience; none elsewhere. */
  heading: string | null;
  /** "Verified by {department}, {year}" when the owner is verified in the heading's department (docs/decisions/verified-membership.md). */
  verified: string | null;
  entries: ResumeEntry[];
}

export interface ResumeBlock {
  key: ResumeSectionKey;
  title: string;
  groups: ResumeGroup[];
}

export interface ResumeOutline {
  name: string;
  /** Rank and title. */
  position: string;
  department: string;
  /** The owner's verified memberships as badge texts (docs/decisions/verified-membership.md). */
  verified: string[];
  /** What the viewer may see of the contact fields, and the profile's address. */
  contact: string[];
  /** The headshot's address: the owner's own public photo only (docs/decisions/headshot-and-banner.md). */
  headshot: string | null;
  blocks: ResumeBlock[];
  generatedOn: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

/** `training_completed` → `Training completed`. */
export const humanize = (value: unknown): string | null => {
  const shown = text(value);
  return shown ? shown.charAt(0).toUpperCase() + shown.slice(1).replace(/_/g, ' ') : null;
};

const facts = (...values: Array<string | null | false | undefined>) =>
  values.filter((value): value is string => Boolean(value));

const entry = (title: unknown, factList: string[], paragraph: unknown = null): ResumeEntry => ({
  title: text(title) ?? '',
  facts: factList,
  text: text(paragraph),
});

const prefixed = (label: string, value: unknown) => (text(value) ? `${label} ${text(value)}` : null);

const certification = (item: ListItemJson) =>
  entry(
    item.name,
    facts(text(item.issuer), prefixed('Issued', item.year), prefixed('Expires', item.expires), humanize(item.status)),
  );

const license = (item: ListItemJson) =>
  entry(
    item.name,
    facts(text(item.type), prefixed('Issued', item.issued), prefixed('Expires', item.expires), humanize(item.status)),
  );

const timelineEvent = (item: ListItemJson) =>
  entry(
    item.event,
    facts(text(item.date) ?? text(item.year), text(item.position), text(item.location)),
    item.description,
  );

const award = (item: ListItemJson) =>
  entry(item.name, facts(text(item.year), humanize(item.type), prefixed('Awarded by', item.awardedBy)), item.citation);

const unit = (item: ListItemJson) => entry(item.name, facts(text(item.years)), item.description);

const skill = (item: ListItemJson) =>
  entry(
    item.name,
    facts(
      humanize(item.level),
      humanize(item.category),
      typeof item.yearsExperience === 'number' ? `${item.yearsExperience} years` : null,
    ),
  );

const incident = (item: ListItemJson) =>
  entry(item.title, facts(text(item.date), text(item.location), humanize(item.type)), item.description);

function block(resume: ResumeJson, key: ResumeSectionKey): ResumeGroup[] {
  const single = (entries: ResumeEntry[]) => (entries.length ? [{ heading: null, verified: null, entries }] : []);
  switch (key) {
    case 'statement':
      return resume.statement ? [{ heading: null, verified: null, entries: [entry('', [], resume.statement)] }] : [];
    case 'credentials':
      return single([...resume.certifications.map(certification), ...resume.licenses.map(license)]);
    case 'experience':
      return resume.experience.map((group) => ({
        heading: group.department,
        verified: verifiedText(resume, group.department),
        entries: group.items.map(timelineEvent),
      }));
    case 'awards':
      return single(resume.awards.map(award));
    case 'specialUnits':
      return single(resume.specialUnits.map(unit));
    case 'skills':
      return single(resume.skills.map(skill));
    case 'incidents':
      return single(resume.incidents.map(incident));
  }
}

function verifiedText(resume: ResumeJson, department: string): string | null {
  const membership = verifiedFor(resume.profile.verifiedMemberships, department);
  return membership ? verifiedBadgeText(membership) : null;
}

export function resumeOutline(resume: ResumeJson): ResumeOutline {
  const { profile } = resume;
  const blocks = RESUME_SECTIONS.filter((section) => resume.sections.includes(section.key))
    .map((section) => ({ key: section.key, title: section.title, groups: block(resume, section.key) }))
    .filter((section) => section.groups.length > 0);
  return {
    name: profile.name,
    position: facts(text(profile.rank), text(profile.title)).join(', '),
    department: profile.department,
    verified: (profile.verifiedMemberships ?? []).map(verifiedBadgeText),
    contact: facts(text(profile.email), text(profile.phone), resume.url),
    headshot: profile.profileImagePhotoId !== null ? profile.profileImage : null,
    blocks,
    generatedOn: resume.generatedOn,
  };
}
