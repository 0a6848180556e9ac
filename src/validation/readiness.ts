/**
 * The department's side of readiness (docs/decisions/department-readiness.md): what a member shares, officers,
 * position requirements, attestations and the roster's filters. Shared by the server and the views.
 */
import { array, mixed, number, object, string } from 'yup';
import { id, lowerCased, trimmed, trimmedLine, withoutNul, NUL_TEXT_MESSAGE } from './common';
import { TRAINING_CATEGORY_LABELS, type TrainingTotal } from './lists/rules';

export const READINESS_KINDS = ['certifications', 'licenses', 'trainingHours', 'readinessDates'] as const;
export type ReadinessKind = (typeof READINESS_KINDS)[number];

export const READINESS_KIND_LABELS: Record<ReadinessKind, string> = {
  certifications: 'Certifications',
  licenses: 'Licenses',
  trainingHours: 'Training hours',
  readinessDates: 'Readiness dates',
};

/** A roster cell: the shared item's state by the member's reminder window, or nothing shared that matches. */
export const CELL_STATES = ['current', 'expiring', 'expired', 'missing'] as const;
export type CellState = (typeof CELL_STATES)[number];

export const CELL_LABELS: Record<CellState, string> = {
  current: 'Current',
  expiring: 'Expiring',
  expired: 'Expired',
  missing: 'Missing',
};

export const POSITION_NAME_MAX = 80;
export const POSITION_CREDENTIALS_MAX = 12;

export const READINESS_MESSAGES = {
  notVerified: 'Only a member verified in this department can share with it.',
  kindsRequired: 'Choose at least one thing to share',
  kindChoice: 'Choose certifications, licenses, training hours or readiness dates',
  nothingShared: 'You do not share anything with this department.',
  shared: 'Shared with the department.',
  withdrawn: 'Sharing withdrawn. The department no longer sees anything of yours.',
  rosterNotFound: 'Department not found',
  notOfficer: 'Only the department’s training officers and verifiers see its readiness.',
  grantRefused: 'Only a site admin or the department’s verifier can grant the training officer role.',
  officerNotFound: 'Training officer not found',
  alreadyOfficer: 'That account is already a training officer of this department',
  noSuchEmail: 'No account uses that e-mail address',
  emailRequired: 'E-mail is required',
  positionNameRequired: 'Position name is required',
  positionNameMax: `Position name must be at most ${POSITION_NAME_MAX} characters`,
  positionCredentialsRequired: 'Choose at least one credential from the catalogue',
  positionCredentialsMax: `A position needs at most ${POSITION_CREDENTIALS_MAX} credentials`,
  positionCredentialUnknown: 'Choose credentials from the catalogue',
  positionTaken: 'The department already has a position with that name',
  positionNotFound: 'Position not found',
  itemNotShared: 'That credential is not shared with this department',
  attested: 'Attested.',
  alreadyAttested: 'The department already attested that credential',
  listChoice: 'Choose a certification or a license',
} as const;

const kinds = array(
  mixed<ReadinessKind>()
    .oneOf([...READINESS_KINDS], READINESS_MESSAGES.kindChoice)
    .required(READINESS_MESSAGES.kindChoice),
)
  .min(1, READINESS_MESSAGES.kindsRequired)
  .max(READINESS_KINDS.length, READINESS_MESSAGES.kindChoice)
  .required(READINESS_MESSAGES.kindsRequired);

/** PUT /api/departments/{id}/sharing and the plain form (intent `share`). */
export const consentSchema = object({ kinds });

/** POST /api/departments/{id}/officers: the new officer by their account e-mail. */
export const officerGrantSchema = object({
  email: string()
    .transform(trimmed)
    .transform(lowerCased)
    .required(READINESS_MESSAGES.emailRequired)
    .max(320, READINESS_MESSAGES.noSuchEmail),
});

/** POST /api/departments/{id}/positions: a position and the catalogue credentials it needs (by name). */
export const positionSchema = object({
  name: string()
    .transform(trimmedLine)
    .required(READINESS_MESSAGES.positionNameRequired)
    .max(POSITION_NAME_MAX, READINESS_MESSAGES.positionNameMax)
    .test('nul', NUL_TEXT_MESSAGE, withoutNul),
  credentials: array(string().transform(trimmedLine).required(READINESS_MESSAGES.positionCredentialsRequired))
    .min(1, READINESS_MESSAGES.positionCredentialsRequired)
    .max(POSITION_CREDENTIALS_MAX, READINESS_MESSAGES.positionCredentialsMax)
    .required(READINESS_MESSAGES.positionCredentialsRequired),
});

