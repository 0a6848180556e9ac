/**
 * The admin dashboard (spec 01 §§2, 3, 5, 7, 8): the JSON shapes the admin API returns and the islands receive,
 * the spec's labels and failure messages word for word, the server's own answers, and the request schemas.
 * Shared by the server and the admin islands (no server imports here).
 */
import { boolean, date, mixed, number, object, string } from 'yup';
import type { AiLogJson } from './aiLogs';
import type { Role, UserJson } from './auth';
import { id, lowerCased, onStrings, trimmed, upperCased } from './common';

export const ROLE_VALUES: readonly Role[] = ['user', 'admin', 'super_admin'];
export const ROLE_LABELS: Record<Role, string> = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' };

// ── JSON shapes ───────────────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/stats (spec 01 §3 "Admin stats"). adminUsers counts admins and super_admins. */
export interface AdminStatsJson {
  totalUsers: number;
  activeUsers: number;
  inactiveUsers: number;
  adminUsers: number;
  regularUsers: number;
}

/**
 * What the viewer may do to a user from the Users tab (adminUserPolicy, src/policies/admin.ts): the island
 * offers exactly these, and the server refuses the rest.
 */
export interface AdminUserCanJson {
  changeRole: boolean;
  /** Offer the Super Admin role (a role change to super_admin). */
  promoteToSuperAdmin: boolean;
  /** Activate or deactivate. */
  changeStatus: boolean;
  delete: boolean;
  blacklistEmail: boolean;
}

/** A user on the Users tab: the account plus the primary department's name, the profile's id, and `can`. */
export interface AdminUserJson extends UserJson {
  department: string | null;
  profileId: number | null;
  can: AdminUserCanJson;
}

/** A page of a server-paged list. `page` counts from 1. */
export interface PageJson {
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUsersPageJson extends PageJson {
  users: AdminUserJson[];
}

export interface BetaCodeUserJson {
  id: number;
  name: string;
  email: string;
  /** ISO 8601. */
  usedAt: string;
}

/** A beta code (spec 01 §3); `isFullyUsed` and `isExpired` are the Fully Used and Expired states (§4). */
export interface BetaCodeJson {
  id: number;
  code: string;
  maxUses: number;
  currentUses: number;
  expiresAt: string | null;
  notes: string | null;
  isActive: boolean;
  isFullyUsed: boolean;
  isExpired: boolean;
  createdAt: string;
  createdBy: number | null;
  usedBy: BetaCodeUserJson[];
}

export interface BetaCodeStatsJson {
  totalCodes: number;
  /** Active, unexpired and not fully used: codes someone could register with now. */
  activeCodes: number;
  totalUses: number;
  expiredCodes: number;
}

export type BlacklistType = 'email' | 'domain';

export interface BlacklistEntryJson {
  id: number;
  type: BlacklistType;
  value: string;
  reason: string | null;
  isActive: boolean;
  createdAt: string;
  createdBy: number | null;
}

export const AI_LOG_FILTERS = ['all', 'enhancement', 'photo_analysis', 'pending'] as const;
export type AiLogFilter = (typeof AI_LOG_FILTERS)[number];

/** Over every log, whatever the filter. Rates are percentages (0–100), null while there is nothing to rate. */
export interface AiLogStatsJson {
  totalInteractions: number;
  /** accepted ÷ total interactions, as a percentage. */
  acceptanceRate: number | null;
  /** The mean confidence of the logs that have one, as a percentage. */
  avgConfidence: number | null;
  pendingFeedback: number;
}

export interface AiLogsPageJson extends PageJson {
  filter: AiLogFilter;
  logs: AiLogJson[];
  stats: AiLogStatsJson;
}

/** POST /api/admin/test-supabase-connection. */
export interface ConnectionTestJson {
  version: string;
}

export interface SetupTableReportJson {
  table: string;
  sourceRows: number;
  targetRows: number;
}

/** POST /api/admin/setup-supabase: what was copied, the measured comparison, and what to set before restarting. */
export interface SetupReportJson {
  version: string;
  migrations: number;
  tables: SetupTableReportJson[];
  totalRows: number;
  durationMs: number;
  performanceImprovement: {
    /** Median milliseconds of the same read queries on each database. */
    currentMs: number;
    targetMs: number;
    /** currentMs ÷ targetMs: above 1 means the target answers faster. */
    ratio: number;
    queries: string[];
  };
  /** The environment to set before the next start; the password is never echoed. */
  nextStep: { DATABASE_URL: string; message: string };
}

/** The set-up page's result after a form's plain post, shown once: a connection test's version or a set-up's report. */
export interface DatabaseSetupResultJson {
  version?: string;
  report?: SetupReportJson;
}

// ── messages ──────────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_LABELS = {
  title: 'Admin Dashboard',
  accessDenied: 'Access Denied',
  accessDeniedMessage: "You don't have permission to access this page.",
  tabs: {
    users: 'Users',
    betaCodes: 'Beta Codes',
    blacklist: 'Blacklist',
    aiLogs: 'AI Logs',
    departments: 'Departments',
  },
  stats: {
    totalUsers: 'Total Users',
    activeUsers: 'Active Users',
    inactiveUsers: 'Inactive Users',
    adminUsers: 'Admin Users',
    regularUsers: 'Regular Users',
  },
  codeStats: { totalCodes: 'Total Codes', activeCodes: 'Active Codes', totalUses: 'Total Uses', expired: 'Expired' },
  active: 'Active',
  inactive: 'Inactive',
  fullyUsed: 'Fully Used',
  expired: 'Expired',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  createCode: 'Create Code',
  userAdded: 'User Added',
  official: 'Official',
  pendingVerification: 'Pending Verification',
  verify: 'Verify',
  reject: 'Reject',
  aiStats: {
    totalInteractions: 'Total Interactions',
    acceptanceRate: 'Acceptance Rate',
    avgConfidence: 'Avg Confidence',
    pendingFeedback: 'Pending Feedback',
  },
  aiFilters: { all: 'All', enhancement: 'Enhancement', photo_analysis: 'Photo Analysis', pending: 'Pending' },
  databaseSetup: 'Database setup',
} as const;

