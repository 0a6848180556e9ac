/**
 * Registration and sign-in. Registration runs in one transaction: duplicate and blacklist checks,
 * then one conditional UPDATE that takes a use of the invite code (so two racing sign-ups cannot both
 * take a code's last use), then the user and the record of which code it used.
 */
import type { Knex } from 'knex';
import { Model } from 'objection';
import { isUniqueViolation } from '../db/errors';
import { BetaCode } from '../models/BetaCode';
import { User } from '../models/User';
import { ConflictError, ValidationError } from '../http/errors';
import { isBlacklisted } from './blacklist';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  emailNotAllowed: 'Registration is not available for this email address',
  inviteUnknown: 'Invalid invite code',
  inviteInactive: 'This invite code is no longer active',
  inviteExpired: 'This invite code has expired',
  inviteUsedUp: 'This invite code has already been fully used',
} as const;

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  inviteCode: string;
}

export async function findUserByEmail(email: string, trx?: Knex.Transaction): Promise<User | undefined> {
  return User.query(trx).whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first();
}

/** Takes one use of an active, unexpired, not fully used code; explains which rule failed otherwise. */
async function takeInviteUse(code: string, trx: Knex.Transaction): Promise<number> {
  const taken = (await BetaCode.query(trx)
    .patch({ currentUses: BetaCode.raw('current_uses + 1') as unknown as number })
    .where('code', code)
    .where('isActive', true)
    .where((q) => q.whereNull('expiresAt').orWhere('expiresAt', '>', new Date()))
    .whereRaw('current_uses < max_uses')
    .returning('id')) as unknown as Array<{ id: number }>;
  if (taken[0]) return taken[0].id;

  const existing = await BetaCode.query(trx).where('code', code).first();
  const field = (message: string) => new ValidationError(message, { inviteCode: message });
  if (!existing) throw field(AUTH_MESSAGES.inviteUnknown);
  if (!existing.isActive) throw field(AUTH_MESSAGES.inviteInactive);
  if (existing.expiresAt && new Date(existing.expiresAt) <= new Date()) throw field(AUTH_MESSAGES.inviteExpired);
  throw field(AUTH_MESSAGES.inviteUsedUp);
}

export async function registerUser(input: RegisterInput): Promise<User> {
  const passwordHash = await hashPassword(input.password); // slow: outside the transaction
  try {
    return await Model.transaction(async (trx) => {
      if (await findUserByEmail(input.email, trx)) {
        throw new ConflictError(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      }
      if (await isBlacklisted(input.email, trx)) {
        throw new ValidationError(AUTH_MESSAGES.emailNotAllowed, { email: AUTH_MESSAGES.emailNotAllowed });
      }
      const betaCodeId = await takeInviteUse(input.inviteCode, trx);
      const user = await User.query(trx).insertAndFetch({
        name: input.name,
        email: input.email,
        passwordHash,
        role: 'user',
        isActive: true,
      });
      await trx('beta_code_uses').insert({ betaCodeId, userId: user.id });
      return user;
    });
  } catch (error) {
    // Two sign-ups with the same address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) {
      throw new ConflictError(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    }
    throw error;
  }
}

/** The user for these credentials, or undefined. Inactive users fail exactly like a wrong password. */
export async function authenticate(email: string, password: string): Promise<User | undefined> {
  const user = await findUserByEmail(email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  return user && valid && user.isActive ? user : undefined;
}
