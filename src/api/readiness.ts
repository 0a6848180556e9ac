/**
 * Shared readiness API (docs/decisions/department-readiness.md; docs/api.md "Shared readiness"). Read as a table:
 * path → guards → validated input → transaction → service → presenter. The pages in src/pages/readiness.tsx post
 * the same schemas to the same services.
 */
import Router from '@koa/router';
import { object } from 'yup';
import type { AppContext } from '../http/appContext';
import { audit } from '../http/audit';
import { signedIn } from '../http/auth';
import { nowOf } from '../http/clock';
import type { SignedInContext, WriteContext } from '../http/context';
import { recentProof } from '../http/recentProof';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { authorize } from '../policies';
import { consentPolicy } from '../policies/readiness';
import { presentRoster } from '../presenters/readiness';
import {
  attestCredential,
  definePosition,
  grantOfficer,
  removeOfficer,
  removePosition,
} from '../services/readiness/department';
import { previewFor, readinessRoster } from '../services/readiness/roster';
import { sharingOf, shareReadiness, withdrawReadiness } from '../services/readiness/sharing';
import { id } from '../validation/common';
import {
  attestSchema,
  consentSchema,
  departmentParams,
  officerGrantSchema,
  positionSchema,
  rosterQuery,
} from '../validation/readiness';

const roster = { params: departmentParams, query: rosterQuery };
const sharing = { params: departmentParams };
const share = { params: departmentParams, body: consentSchema };
const officer = { params: departmentParams, body: officerGrantSchema };
const officerRemove = { params: departmentParams.shape({ userId: id() }) };
const position = { params: departmentParams, body: positionSchema };
const positionRemove = { params: departmentParams.shape({ positionId: id() }) };
const attest = { params: departmentParams, body: attestSchema };
const nothing = { params: departmentParams, body: object({}) };

export function readinessRoutes({ config, mailer, rateLimits }: AppContext): Router {
  const router = new Router();

  router.get(
    '/api/departments/:id/readiness',
    signedIn(),
    validate(roster),
    async (ctx: SignedInContext<InputOf<typeof roster>>) => {
      const { user, input } = ctx.state;
      const read = await readinessRoster(user, {
        departmentId: input.params.id,
        state: input.query.state ?? null,
        position: input.query.position ?? null,
        now: new Date(nowOf(ctx)),
      });
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = presentRoster(read, user, input.query.page);
    },
  );

  router.get(
    '/api/departments/:id/sharing',
    signedIn(),
    validate(sharing),
    async (ctx: SignedInContext<InputOf<typeof sharing>>) => {
      const { user, input } = ctx.state;
      const { department, sharing: own } = await sharingOf(user, input.params.id);
      authorize(consentPolicy, user, 'read', own);
      const preview = await previewFor(user, department, own.kinds, new Date(nowOf(ctx)));
      ctx.body = {
        departmentId: department.id,
        kinds: own.kinds,
        shared: Boolean(own.id),
        canShare: own.memberVerified,
        preview: { credentials: preview.credentials, member: preview.members[0] ?? null },
      };
    },
  );

  router.put(
    '/api/departments/:id/sharing',
    signedIn(),
    validate(share),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof share>>) => {
      const { trx, user, input } = ctx.state;
      const consent = await shareReadiness(trx, user, { departmentId: input.params.id, kinds: input.body.kinds });
      ctx.body = { departmentId: consent.departmentId, kinds: consent.kinds, shared: true };
    },
  );

  router.delete(
    '/api/departments/:id/sharing',
    signedIn(),
    validate(nothing),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof nothing>>) => {
      const { trx, user, input } = ctx.state;
      await withdrawReadiness(trx, user, { departmentId: input.params.id });
      ctx.status = 204;
    },
  );

  router.post(
    '/api/departments/:id/officers',
    signedIn(),
    recentProof({ config, mailer, rateLimits }), // a role grant needs a recent proof (docs/api.md "Step-up")
    validate(officer),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof officer>>) => {
      const { trx, user, input, log } = ctx.state;
      const granted = await grantOfficer(trx, user, { departmentId: input.params.id, email: input.body.email });
      audit(trx, log, user, {
        action: 'officer.grant',
        target: { type: 'user', id: granted.userId, departmentId: granted.departmentId },
      });
      ctx.status = 201;
      ctx.body = { departmentId: granted.departmentId, userId: granted.userId };
    },
  );

  router.delete(
    '/api/departments/:id/officers/:userId',
    signedIn(),
    validate(officerRemove),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof officerRemove>>) => {
      const { trx, user, input, log } = ctx.state;
      await removeOfficer(trx, user, { departmentId: input.params.id, userId: input.params.userId });
      audit(trx, log, user, {
        action: 'officer.remove',
        target: { type: 'user', id: input.params.userId, departmentId: input.params.id },
      });
      ctx.status = 204;
    },
  );

  router.post(
    '/api/departments/:id/positions',
    signedIn(),
    validate(position),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof position>>) => {
      const { trx, user, input } = ctx.state;
      const created = await definePosition(trx, user, { departmentId: input.params.id, ...input.body });
      ctx.status = 201;
      ctx.body = { id: created.id, name: created.name, credentials: created.credentials };
    },
  );

  router.delete(
    '/api/departments/:id/positions/:positionId',
    signedIn(),
    validate(positionRemove),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof positionRemove>>) => {
      const { trx, user, input } = ctx.state;
      await removePosition(trx, user, { departmentId: input.params.id, positionId: input.params.positionId });
      ctx.status = 204;
    },
  );

  router.post(
    '/api/departments/:id/attestations',
    signedIn(),
    validate(attest),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof attest>>) => {
      const { trx, user, input } = ctx.state;
      const made = await attestCredential(
        trx,
        user,
        { departmentId: input.params.id, ...input.body },
        {
          baseUrl: config.baseUrl,
          productName: config.productName,
          credentialKey: config.credentialKey,
        },
      );
      ctx.status = 201;
      ctx.body = {
        list: made.list,
        itemId: made.itemId,
        departmentId: made.departmentId,
        attestedAt: new Date(made.attestedAt).toISOString(),
      };
    },
  );

  return router;
}