/** Spec 01 §8: the admin actions' failures, and the database set-up page's titles and texts. */
export const ADMIN_MESSAGES = {
  updateRoleFailed: 'Failed to update role',
  updateStatusFailed: 'Failed to update status',
  deleteUserFailed: 'Failed to delete user',
  updateDepartmentFailed: 'Failed to update department',
  verifyDepartmentFailed: 'Failed to verify department',
  addBlacklistFailed: 'Failed to add to blacklist',
  removeBlacklistFailed: 'Failed to remove from blacklist',
  createCodeFailed: 'Failed to create beta code',
  deactivateCodeFailed: 'Failed to deactivate beta code',
  reactivateCodeFailed: 'Failed to reactivate beta code',
  loadAiLogsFailed: 'Failed to load AI logs',
  setupFailedTitle: 'Setup Failed',
  setupFailed: 'Failed to configure Supabase. Please check your credentials.',
  connectionFailedTitle: 'Connection Failed',
  connectionFailed: 'Please check your database URL and try again.',
  missingDatabaseUrl: 'Missing Database URL',
  blacklistedByAdmin: 'Blacklisted by admin',
  // The server's own answers (the spec words none of these).
  userNotFound: 'User not found',
  betaCodeNotFound: 'Beta code not found',
  blacklistNotFound: 'Blacklist entry not found',
  departmentNotFound: 'Department not found',
  aiLogNotFound: 'AI log not found',
  notYourself: 'You cannot change your own role, status or account from the admin dashboard.',
  superAdminOnly: 'Only a super admin can grant, change or remove the super admin role.',
  superAdminSetupOnly: 'Only a super admin can set up the database.',
  lastSuperAdmin: 'At least one active super admin must remain.',
  roleInvalid: 'Role must be user, admin or super_admin',
  isActiveInvalid: 'isActive must be true or false',
  statusInvalid: 'Status must be verified or rejected',
  codeInvalid: 'Code can only contain letters, numbers and hyphens (at most 64)',
  codeTaken: 'This code already exists',
  maxUsesInvalid: 'Max uses must be a whole number of at least 1',
  expiresAtInvalid: 'Expiry must be a valid date',
  typeInvalid: 'Type must be email or domain',
  valueRequired: 'Value is required',
  emailValueInvalid: 'Please enter a valid email address',
  domainValueInvalid: 'Please enter a domain such as example.com',
  alreadyBlacklisted: 'This entry is already on the blacklist',
  databaseUrlInvalid: 'The database URL must start with postgres:// or postgresql://',
  sameDatabase: 'The target is the database this app is already using.',
  targetNotEmpty: 'The target database already holds data; set up needs an empty database.',
  countMismatch: 'The copied row counts do not match; nothing was kept.',
} as const;

