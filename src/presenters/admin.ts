/**
 * The admin dashboard's JSON (types in src/validation/admin.ts): users with their department and what the
 * viewer may do to each, the user stats, codes and their stats, the blacklist.
 */
import type { BetaCode } from '../models/BetaCode';
import type { BlacklistEntry } from '../models/BlacklistEntry';
import type { User } from '../models/User';
import { adminUserPolicy } from '../policies/admin';
import { can } from '../policies/policy';
import type { Viewer } from '../policies/viewer';
import type { BetaCodeCounts } from '../services/admin/betaCodes';
import type { AdminUserRow, UserCounts } from '../services/admin/users';
import type {
  AdminStatsJson,
  AdminUserCanJson,
  AdminUserJson,
  AdminUsersPageJson,
  BetaCodeJson,
  BetaCodeStatsJson,
  BlacklistEntryJson,
} from '../validation/admin';
import { iso } from './iso';
import { presentUser } from './users';

/** The user's row with what `viewer` may do to it, asked of the policy the server enforces. */
export function presentAdminUser(user: AdminUserRow | User, viewer: Viewer): AdminUserJson {
  const row = user as Partial<AdminUserRow>;
  const may = (action: keyof AdminUserCanJson) => can(adminUserPolicy, viewer, action, user);
  return {
    ...presentUser(user, viewer),
    department: row.department ?? null,
    profileId: row.profileId ?? null,
    can: {
      changeRole: may('changeRole'),
      promoteToSuperAdmin: may('promoteToSuperAdmin'),
      changeStatus: may('changeStatus'),
      delete: may('delete'),
      blacklistEmail: may('blacklistEmail'),
    },
  };
}

export function presentAdminUsersPage(
  page: { users: AdminUserRow[]; total: number },
  query: { page: number; pageSize: number },
  viewer: Viewer,
): AdminUsersPageJson {
  return {
    users: page.users.map((user) => presentAdminUser(user, viewer)),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export function presentAdminStats(counts: UserCounts, _viewer: Viewer): AdminStatsJson {
  return {
    totalUsers: counts.total,
    activeUsers: counts.active,
    inactiveUsers: counts.total - counts.active,
    adminUsers: counts.admins,
    regularUsers: counts.total - counts.admins,
  };
}

export function presentBetaCode(code: BetaCode, _viewer: Viewer, now = new Date()): BetaCodeJson {
  const expiresAt = code.expiresAt ? new Date(code.expiresAt) : null;
  return {
    id: code.id,
    code: code.code,
    maxUses: code.maxUses,
    currentUses: code.currentUses,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
    notes: code.notes,
    isActive: code.isActive,
    isFullyUsed: code.currentUses >= code.maxUses,
    isExpired: expiresAt !== null && expiresAt <= now,
    createdAt: iso(code.createdAt),
    createdBy: code.createdBy,
    usedBy: (code.usedBy ?? []).map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      usedAt: iso((user as User & { usedAt: Date }).usedAt),
    })),
  };
}

export function presentBetaCodeStats(counts: BetaCodeCounts, _viewer: Viewer): BetaCodeStatsJson {
  return { totalCodes: counts.total, activeCodes: counts.active, totalUses: counts.uses, expiredCodes: counts.expired };
}

export function presentBlacklistEntry(entry: BlacklistEntry, _viewer: Viewer): BlacklistEntryJson {
  return {
    id: entry.id,
    type: entry.type,
    value: entry.value,
    reason: entry.reason,
    isActive: entry.isActive,
    createdAt: iso(entry.createdAt),
    createdBy: entry.createdBy,
  };
}
