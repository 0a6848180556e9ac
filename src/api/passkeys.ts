/**
 * Passkeys (docs/decisions/passkeys.md), for the islands on /account-settings and /login:
 *   POST   /api/auth/passkeys/options       signed in: registration options (a `passkey_register` challenge)
 *   POST   /api/auth/passkeys               signed in: {name, response} → the new passkey (201)
 *   GET    /api/auth/passkeys               signed in: the user's passkeys, with last use
 *   DELETE /api/auth/passkeys/:id           signed in: remove one (404 for another user's)
 *   POST   /api/auth/passkey-login/options  anyone: username-less sign-in options (a `passkey_login` challenge)
 *   POST   /api/auth/passkey-login          anyone: {response} → {user, token, redirectTo} and the session cookie
 *   POST   /api/auth/reauthenticate/passkey/options  signed in: assertion options for a step-up proof
 *   POST   /api/auth/reauthenticate/passkey          signed in: {response} of one of the user's passkeys → a proof
 * Adding and removing a passkey need a recent proof (docs/api.md "Step-up").
 */
import Router from '@koa/router';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../http/appContext';
import { signedIn } from '../http/auth';
import type { SignedInContext, VisitorWriteContext, WriteContext } from '../http/context';
import { signInAnswer } from '../http/session';
import { securityMail } from '../http/twoFactor';
import { recentProof, recordProof } from '../http/recentProof';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentPasskey } from '../presenters/security';
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  relyingPartyFor,
  removePasskey,
  signInWithPasskey,
} from '../services/passkeys';
import { idParams } from '../validation/common';
import { passkeyAddSchema, passkeySignInSchema } from '../validation/twoFactor';
import { STEP_UP_MESSAGES } from '../validation/stepUp';
import { ReauthenticationRequiredError } from '../errors';

const add = { body: passkeyAddSchema };
const signIn = { body: passkeySignInSchema };
const remove = { params: idParams };

export function passkeyRoutes({ config, mailer, rateLimits }: AppContext): Router {
  const router = new Router({ prefix: '/api/auth' });
  const rp = relyingPartyFor(config.baseUrl, config.productName, securityMail(config, mailer), config.sessionSecret);
  const stepUp = recentProof({ config, mailer, rateLimits });

  router.post('/passkeys/options', signedIn(), stepUp, transaction(), async (ctx: WriteContext) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await passkeyRegistrationOptions(ctx.state.trx, ctx.state.user, {}, rp);
  });

  router.post(
    '/passkeys',
    signedIn(),
    stepUp,
    validate(add),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof add>>) => {
      const { trx, user, input } = ctx.state;
      // yup types the body's response as a plain object; @simplewebauthn checks its shape when it verifies it.
      const response = input.body.response as unknown as RegistrationResponseJSON;
      const device = { userAgent: ctx.get('user-agent') || null };
      ctx.status = 201;
      ctx.body = presentPasskey(await addPasskey(trx, user, { name: input.body.name, response, ...device }, rp));
    },
  );

  router.get('/passkeys', signedIn(), async (ctx: SignedInContext) => {
    ctx.body = (await listPasskeys(ctx.state.user)).map(presentPasskey);
  });

  router.delete(
    '/passkeys/:id',
    signedIn(),
    stepUp,
    validate(remove),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof remove>>) => {
      await removePasskey(ctx.state.trx, ctx.state.user, ctx.state.input.params, rp.mail);
      ctx.status = 204;
    },
  );

  router.post(
    '/passkey-login/options',
    rateLimits.perAddress('loginPerAddress'),
    transaction(),
    async (ctx: VisitorWriteContext) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await passkeySignInOptions(ctx.state.trx, null, {}, rp);
    },
  );

  router.post(
    '/passkey-login',
    rateLimits.perAddress('loginPerAddress'),
    validate(signIn),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof signIn>>) => {
      // As above: yup's plain object, checked by @simplewebauthn.
      const response = ctx.state.input.body.response as unknown as AuthenticationResponseJSON;
      const user = await signInWithPasskey(ctx.state.trx, null, { response }, rp);
      ctx.body = await signInAnswer(ctx, user);
    },
  );

  // A step-up proof by passkey: the same assertion as a sign-in, of one of the signed-in user's own passkeys.
  router.post(
    '/reauthenticate/passkey/options',
    signedIn(),
    rateLimits.perAddress('loginPerAddress'),
    transaction(),
    async (ctx: WriteContext) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await passkeySignInOptions(ctx.state.trx, ctx.state.user, {}, rp);
    },
  );

  router.post(
    '/reauthenticate/passkey',
    signedIn(),
    rateLimits.perAddress('loginPerAddress'),
    validate(signIn),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof signIn>>) => {
      const { trx, user } = ctx.state;
      const response = ctx.state.input.body.response as unknown as AuthenticationResponseJSON; // as above
      const owner = await signInWithPasskey(trx, user, { response }, rp);
      if (owner.id !== user.id) throw new ReauthenticationRequiredError(false, STEP_UP_MESSAGES.passkeyOtherAccount);
      await recordProof(ctx, trx, user);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { message: STEP_UP_MESSAGES.confirmed };
    },
  );

  return router;
}
