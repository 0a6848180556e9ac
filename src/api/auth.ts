/** Auth API (spec 01 §7 "Auth"). Login and register answer {user, token} and also set the session cookie. */
import Router from '@koa/router';
import type { AppContext } from '../app';
import { requireUser } from '../http/auth';
import { UnauthorizedError } from '../http/errors';
import { currentSessionToken, endSession, startSession } from '../http/session';
import { authenticate, AUTH_MESSAGES, registerUser } from '../services/auth';
import { changePassword, updateProfile, updateUsername } from '../services/account';
import { requestPasswordReset, resetPassword, RESET_MESSAGES } from '../services/passwordReset';
import { presentUser } from '../services/presenters';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  usernameSchema,
} from '../validation/auth';
import { validate } from '../validation/validate';

export function authRoutes({ config, mailer, rateLimits }: AppContext): Router {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/login', async (ctx) => {
    await rateLimits.consume('loginPerAddress', ctx.ip);
    const input = await validate(loginSchema, ctx.request.body);
    await rateLimits.consume('loginPerAccount', input.email);
    const user = await authenticate(input.email, input.password);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
    await rateLimits.reset('loginPerAccount', input.email);
    const token = await startSession(ctx, user.id);
    ctx.body = { user: presentUser(user), token };
  });

  router.post('/register', async (ctx) => {
    await rateLimits.consume('registerPerAddress', ctx.ip);
    const input = await validate(registerSchema, ctx.request.body);
    const user = await registerUser(input);
    ctx.state.log.info({ userId: user.id }, 'user registered');
    const token = await startSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = { user: presentUser(user), token };
  });

  router.post('/forgot-password', async (ctx) => {
    await rateLimits.consume('forgotPerAddress', ctx.ip);
    const { email } = await validate(forgotPasswordSchema, ctx.request.body);
    await rateLimits.consume('forgotPerAccount', email);
    await requestPasswordReset(email, { mailer, baseUrl: config.baseUrl, productName: config.productName });
    ctx.body = { message: RESET_MESSAGES.requested };
  });

  router.post('/reset-password', async (ctx) => {
    const { token, password } = await validate(resetPasswordSchema, ctx.request.body);
    await resetPassword(token, password);
    ctx.body = { message: RESET_MESSAGES.done };
  });

  router.get('/me', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { user: presentUser(requireUser(ctx)) };
  });

  router.patch('/profile', async (ctx) => {
    const input = await validate(profileUpdateSchema, ctx.request.body);
    ctx.body = presentUser(await updateProfile(requireUser(ctx), input));
  });

  router.patch('/change-password', async (ctx) => {
    const user = requireUser(ctx);
    const input = await validate(changePasswordSchema, ctx.request.body);
    await changePassword(user, input, currentSessionToken(ctx));
    ctx.body = { message: 'Password changed' };
  });

  router.patch('/username', async (ctx) => {
    const { username } = await validate(usernameSchema, ctx.request.body);
    ctx.body = presentUser(await updateUsername(requireUser(ctx), username));
  });

  router.post('/logout', (ctx) => {
    endSession(ctx);
    ctx.body = { message: 'Signed out' };
  });

  return router;
}
