/**
 * Short-lived, single-use sign-in state (docs/decisions/two-factor.md, docs/decisions/passkeys.md). The password step hands over to the code step with a
 * random token (its SHA-256 is the row's key); no session exists until the second step passes. A challenge is
 * taken with `delete … returning`, so two racing uses cannot both succeed. Expired rows are refused and swept.
 */
import type { Knex } from 'knex';
import { AuthChallenge, type AuthChallengeKind } from '../../models/AuthChallenge';
import { UnauthorizedError } from '../../errors';
import type { Viewer } from '../../policies/viewer';
import { TWO_FACTOR_MESSAGES } from '../../validation/twoFactor';
import { hashToken, randomToken } from '../tokens';

/** How long each kind of challenge lives. */
export const CHALLENGE_TTL_MS: Record<AuthChallengeKind, number> = {
  second_factor: 5 * 60_000,
  enrol: 15 * 60_000,
  passkey_register: 5 * 60_000,
  passkey_login: 5 * 60_000,
};

/** A new challenge; answers its token (or stores `token` itself: WebAuthn's own challenge). */
export async function createChallenge(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { userId: number | null; kind: AuthChallengeKind; token?: string },
): Promise<string> {
  const token = input.token ?? randomToken();
  await AuthChallenge.query(trx).where('expiresAt', '<', new Date()).delete();
  await AuthChallenge.query(trx).insert({
    tokenHash: hashToken(token),
    userId: input.userId,
    kind: input.kind,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS[input.kind]),
  });
  return token;
}

/** The live challenge a token names (not taken), or undefined. */
export async function findChallenge(
  token: string | undefined,
  kind: AuthChallengeKind,
  db?: Knex,
): Promise<AuthChallenge | undefined> {
  if (!token) return undefined;
  return AuthChallenge.query(db)
    .where({ tokenHash: hashToken(token), kind })
    .where('expiresAt', '>', new Date())
    .first();
}

/** Takes the challenge (it works once); throws 401 when it is unknown, expired or already taken. */
export async function takeChallenge(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string | undefined; kind: AuthChallengeKind },
): Promise<AuthChallenge> {
  if (!input.token) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
  const taken = (await AuthChallenge.query(trx)
    .where({ tokenHash: hashToken(input.token), kind: input.kind })
    .where('expiresAt', '>', new Date())
    .delete()
    .returning('*')) as AuthChallenge[]; // delete() is typed as a count; returning() gives rows
  if (!taken[0]) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
  return taken[0];
}
