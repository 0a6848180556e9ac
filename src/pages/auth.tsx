/**
 * Account pages: /login, /register, /forgot-password, /reset-password. Server forms with no script: each page
 * route takes its form's post (formAction) with the same schema, rate limits and service call as the JSON API
 * (src/api/auth.ts), then redirects (303) or shows the page again with the spec's messages. The success toasts
 * ride to the next page on a short-lived cookie (toastAfterRedirect). /login/passkey is the one page here with an
 * island (the WebAuthn ceremony needs script).
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { mixed, object, string } from 'yup';
import type { AppContext } from '../http/appContext';
import { currentUser } from '../http/auth';
import type { RequestContext, VisitorWriteContext } from '../http/context';
import { toastAfterRedirect } from '../http/flash';
import { formAction } from '../http/formAction';
import { startSession } from '../http/session';
import { validate, type InputOf } from '../http/validate';
import { UnauthorizedError } from '../errors';
import { landingPathFor } from '../presenters/users';
import { authenticate, registerUser } from '../services/auth';
import { keptByDefault, passkeysForReset, requestPasswordReset, resetPassword } from '../services/passwordReset';
import { presentPasskey } from '../presenters/security';
import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasskeyChoiceSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from '../validation/auth';
import { trimmed } from '../validation/common';
import type { FormState } from '../validation/forms';
import {
  ForgotPasswordPage,
  LoginPage,
  PasskeySignInPage,
  RegisterPage,
  RESET_INTENT,
  ResetDonePage,
  ResetPasswordPage,
} from '../../views/pages/authPages';
import { renderPage } from '../render/renderPage';
import { beginSecondStep } from '../services/twoFactor/signIn';
import { setChallengeCookie, twoFactorDeps } from '../http/twoFactor';
import { secondStepRoutes } from './twoFactorSignIn';

/** Spec 01 §8: the failures' titles, each with the message the server gives, else the spec's own words. */
const LOGIN_FAILED = 'Login failed';
const REGISTER_FAILED = {
  title: 'Registration failed',
  fallback: 'Email may already be in use or invite code is invalid',
};
const FORGOT_FAILED = 'Failed to send reset email';
const RESET_FAILED = 'Failed to reset password';

/** A signed-in user gets home instead of a sign-in form (spec 01 §2: admins /admin, others /). */
const signedOutOnly: Koa.Middleware = async (ctx, next) => {
  const user = currentUser(ctx);
  if (user) return ctx.redirect(landingPathFor(user));
  await next();
};

/** The confirmations a post/redirect/get carries: `?reset=1` on /login, `?sent=1` on /forgot-password. */
const flag = mixed<'1'>().oneOf(['1'], 'must be 1');
const login = { query: object({ reset: flag }) };
const forgot = { query: object({ sent: flag }) };
/** The reset link's token; whether it is good is the reset's business (an empty one shows the bad-link page). */
const reset = { query: object({ token: string().transform(trimmed), done: flag }) };
/** Spec 01 §2: after a reset, a confirmation, then the sign-in page after 3 seconds (a refresh, no script). */
const RESET_REDIRECT_SECONDS = 3;
/** Every page here: a bad query value redirects to the page without it. */
const canonical = { badQuery: 'canonical' } as const;

/** The reset form's two fields plus the token from its hidden input and the passkeys ticked to keep. */
const resetFormPost = resetPasswordFormSchema
  .concat(resetPasswordSchema.pick(['token']))
  .concat(resetPasskeyChoiceSchema);

/** The "Keep" boxes a re-shown reset form ticks: what was posted when the list was shown, else the default rule. */
const postedKeepChoice = (body: Record<string, unknown>): ReadonlySet<string> | null => {
  if (body.passkeysListed !== '1') return null;
  const ids = body.keepPasskeyIds;
  return new Set((Array.isArray(ids) ? ids : [ids]).filter((id): id is string => typeof id === 'string'));
};

