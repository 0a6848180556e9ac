/**
 * Signed-in devices (docs/decisions/signed-in-devices.md): each session remembers the browser and OS it signed in with (parsed once from
 * the user agent with ua-parser-js 1.x — MIT, maintained, regex tables only, no network or native code; 2.x is
 * AGPL), when it was created and when it was last seen. No IP address is kept, so no place is shown.
 *
 * A user lists their sessions, signs one out or every other one; the `sessions` trigger tells every node's session
 * cache to drop the user at commit.
 *
 * A sign-in from a browser + OS this user never signed in from before ("a new device", known_devices) e-mails
 * them after commit, when their setting says so (on by default). The very first device of an account is only
 * recorded: a sign-up is not news.
 */
import type { Knex } from 'knex';
import UAParser from 'ua-parser-js';
import type { Config } from '../config';
import { afterCommit } from '../db/transaction';
import { NotFoundError } from '../errors';
import { KnownDevice } from '../models/KnownDevice';
import { Session } from '../models/Session';
import { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import { ACCOUNT_DATA_MESSAGES } from '../validation/accountData';
import { securityPageUrl, type Mailer } from './mail';
import { recordSecurityEvent } from './securityEvents';
import { hashToken } from './tokens';

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_OS = 'Unknown system';

/** A user agent is untrusted text: kept short, and only its parsed names are shown. */
const USER_AGENT_MAX = 512;

export interface DeviceInfo {
  userAgent: string | null;
  browser: string;
  os: string;
}

export function describeDevice(userAgent: string | undefined | null): DeviceInfo {
  const ua = userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null;
  const result = new UAParser(ua ?? '').getResult();
  return {
    userAgent: ua,
    browser: result.browser.name ?? UNKNOWN_BROWSER,
    os: result.os.name ? [result.os.name, result.os.version].filter(Boolean).join(' ') : UNKNOWN_OS,
  };
}

/** What sending the new-device e-mail needs. */
export interface DeviceAlertDeps {
  mailer: Mailer;
  config: Pick<Config, 'baseUrl' | 'productName'>;
}

/**
 * Called when a session is created for `userId` (a sign-in or sign-up): records the device and, if it is new
 * for a user who had signed in before and wants alerts, e-mails them once the sign-in commits.
 */
export async function noteSignInDevice(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { userId: number; device: DeviceInfo; now?: Date },
  deps: DeviceAlertDeps,
): Promise<boolean> {
  const { browser, os } = input.device;
  const seenBefore = await KnownDevice.query(trx).where('userId', input.userId).resultSize();
  const inserted = await KnownDevice.query(trx)
    .insert({ userId: input.userId, browser, os })
    .onConflict(['userId', 'browser', 'os'])
    .ignore()
    .returning('id');
  const isNew = Array.isArray(inserted) ? inserted.length > 0 : Boolean(inserted?.id);
  if (!isNew || seenBefore === 0) return false;
  const user = await User.query(trx).findById(input.userId);
  if (!user?.newDeviceAlerts) return false;
  const when = (input.now ?? new Date()).toISOString().replace('T', ' ').slice(0, 16);
  const settings = `${deps.config.baseUrl}/account-settings#devices`;
  afterCommit(trx, () =>
    deps.mailer.send({
      to: user.email,
      subject: `New sign-in to your ${deps.config.productName} account`,
      text: [
        `Hello ${user.name},`,
        '',
        `Your ${deps.config.productName} account was just signed in to from a device it has not seen before:`,
        `${browser} on ${os}, ${when} UTC.`,
        '',
        'If this was you, there is nothing to do.',
        `If it was not, change your password and sign out the device here: ${settings}`,
        '',
        `You can turn these e-mails off under Signed-in Devices: ${settings}`,
        `Every sign-in method and recent security event: ${securityPageUrl(deps.config.baseUrl)}`,
      ].join('\n'),
    }),
  );
  return true;
}

/** The user's live sessions, most recently seen first. */
export async function listDevices(viewer: Viewer): Promise<Session[]> {
  return Session.query()
    .where('userId', viewer.id)
    .where('expiresAt', '>', new Date())
    .orderBy([
      { column: 'lastSeenAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}

/** The id of the session a token names, if it is the viewer's (marks "This device"). */
export async function currentSessionId(viewer: Viewer, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  const row = await Session.query()
    .select('id')
    .where({ tokenHash: hashToken(token), userId: viewer.id })
    .first();
  return row?.id ?? null;
}

/** The viewer's devices and which one is asking (the session `token` names), for presentDevices. */
export async function loadDevices(
  viewer: Viewer,
  token: string | undefined,
): Promise<{ sessions: Session[]; currentId: number | null }> {
  const [sessions, currentId] = await Promise.all([listDevices(viewer), currentSessionId(viewer, token)]);
  return { sessions, currentId };
}

/** Signs out one of the actor's own sessions (404 for anyone else's, or one already gone). */
export async function signOutDevice(trx: Knex.Transaction, actor: Viewer, input: { sessionId: number }): Promise<void> {
  // `returning`: a count is not what every driver answers (the embedded database's is not).
  const deleted = await Session.query(trx).where({ id: input.sessionId, userId: actor.id }).delete().returning('id');
  if (!deleted.length) throw new NotFoundError(ACCOUNT_DATA_MESSAGES.deviceNotFound);
  await recordSecurityEvent(trx, actor, { userId: actor.id, kind: 'session_revoked', detail: { count: 1 } });
}

/** Signs out every session of the actor except the one asking (its token). */
export async function signOutOtherDevices(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { keepSessionToken: string | undefined },
): Promise<number> {
  const query = Session.query(trx).where('userId', actor.id);
  if (input.keepSessionToken) query.whereNot('tokenHash', hashToken(input.keepSessionToken));
  const count = (await query.delete().returning('id')).length;
  await recordSecurityEvent(trx, actor, { userId: actor.id, kind: 'other_sessions_revoked', detail: { count } });
  return count;
}

/** Account Settings → Signed-in Devices: the new-device e-mail on or off. */
export async function setNewDeviceAlerts(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { newDeviceAlerts: boolean },
): Promise<User> {
  return User.query(trx).patchAndFetchById(actor.id, { newDeviceAlerts: input.newDeviceAlerts });
}
