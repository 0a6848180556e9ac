/**
 * Revocation (docs/decisions/verifiable-credentials.md): setting `revoked_at` sets the credential's bit in its
 * department's Bitstring Status List, which is built from these rows on every request that is not answered from
 * a node's cache of the same rows, so every node sees a revocation as soon as it commits.
 */
import type { Knex } from 'knex';
import { IssuedCredential, type AchievementKind } from '../../models/IssuedCredential';
import type { User } from '../../models/User';

export type RevocationReason = 'superseded' | 'membership revoked' | 'account deleted' | 'member asked';

/** Revokes the matching credentials still valid; returns how many. */
export async function revokeCredentials(
  trx: Knex.Transaction,
  input: {
    userId: number;
    departmentId?: number;
    achievementType?: AchievementKind;
    reason: RevocationReason;
    now?: Date;
  },
): Promise<number> {
  const query = IssuedCredential.query(trx)
    .patch({ revokedAt: input.now ?? new Date(), revokedReason: input.reason })
    .where('userId', input.userId)
    .whereNull('revokedAt');
  if (input.departmentId !== undefined) query.where('departmentId', input.departmentId);
  if (input.achievementType !== undefined) query.where('achievementType', input.achievementType);
  return query;
}

/** A deleted account's credentials are revoked, not forgotten: their rows stay (user set null) with their bits set. */
export async function revokeAccountCredentials(trx: Knex.Transaction, user: User): Promise<void> {
  await revokeCredentials(trx, { userId: user.id, reason: 'account deleted' });
}
