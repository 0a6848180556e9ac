/**
 * What a password sign-in needs next (docs/decisions/two-factor.md): nothing, a code (TOTP is on), or — for an admin when a super
 * admin requires two-factor for admins and no authenticator is on — enrolment before anything else.
 * The second step is a challenge (challenges.ts), not a session.
 */
import type { Knex } from 'knex';
import { User } from '../../models/User';
import { isAdmin } from '../../policies/viewer';
import { requireTwoFactorForAdmins } from '../appSettings';
import { createChallenge, takeChallenge } from './challenges';
import { startTotpEnrolment, totpEnabled, useSecondFactor, type TwoFactorDeps } from './totp';
import type { Viewer } from '../../policies/viewer';

export type SecondStep = { kind: 'none' } | { kind: 'totp' | 'enrol'; challenge: string };

/** After a correct password: opens the second step's challenge when one is due (and starts an admin's enrolment). */
export async function beginSecondStep(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: { user: User },
  deps: TwoFactorDeps,
): Promise<SecondStep> {
  const { user } = input;
  if (await totpEnabled(user.id, trx)) {
    return { kind: 'totp', challenge: await createChallenge(trx, actor, { userId: user.id, kind: 'second_factor' }) };
  }
  if (isAdmin(user) && (await requireTwoFactorForAdmins(trx))) {
    await startTotpEnrolment(trx, user, {}, deps);
    return { kind: 'enrol', challenge: await createChallenge(trx, actor, { userId: user.id, kind: 'enrol' }) };
  }
  return { kind: 'none' };
}

/** The user a live challenge belongs to (read only; the rate limit keys on it before the attempt). */
export async function challengeUser(userId: number | null, db?: Knex): Promise<User | undefined> {
  if (userId === null) return undefined;
  const user = await User.query(db).findById(userId);
  return user?.isActive ? user : undefined;
}

/**
 * The code step: takes the challenge (`delete … returning`, so two racing posts cannot both pass), then spends
 * the code. A wrong code throws, the transaction rolls back and the challenge is there for another try (the
 * caller's rate limit bounds them); a right one leaves it taken, so it works once.
 */
export async function completeSecondStep(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: { challenge: string | undefined; code: string; user: User },
  deps: TwoFactorDeps,
): Promise<User> {
  const taken = await takeChallenge(trx, actor, { token: input.challenge, kind: 'second_factor' });
  if (taken.userId !== input.user.id) throw new Error('challenge and user disagree');
  await useSecondFactor(trx, input.user, { code: input.code }, deps);
  return input.user;
}
