/**
 * Sessions live in the `sessions` table, keyed by a SHA-256 of the random token the client holds
 * (in the cookie, or as a bearer token). Reading a session hits the table, so deleting rows revokes at once.
 */
import type { Knex } from 'knex';
import { Session } from '../models/Session';
import { User } from '../models/User';
import { hashToken } from './tokens';

export interface SessionData {
  userId?: number;
  [key: string]: unknown;
}

/**
 * The live session for a token together with its user, in one query (this runs on every signed-in request).
 * The session of a deleted user is gone with the user (ON DELETE CASCADE).
 */
export async function findSessionWithUser(token: string): Promise<{ data: SessionData; user: User } | undefined> {
  const row = (await User.query()
    .select('users.*', 'sessions.data as sessionData')
    .join('sessions', 'sessions.userId', 'users.id')
    .where('sessions.tokenHash', hashToken(token))
    .where('sessions.expiresAt', '>', new Date())
    .first()) as (User & { sessionData?: Record<string, unknown> }) | undefined;
  if (!row) return undefined;
  const { sessionData, ...userColumns } = row;
  return { data: { ...sessionData, userId: row.id }, user: User.fromJson(userColumns, { skipValidation: true }) };
}

/** Creates or refreshes a signed-in session; `db` is the request's transaction when it has one. */
export async function saveSession(
  db: Knex | undefined,
  token: string,
  data: SessionData,
  maxAgeMs: number,
): Promise<void> {
  if (typeof data.userId !== 'number') return; // only signed-in sessions are stored
  const { userId, ...rest } = data;
  const expiresAt = new Date(Date.now() + maxAgeMs);
  await Session.query(db)
    .insert({ tokenHash: hashToken(token), userId, data: rest, expiresAt })
    .onConflict('tokenHash')
    .merge(['data', 'expiresAt']);
}

export async function destroySession(db: Knex | undefined, token: string): Promise<void> {
  await Session.query(db).where('tokenHash', hashToken(token)).delete();
}

/** Ends every session of a user (password change or reset, deactivation, deletion). */
export async function revokeUserSessions(trx: Knex.Transaction, userId: number, exceptToken?: string): Promise<number> {
  const query = Session.query(trx).where('userId', userId);
  if (exceptToken) query.whereNot('tokenHash', hashToken(exceptToken));
  return query.delete();
}

export async function deleteExpiredSessions(): Promise<number> {
  return Session.query().where('expiresAt', '<=', new Date()).delete();
}