export function authPageRoutes({ config, mailer, rateLimits }: AppContext): Router {
  const router = new Router();
  const noindex = true;

  const loginPage = (ctx: Koa.Context, form: FormState | null, passwordReset = false) =>
    renderPage(
      ctx,
      config,
      <LoginPage
        productName={config.productName}
        form={form}
        notice={passwordReset ? AUTH_MESSAGES.resetDone : null}
      />,
      { title: 'Sign in', noindex },
    );

  router.get('/login', signedOutOnly, validate(login, canonical), (ctx: RequestContext<InputOf<typeof login>>) =>
    loginPage(ctx, null, ctx.state.input.query.reset === '1'),
  );

  // docs/decisions/passkeys.md: passkey sign-in needs script, so it has its own page and /login ships none. Signed-in visitors go
  // where /login sends them; the island goes where the password sign-in does (the API's `redirectTo`).
  router.get('/login/passkey', signedOutOnly, (ctx) =>
    renderPage(ctx, config, <PasskeySignInPage />, { title: 'Sign in with a passkey', noindex }),
  );

  router.post(
    '/login',
    formAction({
      schema: loginSchema,
      errorTitle: LOGIN_FAILED,
      limit: (ctx) => rateLimits.consume('loginPerAddress', ctx.ip),
      async handle(ctx: VisitorWriteContext, input) {
        await rateLimits.consume('loginPerAccount', input.email);
        const user = await authenticate(input, ctx.state.trx);
        if (!user) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
        await rateLimits.reset('loginPerAccount', input.email);
        // docs/decisions/two-factor.md: a code (or an admin's enrolment) before any session exists.
        const next = await beginSecondStep(ctx.state.trx, null, { user }, twoFactorDeps(config, rateLimits));
        if (next.kind !== 'none') {
          setChallengeCookie(ctx, config, next.challenge, next.kind === 'totp' ? 'second_factor' : 'enrol');
          return next.kind === 'totp' ? '/login/two-factor' : '/login/enrol';
        }
        await startSession(ctx, user.id);
        toastAfterRedirect(ctx, { title: 'Login successful', description: `Welcome back, ${user.name}!` });
        return landingPathFor(user);
      },
      render: (ctx, state) => loginPage(ctx, state),
    }),
  );

  secondStepRoutes(router, { config, mailer, rateLimits, signedOutOnly });

  const registerPage = (ctx: Koa.Context, form: FormState | null = null) =>
    renderPage(
      ctx,
      config,
      <RegisterPage
        productName={config.productName}
        accessRequestEmail={config.accessRequestEmail ?? null}
        form={form}
      />,
      { title: 'Join Beta', noindex },
    );

  router.get('/register', signedOutOnly, (ctx) => registerPage(ctx));

  router.post(
    '/register',
    formAction({
      schema: registerSchema,
      errorTitle: REGISTER_FAILED.title,
      fallbackMessage: REGISTER_FAILED.fallback,
      limit: (ctx) => rateLimits.consume('registerPerAddress', ctx.ip),
      async handle(ctx: VisitorWriteContext, input) {
        const user = await registerUser(ctx.state.trx, null, input);
        ctx.state.log.info({ userId: user.id }, 'user registered');
        await startSession(ctx, user.id);
        toastAfterRedirect(ctx, {
          title: 'Account created successfully',
          description: 'Welcome aboard! Let’s build your profile.',
        });
        return '/create-profile';
      },
      render: (ctx, state) => registerPage(ctx, state),
    }),
  );

  const forgotPage = (ctx: Koa.Context, form: FormState | null, sent = false) =>
    renderPage(ctx, config, <ForgotPasswordPage form={form} sent={sent} />, {
      title: 'Forgot password',
      noindex,
    });

  router.get('/forgot-password', validate(forgot, canonical), (ctx: RequestContext<InputOf<typeof forgot>>) =>
    forgotPage(ctx, null, ctx.state.input.query.sent === '1'),
  );

  router.post(
    '/forgot-password',
    formAction({
      schema: forgotPasswordSchema,
      fallbackMessage: FORGOT_FAILED,
      limit: (ctx) => rateLimits.consume('forgotPerAddress', ctx.ip),
      async handle(ctx: VisitorWriteContext, input) {
        await rateLimits.consume('forgotPerAccount', input.email);
        await requestPasswordReset(ctx.state.trx, null, input, {
          mailer,
          baseUrl: config.baseUrl,
          productName: config.productName,
        });
        return '/forgot-password?sent=1'; // the Check Your Email panel; the address stays out of the URL
      },
      render: (ctx, state) => forgotPage(ctx, state),
    }),
  );

  const resetPage = async (
    ctx: Koa.Context,
    token: string | null,
    form: FormState | null = null,
    toggled: { visible: boolean; typed: { password: string; confirmPassword: string } } | null = null,
  ) => {
    // The token is a secret: keep it out of other sites' referrers and out of caches. `same-origin`, not
    // `no-referrer`: with no-referrer the browser sends `Origin: null` on this page's own posts.
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    // Only a live link shows the account's passkeys (docs/api.md "Step-up"): a made-up token lists none.
    const kept = ctx.method === 'POST' ? postedKeepChoice((ctx.request.body ?? {}) as Record<string, unknown>) : null;
    const passkeys = (token ? await passkeysForReset(token) : []).map((passkey) => ({
      ...presentPasskey(passkey),
      keep: kept ? kept.has(String(passkey.id)) : keptByDefault(passkey),
    }));
    return renderPage(
      ctx,
      config,
      <ResetPasswordPage
        token={token}
        form={form}
        visible={toggled?.visible}
        typed={toggled?.typed}
        passkeys={passkeys}
      />,
      {
        title: 'Reset password',
        noindex,
      },
    );
  };

  /** The show/hide toggle posts the form: the page comes back with the passwords shown (or hidden) as typed. */
  const passwordToggle: Koa.Middleware = async (ctx, next) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const intent = body.intent;
    if (intent !== RESET_INTENT.show && intent !== RESET_INTENT.hide) return next();
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const token = text(body.token).trim() || null;
    await resetPage(ctx, token, null, {
      visible: intent === RESET_INTENT.show,
      typed: { password: text(body.password), confirmPassword: text(body.confirmPassword) },
    });
  };

  router.get('/reset-password', validate(reset, canonical), (ctx: RequestContext<InputOf<typeof reset>>) =>
    ctx.state.input.query.done === '1'
      ? renderPage(ctx, config, <ResetDonePage />, {
          title: 'Password reset',
          noindex,
          head: [
            { tag: 'meta', attributes: { 'http-equiv': 'refresh', content: `${RESET_REDIRECT_SECONDS};url=/login` } },
          ],
        })
      : resetPage(ctx, ctx.state.input.query.token || null),
  );

  router.post(
    '/reset-password',
    passwordToggle,
    formAction({
      schema: resetFormPost,
      fallbackMessage: RESET_FAILED,
      formLevel: ['token'], // no input shows it: a bad link is the form's message
      async handle(ctx: VisitorWriteContext, input) {
        await resetPassword(
          ctx.state.trx,
          null,
          {
            token: input.token,
            password: input.password,
            // Listed with every box unticked means keep none; not listed (no passkeys then) leaves the default rule.
            keepPasskeyIds: input.passkeysListed ? (input.keepPasskeyIds ?? []) : undefined,
          },
          { mailer, baseUrl: config.baseUrl, productName: config.productName },
        );
        return '/reset-password?done=1'; // the confirmation, which moves on to /login after 3 seconds
      },
      render: (ctx, state) => {
        const body = ctx.request.body as { token?: unknown } | undefined;
        const token = typeof body?.token === 'string' && body.token.trim() ? body.token.trim() : null;
        return resetPage(ctx, token, state);
      },
    }),
  );

  return router;
}
