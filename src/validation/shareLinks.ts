/**
 * The Share panel's part of sharing (docs/decisions/share.md) without the request schemas (src/validation/share.ts re-exports
 * all of it): the résumé's sections, the panel's messages and the links it receives. No yup here, so the owner's
 * page does not load the schema library for the panel (the same split as profileWidgets.ts).
 */
/** The résumé's sections in fire-service order (the header with name, rank, department and contact is always there). */
export const RESUME_SECTIONS = [
  { key: 'statement', title: 'Personal Statement' },
  { key: 'credentials', title: 'Certifications & Licenses' },
  { key: 'experience', title: 'Experience' },
  { key: 'awards', title: 'Awards' },
  { key: 'specialUnits', title: 'Special Units' },
  { key: 'skills', title: 'Skills' },
  { key: 'incidents', title: 'Selected Incidents' },
] as const;
export type ResumeSectionKey = (typeof RESUME_SECTIONS)[number]['key'];
export const RESUME_SECTION_KEYS = RESUME_SECTIONS.map((s) => s.key) as ResumeSectionKey[];

export const SHARE_MESSAGES = {
  sectionsSaved: 'Résumé sections saved',
  sectionsFailed: 'Failed to save résumé sections',
  unknownSection: 'Unknown résumé section',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link',
} as const;

/** What the Share panel needs (the owner's page): its links, all built on the server. */
export interface ShareLinksJson {
  publicUrl: string;
  qrSvg: string;
  qrPng: string;
  contactCard: string;
  resume: string;
  resumePdf: string;
  /** The visitor's view as a JSON Resume document (docs/decisions/import-and-json-resume.md). */
  jsonResume: string;
  ogImage: string;
  insights: string;
  resumeSections: ResumeSectionKey[];
}

/**
 * A membership credential the owner may share from the panel (docs/decisions/wallet-card.md): issued and not
 * revoked, with its file, its public verify page and its printable card. The owner's own page only.
 */
export interface SharedCredentialJson {
  kind: 'Membership' | 'Certification' | 'License';
  department: string;
  /** What it is of: the department for a membership, the attested certification's or license's name. */
  title: string;
  download: string;
  verify: string;
  /** The printable card (memberships only). */
  card: string | null;
}
