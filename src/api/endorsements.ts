/**
 * Endorsements from verified colleagues (docs/decisions/endorsements.md):
 * - POST /api/profiles/{id}/skills/{skillId}/endorsements {comment?}: a verified colleague endorses (201, pending);
 *   a visitor 401, anyone else 403 with the reason, a second one 409, a comment over 280 characters 400;
 * - PATCH /api/endorsements/{id} {status: approved | hidden}: the owner approves or hides it.
 * A profile's endorsements are read with the profile (GET /api/profiles/{id}: each skill's colleagueEndorsements).
 */
import Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import { signedIn } from '../http/auth';
import type { WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentEndorsementWrite } from '../presenters/endorsements';
import { decideEndorsement, endorseSkill } from '../services/endorsements/endorse';
import { idParams } from '../validation/common';
import { endorsementCreateSchema, endorsementDecisionSchema, skillParams } from '../validation/endorsements';

const endorse = { params: skillParams, body: endorsementCreateSchema };
const decide = { params: idParams, body: endorsementDecisionSchema };

export function endorsementRoutes({ config, mailer }: AppContext): Router {
  const router = new Router();
  const mail = { mailer, baseUrl: config.baseUrl, productName: config.productName };

  router.post(
    '/api/profiles/:id/skills/:skillId/endorsements',
    signedIn(),
    validate(endorse),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof endorse>>) => {
      const { trx, user, input } = ctx.state;
      const { id: profileId, skillId } = input.params;
      const endorsement = await endorseSkill(trx, user, { profileId, skillId, comment: input.body.comment }, mail);
      ctx.status = 201;
      ctx.body = presentEndorsementWrite(endorsement, user);
    },
  );

  router.patch(
    '/api/endorsements/:id',
    signedIn(),
    validate(decide),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof decide>>) => {
      const { trx, user, input } = ctx.state;
      ctx.body = presentEndorsementWrite(
        await decideEndorsement(trx, user, { id: input.params.id, status: input.body.status }),
        user,
      );
    },
  );

  return router;
}
