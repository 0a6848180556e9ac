/**
 * Auth API (spec 01 §7 "Auth"). Login and register answer {user, token} and also set the session cookie.
 * Read as a table: path → guards → validated input → transaction → service → presenter.
 */
import Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import { signedIn } from '../http/auth';
import type { SignedInContext, VisitorWriteContext, WriteContext } from '../http/context';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { User } from '../models/User';
import { challengeAttempt, twoFactorDeps } from '../http/twoFactor';
import { beginSecondStep, completeSecondStep } from '../services/twoFactor/signIn';
import { secondStepApiSchema, TWO_FACTOR_MESSAGES, type TwoFactorRequiredResponse } from '../validation/twoFactor';
import { currentSessionToken, endSession, signInAnswer, startSession } from '../http/session';
import { changesEmail, proveIdentity, recentProof } from '../http/recentProof';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentUser } from '../presenters/users';
import { authenticate, registerUser } from '../services/auth';
import { changePassword, updateAccountDetails, updateUsername } from '../services/account';
import { requestPasswordReset, resetPassword } from '../services/passwordReset';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  usernameSchema,
  type AuthResponse,
  type ProfileUpdateJson,
} from '../validation/auth';
import { reauthenticateSchema, STEP_UP_MESSAGES } from '../validation/stepUp';

const login = { body: loginSchema };
const secondStep = { body: secondStepApiSchema };
const register = { body: registerSchema };
const forgot = { body: forgotPasswordSchema };
const reset = { body: resetPasswordSchema };
const profile = { body: profileUpdateSchema };
const password = { body: changePasswordSchema };
const username = { body: usernameSchema };
const reauthenticate = { body: reauthenticateSchema };

export function authRoutes({ config, mailer, rateLimits }: AppContext): Router {
  const router = new Router({ prefix: '/api/auth' });
  const perAddress = rateLimits.perAddress.bind(rateLimits);
  const stepUp = { config, mailer, rateLimits };
  const mailDeps = { mailer, baseUrl: config.baseUrl, productName: config.productName };

  // A fresh proof for the step-up window (docs/api.md "Step-up"): the password, and the code when two-factor is on.
  router.post(
    '/reauthenticate',
    signedIn(),
    perAddress('loginPerAddress'),
    validate(reauthenticate),
    async (ctx: SignedInContext<InputOf<typeof reauthenticate>>) => {
      await proveIdentity(ctx, stepUp, ctx.state.input.body);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { message: STEP_UP_MESSAGES.confirmed };
    },
  );

  router.post(
    '/login',
    perAddress('loginPerAddress'),
    validate(login),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof login>>) => {
      const { body } = ctx.state.input;
      await rateLimits.consume('loginPerAccount', body.email);
      const user = await authenticate(body, ctx.state.trx);
      if (!user) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
      await rateLimits.reset('loginPerAccount', body.email);
      // docs/decisions/two-factor.md: with two-factor on, no session yet — a challenge for POST /api/auth/login/two-factor.
      const next = await beginSecondStep(ctx.state.trx, null, { user }, twoFactorDeps(config, rateLimits));
      if (next.kind === 'enrol') throw new ForbiddenError(TWO_FACTOR_MESSAGES.enrolRequiredApi);
      if (next.kind === 'totp') {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { twoFactorRequired: true, challenge: next.challenge } satisfies TwoFactorRequiredResponse;
        return;
      }
      ctx.body = await signInAnswer(ctx, user);
    },
  );

  router.post(
    '/login/two-factor',
    perAddress('loginPerAddress'),
    validate(secondStep),
    async (ctx, next) => {
      // Count the attempt against the account before the transaction (a wrong code rolls it back).
      ctx.state.challengeUser = await challengeAttempt(ctx.state.input.body.challenge, 'second_factor');
      await next();
    },
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof secondStep>> & { state: { challengeUser: User } }) => {
      const { trx, input, challengeUser: user } = ctx.state;
      await completeSecondStep(trx, null, { ...input.body, user }, twoFactorDeps(config, rateLimits, mailer));
      await rateLimits.reset('twoFactorPerAccount', String(user.id));
      ctx.body = await signInAnswer(ctx, user);
    },
  );

  router.post(
    '/register',
    perAddress('registerPerAddress'),
    validate(register),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof register>>) => {
      const user = await registerUser(ctx.state.trx, null, ctx.state.input.body);
      ctx.state.log.info({ userId: user.id }, 'user registered');
      const answer: AuthResponse = { user: presentUser(user, user), token: await startSession(ctx, user.id) };
      ctx.status = 201;
      ctx.body = answer;
    },
  );

  router.post(
    '/forgot-password',
    perAddress('forgotPerAddress'),
    validate(forgot),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof forgot>>) => {
      const { body } = ctx.state.input;
      await rateLimits.consume('forgotPerAccount', body.email);
      await requestPasswordReset(ctx.state.trx, null, body, {
        mailer,
        baseUrl: config.baseUrl,
        productName: config.productName,
      });
      ctx.body = { message: AUTH_MESSAGES.resetRequested };
    },
  );

  router.post(
    '/reset-password',
    validate(reset),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof reset>>) => {
      await resetPassword(ctx.state.trx, null, ctx.state.input.body, mailDeps);
      ctx.body = { message: AUTH_MESSAGES.resetDone };
    },
  );

  router.get('/me', signedIn(), (ctx: SignedInContext) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { user: presentUser(ctx.state.user, ctx.state.user) };
  });

  router.patch(
    '/profile',
    signedIn(),
    recentProof(stepUp, changesEmail),
    validate(profile),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof profile>>) => {
      const { trx, user, input } = ctx.state;
      const { user: updated, pendingEmail } = await updateAccountDetails(trx, user, input.body, mailDeps);
      const answer: ProfileUpdateJson = { ...presentUser(updated, user), pendingEmail };
      ctx.body = answer;
    },
  );

  router.patch(
    '/change-password',
    signedIn(),
    recentProof(stepUp),
    validate(password),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof password>>) => {
      const { trx, user, input } = ctx.state;
      await changePassword(
        trx,
        user,
        {
          ...input.body,
          keepSessionToken: currentSessionToken(ctx),
        },
        mailDeps,
      );
      ctx.body = { message: AUTH_MESSAGES.passwordChanged };
    },
  );

  router.patch(
    '/username',
    signedIn(),
    validate(username),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof username>>) => {
      const { trx, user, input } = ctx.state;
      ctx.body = presentUser(await updateUsername(trx, user, input.body), user);
    },
  );

  router.post('/logout', (ctx) => {
    endSession(ctx);
    ctx.body = { message: AUTH_MESSAGES.signedOut };
  });

  return router;
}
