/** The admin dashboard's JSON (types in src/validation/admin.ts): users with their department, codes, blacklist. */
import type { BetaCode } from '../models/BetaCode';
import type { BlacklistEntry } from '../models/BlacklistEntry';
import type { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import type { AdminUserRow } from '../services/admin/users';
import type { AdminUserJson, BetaCodeJson, BlacklistEntryJson } from '../validation/admin';
import { iso } from './iso';
import { presentUser } from './users';

export function presentAdminUser(user: AdminUserRow | User, viewer: Viewer): AdminUserJson {
  const row = user as Partial<AdminUserRow>;
  return { ...presentUser(user, viewer), department: row.department ?? null, profileId: row.profileId ?? null };
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
