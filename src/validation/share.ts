/**
 * Sharing a profile (docs/decisions/share.md): the QR code, the contact card, the résumé (page and PDF), the link preview
 * image and the owner's insights. The JSON shapes the server presents and the Share panel island receives, the
 * résumé's sections, and the request schemas. Shared by the server and the islands (no server imports).
 */
import { array, mixed, number, object } from 'yup';
import type { ProfileJson } from './profiles';
import type { ListItemJson } from './lists';
import { RESUME_SECTION_KEYS, SHARE_MESSAGES, type ResumeSectionKey } from './shareLinks';

export * from './shareLinks';

/** PUT /api/profiles/{id}/resume-sections: which sections the résumé shows (saved on the profile). */
export const resumeSectionsSchema = object({
  sections: array(
    mixed<ResumeSectionKey>()
      .oneOf([...RESUME_SECTION_KEYS], SHARE_MESSAGES.unknownSection)
      .defined(),
  )
    .required('sections is required')
    .typeError('sections must be a list'),
});

/** The QR code's edge in pixels: small for a screen, up to 2048 for print. */
export const QR_SIZE_MIN = 64;
export const QR_SIZE_MAX = 2048;
export const QR_SIZE_DEFAULT = 512;
export const qrQuery = object({
  size: number()
    .transform((value: unknown, original: unknown) =>
      typeof original === 'string' ? (/^[0-9]{1,4}$/.test(original) ? Number(original) : NaN) : value,
    )
    .typeError(`size must be a whole number from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}`)
    .integer(`size must be a whole number from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}`)
    .min(QR_SIZE_MIN, `size must be a whole number from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}`)
    .max(QR_SIZE_MAX, `size must be a whole number from ${QR_SIZE_MIN} to ${QR_SIZE_MAX}`)
    .default(QR_SIZE_DEFAULT),
});

/** The résumé's paper: US Letter or A4 (`?paper=`), for the print page and the PDF. */
export const PAPERS = ['letter', 'a4'] as const;
export type Paper = (typeof PAPERS)[number];
export const resumeQuery = object({
  paper: mixed<Paper>()
    .oneOf([...PAPERS], 'paper must be letter or a4')
    .default('letter'),
});

/** The insights panel's periods (days). */
export const INSIGHT_PERIODS = [30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const insightsQuery = object({
  days: mixed<InsightPeriod>()
    .transform((value: unknown, original: unknown) => (typeof original === 'string' ? Number(original) : value))
    .oneOf([...INSIGHT_PERIODS], 'days must be 30 or 90')
    .default(30),
});

/** An experience group: the timeline's items at one department, newest first. */
export interface ResumeExperienceGroup {
  department: string;
  items: ListItemJson[];
}

/** The résumé as one viewer may see it: only items they may see and that are on the main profile. */
export interface ResumeJson {
  profile: ProfileJson;
  /** The canonical public address of the profile. */
  url: string;
  sections: ResumeSectionKey[];
  statement: string | null;
  certifications: ListItemJson[];
  licenses: ListItemJson[];
  experience: ResumeExperienceGroup[];
  awards: ListItemJson[];
  specialUnits: ListItemJson[];
  skills: ListItemJson[];
  incidents: ListItemJson[];
  generatedOn: string;
}

export const INSIGHT_METRICS = ['view', 'visitor', 'qr', 'vcard', 'pdf', 'referrer'] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];

export interface InsightsJson {
  profileId: number;
  days: InsightPeriod;
  /** One row per day, oldest first, zeros included. */
  daily: Array<{ day: string; views: number; visitors: number }>;
  totals: { views: number; visitors: number; qrScans: number; vcardDownloads: number; pdfDownloads: number };
  referrers: Array<{ domain: string; views: number }>;
}

export interface SiteInsightsJson {
  days: InsightPeriod;
  totals: InsightsJson['totals'];
}