// ── request schemas ───────────────────────────────────────────────────────────────────────────────────

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_SEARCH_MAX_CHARS = 100;

const pageNumber = number()
  .transform((value: unknown, original: unknown) =>
    typeof original === 'string' ? (/^[1-9][0-9]{0,5}$/.test(original) ? Number(original) : NaN) : value,
  )
  .typeError('page must be a whole number of at least 1')
  .integer()
  .min(1)
  .default(1);

const pageSize = number()
  .transform((value: unknown, original: unknown) =>
    typeof original === 'string' ? (/^[1-9][0-9]{0,2}$/.test(original) ? Number(original) : NaN) : value,
  )
  .typeError(`pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
  .integer()
  .min(1)
  .max(ADMIN_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}`)
  .default(ADMIN_PAGE_SIZE);

/** GET /api/admin/users?q=&page=&pageSize= — q searches name and e-mail (any part, any case). */
export const adminUsersQuery = object({
  q: string()
    .transform(trimmed)
    .default('')
    .transform(onStrings((text) => text.slice(0, ADMIN_SEARCH_MAX_CHARS))),
  page: pageNumber,
  pageSize,
});

/** GET /api/admin/ai-logs?filter=&page=&pageSize= */
export const aiLogsQuery = object({
  filter: mixed<AiLogFilter>()
    .oneOf([...AI_LOG_FILTERS], `filter must be one of ${AI_LOG_FILTERS.join(', ')}`)
    .default('all'),
  page: pageNumber,
  pageSize,
});

export const userRoleSchema = object({
  role: mixed<Role>()
    .oneOf([...ROLE_VALUES], ADMIN_MESSAGES.roleInvalid)
    .required(ADMIN_MESSAGES.roleInvalid),
});

export const userStatusSchema = object({
  isActive: boolean().strict().typeError(ADMIN_MESSAGES.isActiveInvalid).required(ADMIN_MESSAGES.isActiveInvalid),
});

/** PATCH /api/admin/departments/{id}: the same fields and rules as adding a department. */
export { departmentFieldsSchema as departmentEditSchema } from './departments';

export const departmentVerifySchema = object({
  status: mixed<'verified' | 'rejected'>()
    .oneOf(['verified', 'rejected'], ADMIN_MESSAGES.statusInvalid)
    .required(ADMIN_MESSAGES.statusInvalid),
});

export const BETA_CODE_MAX_CHARS = 64;

