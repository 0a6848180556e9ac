/**
 * Registration and sign-in. Registration runs in the request's transaction: the blacklist check, then one
 * conditional UPDATE that takes a use of the invite code (so two racing sign-ups cannot both take a code's
 * last use), then the user and the record of which code it used. A taken e-mail is the unique index's
 * answer (users_email_lower_unique → 409, src/db/constraints.ts), so a race answers like a duplicate.
 */
import type { Knex } from 'knex';
import { BetaCode } from '../models/BetaCode';
import { User } from '../models/User';
import { ValidationError } from '../errors';
import type { Viewer } from '../policies/viewer';
import { AUTH_MESSAGES } from '../validation/auth';
import { refuseBlacklistedEmail } from './blacklist/lookup';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  inviteCode: string;
}

export async function findUserByEmail(email: string, db?: Knex): Promise<User | undefined> {
  return User.query(db).whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first();
}

/** Takes one use of an active, unexpired, not fully used code; explains which rule failed otherwise. */
async function takeInviteUse(trx: Knex.Transaction, code: string): Promise<number> {
  const taken = (await BetaCode.query(trx)
    .patch({ currentUses: BetaCode.raw('current_uses + 1') })
    .where('code', code)
    .where('isActive', true)
    .where((q) => q.whereNull('expiresAt').orWhere('expiresAt', '>', new Date()))
    .whereRaw('current_uses < max_uses')
    .returning('id')) as BetaCode[]; // patch() is typed as a count; returning() gives rows
  if (taken[0]) return taken[0].id;

  const existing = await BetaCode.query(trx).where('code', code).first();
  const field = (message: string) => new ValidationError(message, { inviteCode: message });
  if (!existing) throw field(AUTH_MESSAGES.inviteUnknown);
  if (!existing.isActive) throw field(AUTH_MESSAGES.inviteInactive);
  if (existing.expiresAt && new Date(existing.expiresAt) <= new Date()) throw field(AUTH_MESSAGES.inviteExpired);
  throw field(AUTH_MESSAGES.inviteUsedUp);
}

/** A visitor (actor null) joins with an invite code. */
export async function registerUser(trx: Knex.Transaction, actor: Viewer | null, input: RegisterInput): Promise<User> {
  await refuseBlacklistedEmail(trx, actor, { email: input.email });
  const betaCodeId = await takeInviteUse(trx, input.inviteCode);
  const user = await User.query(trx).insertAndFetch({
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    role: 'user',
    isActive: true,
  });
  await trx('beta_code_uses').insert({ betaCodeId, userId: user.id });
  return user;
}

/**
 * The user for these credentials, or undefined. Inactive users fail exactly like a wrong password. Pass the
 * request's transaction when there is one: on the embedded database (one connection) a read beside it would
 * wait for the transaction that waits for it.
 */
export async function authenticate(input: { email: string; password: string }, db?: Knex): Promise<User | undefined> {
  const user = await findUserByEmail(input.email, db);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  return user && valid && user.isActive ? user : undefined;
}
