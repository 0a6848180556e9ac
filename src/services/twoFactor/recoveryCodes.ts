/**
 * Recovery codes (docs/decisions/two-factor.md; docs/decisions/recovery-codes-keyed-hash.md): ten one-time codes per enrolment.
 * A code is random (ten characters from a 31-letter alphabet, about 50 bits), so a slow password hash buys
 * nothing against a stolen database and costs the server seconds per guess; each is stored as
 * HMAC-SHA-256(key, "<user id>:<code>") under a key derived from SESSION_SECRET, and a guess is one keyed hash
 * and one indexed lookup. The user id in the message binds a code to its account.
 * Invariants: each code is spent once (a conditional UPDATE, so two racing uses cannot both pass). Codes stored
 * before this scheme (argon2 hashes) were retired by the migration, which told each owner in their security log.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { RecoveryCode } from '../../models/RecoveryCode';
import { RECOVERY_CODE_COUNT } from '../../validation/twoFactor';
import { derivedKey } from './secretBox';

/** A recovery code as shown: ten characters from an unambiguous alphabet, in two groups (about 50 bits). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What is stored for a code: the keyed hash of the user id and the code's ten characters (no dash, any case). */
export function recoveryCodeDigest(sessionSecret: string, userId: number, code: string): string {
  const normalised = code.replace(/[\s-]/g, '').toLowerCase();
  return crypto
    .createHmac('sha256', derivedKey(sessionSecret, 'recovery-code-v1'))
    .update(`${userId}:${normalised}`)
    .digest('hex');
}

/** Replaces the user's recovery codes with ten new ones; answers them (the only time they exist in clear). */
export async function replaceRecoveryCodes(
  trx: Knex.Transaction,
  userId: number,
  sessionSecret: string,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await RecoveryCode.query(trx).where({ userId }).delete();
  await RecoveryCode.query(trx).insert(
    codes.map((code) => ({ userId, codeDigest: recoveryCodeDigest(sessionSecret, userId, code) })),
  );
  return codes;
}

/** Spends the matching unused code; answers how many are left, or null when none matches. */
export async function spendRecoveryCode(
  trx: Knex.Transaction,
  userId: number,
  input: { code: string; sessionSecret: string },
): Promise<{ left: number } | null> {
  const codeDigest = recoveryCodeDigest(input.sessionSecret, userId, input.code);
  const spent = await RecoveryCode.query(trx)
    .where({ userId, codeDigest })
    .whereNull('usedAt')
    .patch({ usedAt: new Date() });
  if (!spent) return null;
  return { left: await RecoveryCode.query(trx).where({ userId }).whereNull('usedAt').resultSize() };
}