/** POST /api/admin/beta-codes. An empty code means "generate one"; the code is upper-cased (spec 01 §5). */
export const betaCodeCreateSchema = object({
  code: string()
    .transform((value: unknown, original: unknown) => (original === null || original === undefined ? '' : value))
    .transform(trimmed)
    .transform(upperCased)
    .default('')
    .matches(/^[A-Z0-9-]*$/, ADMIN_MESSAGES.codeInvalid)
    .max(BETA_CODE_MAX_CHARS, ADMIN_MESSAGES.codeInvalid),
  maxUses: number()
    .transform((value: unknown, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(ADMIN_MESSAGES.maxUsesInvalid)
    .integer(ADMIN_MESSAGES.maxUsesInvalid)
    .min(1, ADMIN_MESSAGES.maxUsesInvalid)
    .max(1_000_000, ADMIN_MESSAGES.maxUsesInvalid)
    .default(1),
  expiresAt: date()
    .transform((value: unknown, original: unknown) => (original === '' || original === undefined ? null : value))
    .typeError(ADMIN_MESSAGES.expiresAtInvalid)
    .nullable()
    .default(null),
  notes: string()
    .transform(trimmed)
    .max(500, 'Notes must be at most 500 characters')
    .nullable()
    .default(null)
    .transform((value: string | null) => (value ? value : null)),
});

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** POST /api/admin/blacklist: type email or domain; the value lower-cased and required (spec 01 §5). */
export const blacklistCreateSchema = object({
  type: mixed<BlacklistType>()
    .oneOf(['email', 'domain'], ADMIN_MESSAGES.typeInvalid)
    .required(ADMIN_MESSAGES.typeInvalid),
  value: string()
    .transform(trimmed)
    .transform(lowerCased)
    .required(ADMIN_MESSAGES.valueRequired)
    .max(254, ADMIN_MESSAGES.valueRequired)
    .test('shape', function (value) {
      if (!value) return true;
      const type = (this.parent as { type?: string }).type;
      // A domain may be given as "@example.com".
      if (type === 'domain') {
        return (
          DOMAIN_PATTERN.test(value.replace(/^@/, '')) ||
          this.createError({ message: ADMIN_MESSAGES.domainValueInvalid })
        );
      }
      return EMAIL_PATTERN.test(value) || this.createError({ message: ADMIN_MESSAGES.emailValueInvalid });
    })
    .transform(onStrings((text) => text.replace(/^@/, ''))),
  reason: string()
    .transform(trimmed)
    .max(500, 'Reason must be at most 500 characters')
    .nullable()
    .default(null)
    .transform((value: string | null) => (value ? value : null)),
});

const databaseUrl = string()
  .transform(trimmed)
  .required(ADMIN_MESSAGES.missingDatabaseUrl)
  .matches(/^postgres(ql)?:\/\/\S+$/, ADMIN_MESSAGES.databaseUrlInvalid)
  .max(2048, ADMIN_MESSAGES.databaseUrlInvalid);

/** POST /api/admin/test-supabase-connection. */
export const testConnectionSchema = object({ databaseUrl });

/** POST /api/admin/setup-supabase. projectUrl, anonKey and serviceRoleKey are Supabase's; a Postgres server needs none. */
export const databaseSetupSchema = object({
  databaseUrl,
  projectUrl: string().transform(trimmed).max(2048).nullable().optional(),
  anonKey: string().max(4096).nullable().optional(),
  serviceRoleKey: string().max(4096).nullable().optional(),
});

// ── display helpers (islands and server views) ────────────────────────────────────────────────────────

/** Cuts text to `max` characters with an ellipsis (the AI Logs table: 60 for input and output, 30 for context). */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export const AI_LOG_TEXT_MAX = 60;
export const AI_LOG_CONTEXT_MAX = 30;
export const AI_LOGS_REFRESH_MS = 30_000;

// ── the dashboard's plain forms (POST /admin, by `intent`; docs/decisions/confirm-in-place.md) ─────────

/** A switch's next state as a form posts it. */
const onOff = (message: string) => mixed<'true' | 'false'>().oneOf(['true', 'false'], message).required(message);
/** The users tab's search and page, posted back so the redirect lands on the same list. */
const usersPlace = adminUsersQuery.pick(['q', 'page']);

export const betaCodeActiveFormSchema = object({
  id: id(ADMIN_MESSAGES.betaCodeNotFound),
  isActive: onOff(ADMIN_MESSAGES.isActiveInvalid),
});
export const blacklistRemoveFormSchema = object({ id: id(ADMIN_MESSAGES.blacklistNotFound) });
export const userFormSchema = usersPlace.concat(object({ id: id(ADMIN_MESSAGES.userNotFound) }));
export const userStatusFormSchema = userFormSchema.concat(object({ isActive: onOff(ADMIN_MESSAGES.isActiveInvalid) }));
export const userRoleFormSchema = userFormSchema.concat(userRoleSchema);
/** Blacklist a user's e-mail from their row: the API's body, with the row to come back to. */
export const userBlacklistFormSchema = userFormSchema.concat(blacklistCreateSchema);

/**
 * Where each action's status line goes on the dashboard: the ids of the rows and forms acted on, which are also
 * the plain post's redirect anchors (docs/decisions/confirm-in-place.md).
 */
export const ADMIN_PLACES = {
  codeRow: (id: number) => `code-${id}`,
  blacklistRow: (id: number) => `blacklist-${id}`,
  userRow: (id: number) => `user-${id}`,
  /** A row that is gone (a removed entry, a deleted user): the status line stands above the list. */
  blacklist: 'blacklist-entries',
  users: 'users-list',
  createCode: 'create-code',
  addToBlacklist: 'add-to-blacklist',
} as const;
