/**
 * The second step of a password sign-in (docs/decisions/two-factor.md), as server forms with no script:
 * - /login/two-factor: the code (or a recovery code) for the challenge in the `turnout.2fa` cookie; success starts
 *   the session through startSession (the same as any sign-in) and lands where /login would have;
 * - /login/enrol: an admin whose site requires two-factor sets up an authenticator app first; success starts the
 *   session and shows the recovery codes once in Account Settings → Security.
 * Attempts count per address (loginPerAddress) and per account (twoFactorPerAccount); a wrong code leaves the
 * challenge for another try, a right one takes it (single use).
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import type { VisitorWriteContext } from '../http/context';
import { setFlash, toastAfterRedirect } from '../http/flash';
import { formAction, type FormActionContext } from '../http/formAction';
import { startSession } from '../http/session';
import {
  challengeAttempt,
  challengeCookie,
  clearChallengeCookie,
  RECOVERY_CODES_FLASH,
  twoFactorDeps,
} from '../http/twoFactor';
import { UnauthorizedError } from '../errors';
import type { User } from '../models/User';
import { landingPathFor } from '../presenters/users';
import { renderPage } from '../render/renderPage';
import { qrSvg } from '../render/share/qr';
import { findChallenge, takeChallenge } from '../services/twoFactor/challenges';
import { challengeUser, completeSecondStep } from '../services/twoFactor/signIn';
import { confirmTotpEnrolment, pendingTotpEnrolment } from '../services/twoFactor/totp';
import type { AuthChallengeKind } from '../models/AuthChallenge';
import type { FormState } from '../validation/forms';
import { secondStepSchema, totpConfirmSchema, TWO_FACTOR_MESSAGES } from '../validation/twoFactor';
import { EnrolPage, TwoFactorPage } from '../../views/pages/twoFactor';

const LOGIN_FAILED = 'Login failed';

/** The user whose challenge the attempt counted (set by `attempt`, which runs first). */
type AttemptState = { challengeUser?: User };
const challengeUserOf = (ctx: { state: object }) => (ctx.state as AttemptState).challengeUser!;

/** An otpauth:// URI as the QR code image Security and the enrol page show (an SVG data URL, drawn here). */
export async function qrDataUrl(uri: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(uri)).toString('base64')}`;
}

export function secondStepRoutes(
  router: Router,
  {
    config,
    mailer,
    rateLimits,
    signedOutOnly,
  }: Pick<AppContext, 'config' | 'mailer' | 'rateLimits'> & {
    signedOutOnly: Koa.Middleware;
  },
): void {
  const deps = twoFactorDeps(config, rateLimits, mailer);
  const noindex = true;

  /** The challenge's user, after counting the attempt (address and account); 401 when it has expired. */
  const attempt = (kind: AuthChallengeKind) => async (ctx: FormActionContext) => {
    await rateLimits.consume('loginPerAddress', ctx.ip);
    (ctx.state as AttemptState).challengeUser = await challengeAttempt(challengeCookie(ctx), kind);
  };

  const codePage = (ctx: Koa.Context, form: FormState | null) => {
    ctx.set('Cache-Control', 'no-store');
    return renderPage(ctx, config, <TwoFactorPage form={form} />, { title: 'Two-factor sign-in', noindex });
  };

  router.get('/login/two-factor', signedOutOnly, async (ctx) => {
    if (!(await findChallenge(challengeCookie(ctx), 'second_factor'))) return ctx.redirect('/login');
    await codePage(ctx, null);
  });

  router.post(
    '/login/two-factor',
    formAction({
      schema: secondStepSchema,
      errorTitle: LOGIN_FAILED,
      redact: ['code'],
      limit: attempt('second_factor'),
      async handle(ctx: VisitorWriteContext, input) {
        const user = challengeUserOf(ctx);
        await completeSecondStep(
          ctx.state.trx,
          null,
          { challenge: challengeCookie(ctx), code: input.code, user },
          deps,
        );
        await rateLimits.reset('twoFactorPerAccount', String(user.id));
        clearChallengeCookie(ctx);
        await startSession(ctx, user.id);
        toastAfterRedirect(ctx, { title: 'Login successful', description: `Welcome back, ${user.name}!` });
        return landingPathFor(user);
      },
      render: (ctx, state) => codePage(ctx, state),
    }),
  );

  /** The enrolment a sign-in started, or null when the challenge is gone. */
  const enrolment = async (ctx: Koa.Context) => {
    const challenge = await findChallenge(challengeCookie(ctx), 'enrol');
    const user = challenge && (await challengeUser(challenge.userId));
    const pending = user && (await pendingTotpEnrolment(user, deps));
    return pending ? { qrDataUrl: await qrDataUrl(pending.uri), secret: pending.secret } : null;
  };

  const enrolPage = async (ctx: Koa.Context, form: FormState | null) => {
    const setup = await enrolment(ctx);
    if (!setup) return ctx.redirect('/login');
    ctx.set('Cache-Control', 'no-store');
    await renderPage(ctx, config, <EnrolPage setup={setup} form={form} />, {
      title: 'Set up two-factor sign-in',
      noindex,
    });
  };

  router.get('/login/enrol', signedOutOnly, (ctx) => enrolPage(ctx, null));

  router.post(
    '/login/enrol',
    formAction({
      schema: totpConfirmSchema,
      errorTitle: LOGIN_FAILED,
      redact: ['code'],
      limit: attempt('enrol'),
      async handle(ctx: VisitorWriteContext, input) {
        const user = challengeUserOf(ctx);
        const codes = await confirmTotpEnrolment(ctx.state.trx, user, input, deps);
        const taken = await takeChallenge(ctx.state.trx, null, { token: challengeCookie(ctx), kind: 'enrol' });
        if (taken.userId !== user.id) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeExpired);
        clearChallengeCookie(ctx);
        await startSession(ctx, user.id);
        setFlash(ctx, RECOVERY_CODES_FLASH, codes);
        return '/account-settings?saved=totp-confirm#security';
      },
      render: (ctx, state) => enrolPage(ctx, state),
    }),
  );
}
