/**
 * Sessions live in the `sessions` table, keyed by a SHA-256 of the random token the client holds
 * (in the cookie, or as a bearer token). Each node keeps what it read for a short while (src/services/sessionCache.ts);
 * every write here announces the change (src/services/sessionChanges.ts), so deleting rows still revokes at once.
 */
import type { Knex } from 'knex';
import { Profile } from '../models/Profile';
import { Session } from '../models/Session';
import { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import { announceSessionChange } from './sessionChanges';
import { hashToken } from './tokens';

export interface SessionData {
  userId?: number;
  [key: string]: unknown;
}

/**
 * The live session for a token together with its user, in one query (this runs on every signed-in request).
 * The session of a deleted user is gone with the user (ON DELETE CASCADE).
 */
export interface FoundSession {
  data: SessionData;
  user: User;
  /** When the session ends (ms since the epoch). */
  expiresAt: number;
  /** The user's own profile (the menu's My Profile), read in the same query; null before they make one. */
  ownProfileId: number | null;
}

export async function findSessionWithUser(token: string): Promise<FoundSession | undefined> {
  const row = (await User.query()
    .select('users.*', 'sessions.data as sessionData', 'sessions.expiresAt as sessionExpiresAt')
    .select(Profile.query().select('profiles.id').whereColumn('profiles.userId', 'users.id').as('ownProfileId'))
    .join('sessions', 'sessions.userId', 'users.id')
    .where('sessions.tokenHash', hashToken(token))
    .where('sessions.expiresAt', '>', new Date())
    .first()) as
    | (User & { sessionData?: Record<string, unknown>; sessionExpiresAt: Date | string; ownProfileId: number | null })
    | undefined;
  if (!row) return undefined;
  const { sessionData, sessionExpiresAt, ownProfileId, ...userColumns } = row;
  return {
    data: { ...sessionData, userId: row.id },
    user: User.fromJson(userColumns, { skipValidation: true }),
    expiresAt: new Date(sessionExpiresAt).getTime(),
    ownProfileId: ownProfileId ?? null,
  };
}

/**
 * Creates or refreshes the session a token names, signed in as `input.userId`. Runs in the caller's
 * transaction: a sign-up's, whose user only it can see yet, or one of its own (src/http/session.ts).
 */
export async function saveSession(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string; userId: number; data: Record<string, unknown>; maxAgeMs: number },
): Promise<void> {
  const expiresAt = new Date(Date.now() + input.maxAgeMs);
  await Session.query(trx)
    .insert({ tokenHash: hashToken(input.token), userId: input.userId, data: input.data, expiresAt })
    .onConflict('tokenHash')
    .merge(['data', 'expiresAt']);
  announceSessionChange(trx, input.userId);
}

/** Ends the session a token names (sign-out, or the old id of a session being regenerated). */
export async function destroySession(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string },
): Promise<void> {
  const ended = (await Session.query(trx)
    .where('tokenHash', hashToken(input.token))
    .delete()
    .returning('userId')) as unknown as Pick<Session, 'userId'>[];
  for (const { userId } of ended) announceSessionChange(trx, userId);
}

/** Ends every session of a user (password change or reset, deactivation, deletion). */
export async function revokeUserSessions(trx: Knex.Transaction, userId: number, exceptToken?: string): Promise<number> {
  const query = Session.query(trx).where('userId', userId);
  if (exceptToken) query.whereNot('tokenHash', hashToken(exceptToken));
  announceSessionChange(trx, userId);
  return query.delete();
}

export async function deleteExpiredSessions(): Promise<number> {
  return Session.query().where('expiresAt', '<=', new Date()).delete();
}
