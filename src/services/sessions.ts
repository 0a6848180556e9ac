/**
 * Sessions live in the `sessions` table, keyed by a SHA-256 of the random token the client holds
 * (in the cookie, or as a bearer token). Each node keeps what it read for a short while (src/services/sessionCache.ts);
 * the database's trigger tells every node of each change to a session or its user, whoever made it
 * (migrations/20261129100000_one_change_channel.ts), so deleting rows revokes at once.
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Profile } from '../models/Profile';
import { Session } from '../models/Session';
import { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import { describeDevice, noteSignInDevice, type DeviceAlertDeps } from './devices';
import { rosterLinksColumn, type RosterLink } from './readiness/rosterLinks';
import { hashToken } from './tokens';
import { VERIFIED_MEMBERSHIP_SQL } from './verification/verifiedMemberships';

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
  /** When the session last proved who holds it (ms since the epoch; docs/api.md "Step-up"), or null. */
  provedAt: number | null;
  /** Facts about the user that signed-in pages ask on every request, read in the same query (kept with it). */
  facts: SessionFacts;
}

/**
 * What a session carries about its user besides the row. The database's trigger tells every node of each write to
 * the tables these come from, so a kept session never shows an old fact.
 */
export interface SessionFacts {
  /** The user's own profile (the menu's My Profile); null before they make one. */
  ownProfileId: number | null;
  /** The departments they are verified in (docs/decisions/verified-membership.md), ascending: whose colleague they are (§5). */
  verifiedDepartmentIds: readonly number[];
  /** Whether they verify some department (the menu's Verification Requests). */
  isDepartmentVerifier: boolean;
  /** The departments whose readiness roster they read, by name (the menu's Readiness links). */
  rosterLinks: readonly RosterLink[];
}

export async function findSessionWithUser(token: string): Promise<FoundSession | undefined> {
  const row = (await User.query()
    .select(
      'users.*',
      'sessions.data as sessionData',
      'sessions.expiresAt as sessionExpiresAt',
      'sessions.provedAt as sessionProvedAt',
    )
    .select(Profile.query().select('profiles.id').whereColumn('profiles.userId', 'users.id').as('ownProfileId'))
    .select(rosterLinksColumn('users.id'))
    .select(
      raw(
        `array(select mv.department_id from membership_verifications mv
                where mv.user_id = users.id and ${VERIFIED_MEMBERSHIP_SQL} order by 1) as verified_department_ids,
         exists(select 1 from department_verifiers dv where dv.user_id = users.id) as is_department_verifier`,
      ),
    )
    .join('sessions', 'sessions.userId', 'users.id')
    .where('sessions.tokenHash', hashToken(token))
    .where('sessions.expiresAt', '>', new Date())
    .first()) as
    | (User & {
        sessionData?: Record<string, unknown>;
        sessionExpiresAt: Date | string;
        sessionProvedAt: Date | string | null;
      } & SessionFacts)
    | undefined;
  if (!row) return undefined;
  const {
    sessionData,
    sessionExpiresAt,
    sessionProvedAt,
    ownProfileId,
    verifiedDepartmentIds,
    isDepartmentVerifier,
    rosterLinks,
    ...userColumns
  } = row;
  return {
    data: { ...sessionData, userId: row.id },
    user: User.fromJson(userColumns, { skipValidation: true }),
    expiresAt: new Date(sessionExpiresAt).getTime(),
    provedAt: sessionProvedAt ? new Date(sessionProvedAt).getTime() : null,
    facts: {
      ownProfileId: ownProfileId ?? null,
      verifiedDepartmentIds: verifiedDepartmentIds ?? [],
      isDepartmentVerifier: Boolean(isDepartmentVerifier),
      rosterLinks: rosterLinks ?? [],
    },
  };
}

/**
 * Creates or refreshes the session a token names, signed in as `input.userId`. Runs in the caller's
 * transaction: a sign-up's, whose user only it can see yet, or one of its own (src/http/session.ts).
 * A new session records the device it signed in with (`userAgent`, parsed once) and, given `alerts`, notes the
 * device for the new-device e-mail (src/services/devices.ts); a sign-in's new session is proved at `provedAt`
 * (docs/api.md "Step-up"). A refresh changes only the data and expiry.
 * Resolves to true when the session was created.
 */
export async function saveSession(
  trx: Knex.Transaction,
  actor: Viewer | null,
  input: {
    token: string;
    userId: number;
    data: Record<string, unknown>;
    maxAgeMs: number;
    userAgent?: string | null;
    provedAt?: Date;
  },
  alerts?: DeviceAlertDeps,
): Promise<boolean> {
  const expiresAt = new Date(Date.now() + input.maxAgeMs);
  const device = describeDevice(input.userAgent);
  const hasDevice = input.userAgent !== undefined;
  const { rows } = (await trx.raw(
    `insert into sessions (token_hash, user_id, data, expires_at, user_agent, browser, os, proved_at)
     values (?, ?, ?::jsonb, ?, ?, ?, ?, ?)
     on conflict (token_hash) do update set data = excluded.data, expires_at = excluded.expires_at
     returning (xmax = 0) as created`,
    [
      hashToken(input.token),
      input.userId,
      JSON.stringify(input.data),
      expiresAt,
      device.userAgent,
      hasDevice ? device.browser : null,
      hasDevice ? device.os : null,
      input.provedAt ?? null,
    ],
  )) as { rows: Array<{ created: boolean }> };
  const created = rows[0]?.created === true;
  if (created && hasDevice && alerts) await noteSignInDevice(trx, actor, { userId: input.userId, device }, alerts);
  return created;
}

/**
 * Notes that the session a token names has just proved who holds it (the password and second factor, or a passkey):
 * sensitive changes check it against the step-up window (src/http/recentProof.ts). Every node drops its kept copy.
 */
export async function recordSessionProof(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { token: string; at: Date },
): Promise<void> {
  await Session.query(trx)
    .where({ tokenHash: hashToken(input.token), userId: actor.id })
    .patch({ provedAt: input.at } as Partial<Session>);
}

/** Ends the session a token names (sign-out, or the old id of a session being regenerated). */
export async function destroySession(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string },
): Promise<void> {
  await Session.query(trx).where('tokenHash', hashToken(input.token)).delete();
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