/** POST /api/departments/{id}/attestations: one shared certification or license. */
export const attestSchema = object({
  list: mixed<'certifications' | 'licenses'>()
    .oneOf(['certifications', 'licenses'], READINESS_MESSAGES.listChoice)
    .required(READINESS_MESSAGES.listChoice),
  itemId: id(READINESS_MESSAGES.itemNotShared),
});

/**
 * Members on one page of the roster: a department of a thousand is read in pages, so a page stays a page (every
 * member × every credential, with its Attest forms, was megabytes). The CSV holds every page.
 */
export const ROSTER_PAGE_SIZE = 50;

/** The roster's filters (links): a cell state, a position; and the page. */
export const rosterQuery = object({
  state: mixed<CellState>()
    .oneOf([...CELL_STATES, undefined])
    .optional(),
  position: id().optional().default(undefined),
  page: number().integer().min(1).max(10_000).optional(),
});

/** Where the roster is, with its filters and page (a page past the first only when asked): links and redirects. */
export function rosterPath(
  departmentId: number,
  at: { state?: CellState | null; position?: number | null; page?: number | null },
): string {
  const query = new URLSearchParams();
  if (at.state) query.set('state', at.state);
  if (at.position) query.set('position', String(at.position));
  if (at.page && at.page > 1) query.set('page', String(at.page));
  const text = query.toString();
  return `/departments/${departmentId}/readiness${text ? `?${text}` : ''}`;
}

/** The attest form: the item, and the roster's filters and page the officer was on, to go back to. */
export const attestFormSchema = attestSchema.concat(rosterQuery);

/** `/departments/{id}/…` */
export const departmentParams = object({ id: id(READINESS_MESSAGES.rosterNotFound) });

/** A presented attestation: the badge's words. */
export interface AttestationJson {
  departmentId: number;
  departmentName: string;
  /** YYYY-MM-DD */
  attestedOn: string;
}

export const attestationText = (a: AttestationJson) => `Attested by ${a.departmentName}, ${a.attestedOn}`;

/** One column of the roster: a credential by name (case-insensitive), from the catalogue or the shared items. */
export interface RosterCellJson {
  state: CellState;
  /** The shared item's expiry as the member wrote it, when there is one. */
  expires: string | null;
  list: 'certifications' | 'licenses' | null;
  itemId: number | null;
  attested: AttestationJson | null;
}

export interface RosterMemberJson {
  userId: number;
  name: string;
  profilePath: string | null;
  kinds: ReadinessKind[];
  cells: Record<string, RosterCellJson>;
  qualifiedFor: string[];
  /** Position name → the credentials the member lacks for it. */
  lacks: Record<string, string[]>;
  /**
   * This year's training hours by ISO category (docs/decisions/training-hours.md), only when the member shares
   * training hours with the department; null otherwise.
   */
  training?: TrainingTotal[] | null;
  /**
   * The member's readiness dates (docs/decisions/readiness-dates.md), only when they share readiness dates with the
   * department; null otherwise.
   */
  readinessDates?: SharedReadinessDateJson[] | null;
}

/** A shared readiness date: what it is, the date, its last valid day and its state by the member's window. */
export interface SharedReadinessDateJson {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD, or null when it holds with no end (an immunization with none stated). */
  validThrough: string | null;
  state: Exclude<CellState, 'missing'>;
}

/** A member's readiness dates in one line (the roster, its CSV and the digest). */
export function readinessDatesText(dates: readonly SharedReadinessDateJson[]): string {
  if (dates.length === 0) return 'None recorded';
  return dates
    .map(
      (d) =>
        `${d.title} ${d.validThrough ? `through ${d.validThrough}` : d.date} (${CELL_LABELS[d.state].toLowerCase()})`,
    )
    .join('; ');
}

/** A member's training totals in one line (the roster and its CSV): the categories with hours logged this year. */
export function trainingText(totals: readonly TrainingTotal[]): string {
  const logged = totals.filter((total) => total.hours > 0);
  if (logged.length === 0) return 'No hours this year';
  return logged
    .map((t) => `${TRAINING_CATEGORY_LABELS[t.category]} ${t.hours}/${t.target} h${t.met ? ' (met)' : ''}`)
    .join('; ');
}

export interface RosterJson {
  department: { id: number; name: string };
  credentials: string[];
  positions: Array<{ id: number; name: string; credentials: string[] }>;
  members: RosterMemberJson[];
  filter: { state: CellState | null; position: number | null };
  /** This page of the members (ROSTER_PAGE_SIZE a page) and how many match the filters in all. */
  page: { number: number; count: number; total: number };
  can: { attest: boolean; definePositions: boolean; grantOfficers: boolean };
}
