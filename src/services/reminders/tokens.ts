/**
 * The one-click unsubscribe token (RFC 8058) in the reminder e-mails: the user id and an HMAC of it under the
 * session secret, so the link works without a session and cannot be forged for another user.
 */
import crypto from 'node:crypto';

const PURPOSE = 'turnout:reminders-unsubscribe:v1';

const mac = (secret: string, userId: number) =>
  crypto.createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id a token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > 2_147_483_647) return null;
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? userId : null;
}
