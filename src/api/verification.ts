/**
 * Department-verified membership API (docs/decisions/verified-membership.md; docs/api.md "Verified membership"). A member asks about their
 * own links; verifiers and site admins review; site admins revoke and manage verifiers (adminOnly first, then the
 * policies in src/policies/verification.ts, asked again by the services).
 * Read as a table: path → guards → validated input → transaction → service → presenter.
 */
import Router from '@koa/router';
import { object, string } from 'yup';
import type { AppContext } from '../http/appContext';
import { adminOnly, signedIn } from '../http/auth';
import { audit } from '../http/audit';
import type { SignedInContext, WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentUserDepartment } from '../presenters/departments';
import {
  presentDepartmentVerifier,
  presentVerificationRequest,
  presentVerificationState,
} from '../presenters/verification';
import { authorize, userDepartmentPolicy } from '../policies';
import { UserDepartment } from '../models/UserDepartment';
import {
  decideVerification,
  latestRequestsOf,
  requestVerification,
  revokeVerification,
  setListing,
  verificationDeps,
} from '../services/verification/requests';
import { grantVerifier, listVerifiers, removeVerifier } from '../services/verification/verifiers';
import { reviewList } from '../services/verification/review';
import { idParams } from '../validation/common';
import {
  listingSchema,
  verificationDecisionSchema,
  verificationRevokeSchema,
  verifierGrantSchema,
} from '../validation/verification';

const byId = { params: idParams };
const listing = { params: idParams, body: listingSchema };
const decision = { params: idParams, body: verificationDecisionSchema };
const revoke = { params: idParams, body: verificationRevokeSchema };
const grant = { body: verifierGrantSchema };
const reviewQuery = {
  query: object({
    status: string().oneOf(['pending', 'decided'], 'status must be pending or decided').default('pending'),
  }),
};

export function verificationRoutes({
  config,
  mailer,
  logger,
}: Pick<AppContext, 'config' | 'mailer' | 'logger'>): Router {
  const router = new Router();
  const mail = verificationDeps({ mailer, config, logger });

  // ── a member's own links ─────────────────────────────────────────────────────────────────────────────

  router.get(
    '/api/departments/user/:id/verification',
    signedIn(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      const { user, input } = ctx.state;
      const link = authorize(
        userDepartmentPolicy,
        user,
        'read',
        await UserDepartment.query().findById(input.params.id),
      );
      ctx.body = presentVerificationState(link, (await latestRequestsOf(user.id)).get(link.departmentId), user);
    },
  );

  router.post(
    '/api/departments/user/:id/verification',
    signedIn(),
    validate(byId),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof byId>>) => {
      const { trx, user, input } = ctx.state;
      const { link, request } = await requestVerification(trx, user, input.params);
      ctx.status = 201;
      ctx.body = presentVerificationState(link, request, user);
    },
  );

  router.patch(
    '/api/departments/user/:id/listing',
    signedIn(),
    validate(listing),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof listing>>) => {
      const { trx, user, input } = ctx.state;
      const link = await setListing(trx, user, { ...input.params, ...input.body });
      ctx.body = presentUserDepartment(link, user, await latestRequestsOf(user.id, trx));
    },
  );

  // ── reviewing (verifiers and site admins) ────────────────────────────────────────────────────────────

  router.get(
    '/api/verifications',
    signedIn(),
    validate(reviewQuery),
    async (ctx: SignedInContext<InputOf<typeof reviewQuery>>) => {
      const { user, input } = ctx.state;
      const list = await reviewList(user, input.query.status as 'pending' | 'decided');
      ctx.body = list.requests.map((r) => presentVerificationRequest(r, user, list.profiles.get(r.userId)));
    },
  );

  router.post(
    '/api/verifications/:id/decision',
    signedIn(),
    validate(decision),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof decision>>) => {
      const { trx, user, input } = ctx.state;
      const decided = await decideVerification(trx, user, { id: input.params.id, ...input.body }, mail);
      ctx.body = presentVerificationRequest(decided, user, undefined);
    },
  );

  // ── site admins ──────────────────────────────────────────────────────────────────────────────────────

  router.post(
    '/api/admin/verifications/:id/revoke',
    adminOnly(),
    validate(revoke),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof revoke>>) => {
      const { trx, user, input, log } = ctx.state;
      const revoked = await revokeVerification(trx, user, { id: input.params.id, reason: input.body.reason! }, mail);
      audit(trx, log, user, {
        action: 'verification.revoke',
        target: { type: 'membership_verification', id: revoked.id },
      });
      ctx.body = presentVerificationRequest(revoked, user, undefined);
    },
  );

  router.get('/api/admin/department-verifiers', adminOnly(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    ctx.body = (await listVerifiers(user)).map((v) => presentDepartmentVerifier(v, user));
  });

  router.post(
    '/api/admin/department-verifiers',
    adminOnly(),
    validate(grant),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof grant>>) => {
      const { trx, user, input, log } = ctx.state;
      const granted = await grantVerifier(trx, user, input.body);
      audit(trx, log, user, {
        action: 'verifier.grant',
        target: { type: 'user', id: granted.userId, departmentId: granted.departmentId },
      });
      ctx.status = 201;
      ctx.body = presentDepartmentVerifier(granted, user);
    },
  );

  router.delete(
    '/api/admin/department-verifiers/:id',
    adminOnly(),
    validate(byId),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof byId>>) => {
      const { trx, user, input, log } = ctx.state;
      await removeVerifier(trx, user, input.params);
      audit(trx, log, user, {
        action: 'verifier.remove',
        target: { type: 'department_verifier', id: input.params.id },
      });
      ctx.status = 204;
    },
  );

  return router;
}
