/**
 * Signed-in devices for API clients (docs/decisions/signed-in-devices.md), the same services as Account Settings → Signed-in Devices:
 * - GET    /api/auth/sessions                    → DevicesJson (this session marked `current`)
 * - DELETE /api/auth/sessions/{id}               → 204; 404 for a session that is not the caller's
 * - POST   /api/auth/sessions/sign-out-others    → { signedOut: n }
 */
import Router from '@koa/router';
import { object } from 'yup';
import { signedIn } from '../http/auth';
import type { SignedInContext, WriteContext } from '../http/context';
import { currentSessionToken } from '../http/session';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentDevices } from '../presenters/devices';
import { loadDevices, signOutDevice, signOutOtherDevices } from '../services/devices';
import { idParams } from '../validation/common';

export function sessionRoutes(): Router {
  const router = new Router({ prefix: '/api/auth/sessions' });

  router.get('/', signedIn(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    const { sessions, currentId } = await loadDevices(user, currentSessionToken(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentDevices(sessions, currentId, user);
  });

  const one = { params: idParams };
  router.delete('/:id', signedIn(), validate(one), transaction(), async (ctx: WriteContext<InputOf<typeof one>>) => {
    const { trx, user, input } = ctx.state;
    await signOutDevice(trx, user, { sessionId: input.params.id });
    ctx.status = 204;
  });

  const others = { body: object({}) };
  router.post(
    '/sign-out-others',
    signedIn(),
    validate(others),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof others>>) => {
      const { trx, user } = ctx.state;
      ctx.body = { signedOut: await signOutOtherDevices(trx, user, { keepSessionToken: currentSessionToken(ctx) }) };
    },
  );

  return router;
}
