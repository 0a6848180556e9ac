/**
 * The browser's hold on a sign-in between the password and the second step (docs/decisions/two-factor.md): the challenge token in
 * its own signed, HttpOnly cookie scoped to /login, living as long as the challenge. It is not a session: nothing
 * but the code step reads it. Bearer clients carry the same token in the JSON body instead.
 */
import type Koa from 'koa';
import type { Config } from '../config';
import type { AuthChallengeKind } from '../models/AuthChallenge';
import { UnauthorizedError } from '../errors';
import type { User } from '../models/User';
import { CHALLENGE_TTL_MS, findChallenge } from '../services/twoFactor/challenges';
import { challengeUser } from '../services/twoFactor/signIn';
import { TWO_FACTOR_MESSAGES } from '../validation/twoFactor';
import type { RateLimits } from './rateLimit';
import type { TwoFactorDeps } from '../services/twoFactor/totp';
import type { Mailer } from '../services/mail';
import type { SecurityMail } from '../services/twoFactor/notify';

export const CHALLENGE_COOKIE = 'turnout.2fa';

export function setChallengeCookie(ctx: Koa.Context, config: Config, token: string, kind: AuthChallengeKind): void {
  ctx.cookies.set(CHALLENGE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.baseUrl.startsWith('https://'),
    signed: true,
    path: '/login',
    maxAge: CHALLENGE_TTL_MS[kind],
    overwrite: true,
  });
}

export function challengeCookie(ctx: Koa.Context): string | undefined {
  return ctx.cookies.get(CHALLENGE_COOKIE, { signed: true });
}

export function clearChallengeCookie(ctx: Koa.Context): void {
  ctx.cookies.set(CHALLENGE_COOKIE, null, { path: '/login', signed: true, overwrite: true });
}

/** What reading an authenticator's enrolment needs (no code is checked): the sealing key and the issuer. */
export const totpIdentity = (config: Config): Pick<TwoFactorDeps, 'sessionSecret' | 'issuer'> => ({
  sessionSecret: config.sessionSecret,
  issuer: config.productName,
});

/**
 * What the two-factor services need: the configuration, the app's rate limits (every code check counts against
 * twoFactorPerAccount, inside useSecondFactor) and the mailer, for the owner's notices.
 */
export const twoFactorDeps = (config: Config, rateLimits: RateLimits, mailer?: Mailer): TwoFactorDeps => ({
  ...totpIdentity(config),
  attempts: (userId) => rateLimits.consume('twoFactorPerAccount', String(userId)),
  mail: securityMail(config, mailer),
});

export const securityMail = (config: Config, mailer?: Mailer): SecurityMail | undefined =>
  mailer ? { mailer, productName: config.productName, baseUrl: config.baseUrl } : undefined;

/** The session flash that carries fresh recovery codes to the one page that shows them (then they are gone). */
export const RECOVERY_CODES_FLASH = 'recoveryCodes';

/**
 * One attempt at a second step: the challenge's user; 401 when the challenge is unknown or expired. The code
 * check itself counts the attempt against that account (useSecondFactor, confirmTotpEnrolment: twoFactorDeps'
 * `attempts`), outside the step's transaction's reach, so a wrong code (which rolls it back) still counts.
 */
export async function challengeAttempt(token: string | undefined, kind: AuthChallengeKind): Promise<User> {
  const challenge = await findChallenge(token, kind);
  const user = challenge && (await challengeUser(challenge.userId));
  if (!user) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
  return user;
}
