/**
 * Endorsement pages (docs/decisions/endorsements.md), plain forms that need no script:
 * - GET/POST /profiles/{id}/skills/{skillId}/endorse: a verified colleague's endorse form (the Endorse link on a
 *   colleague's page leads here); anyone else gets the 403 page with the reason, a skill they cannot see 404;
 *   after a post, `?sent=1` says it was sent and where it stands;
 * - POST /profiles/{id}/endorsements/{endorsementId}: the owner's Approve / Hide (status), back to the edit page's
 *   skills section, or (`back=profile`) to the normal view's waiting notice with a status line (a flash: no script).
 * Each runs the same schema and service as the JSON routes (src/api/endorsements.ts).
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { mixed, object } from 'yup';
import type { AppContext } from '../http/appContext';
import type { SignedInContext, WriteContext } from '../http/context';
import { setFlash, toastAfterRedirect } from '../http/flash';
import { formAction, type FormState } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { validate, type InputOf } from '../http/validate';
import type { User } from '../models/User';
import { renderPage } from '../render/renderPage';
import {
  authorizeEndorsing,
  decideEndorsement,
  endorseSkill,
  findEndorsableSkill,
  findOwnEndorsement,
} from '../services/endorsements/endorse';
import {
  ENDORSEMENT_DECIDED_FLASH,
  ENDORSEMENT_MESSAGES,
  endorsementCreateSchema,
  endorsementDecisionFormSchema,
  endorsementParams,
  skillParams,
} from '../validation/endorsements';
import { EndorsePage } from '../../views/pages/EndorsePage';
import { MessagePage } from '../../views/pages/MessagePage';

const endorseView = { params: skillParams, query: object({ sent: mixed<'1'>().oneOf(['1'], 'Unknown notice') }) };
const endorsePost = { params: skillParams };
const decidePost = { params: endorsementParams };

type SkillRef = { id: number; skillId: number };
const endorsePath = (ref: SkillRef) => `/profiles/${ref.id}/skills/${ref.skillId}/endorse`;

export function endorsementPageRoutes({ config, mailer }: AppContext): Router {
  const router = new Router();
  const mail = { mailer, baseUrl: config.baseUrl, productName: config.productName };

  const endorsePage = async (
    ctx: Koa.Context,
    user: User,
    ref: SkillRef,
    options: { sent?: boolean; state?: FormState | null },
  ) => {
    const { profile, skill } = await findEndorsableSkill(user, { profileId: ref.id, skillId: ref.skillId });
    const existing = await findOwnEndorsement(user, skill.id);
    if (!existing) await authorizeEndorsing(user, skill.id, profile.userId);
    await renderPage(
      ctx,
      config,
      <EndorsePage
        ownerName={profile.name}
        skillName={skill.name}
        profileHref={`/profiles/${profile.id}/public?widget=skills`}
        action={endorsePath(ref)}
        existing={existing ? { status: existing.status, comment: existing.comment } : null}
        sent={Boolean(options.sent && existing)}
        state={options.state ?? null}
      />,
      { title: `Endorse ${profile.name}’s skill`, noindex: true },
    );
  };

  router.get(
    '/profiles/:id/skills/:skillId/endorse',
    signedInPage(),
    validate(endorseView, { badQuery: 'canonical' }),
    async (ctx: SignedInContext<InputOf<typeof endorseView>>) => {
      const { user, input } = ctx.state;
      await endorsePage(ctx, user, input.params, { sent: input.query.sent === '1' });
    },
  );

  router.post(
    '/profiles/:id/skills/:skillId/endorse',
    signedInPage(),
    validate(endorsePost),
    formAction({
      schema: endorsementCreateSchema,
      errorTitle: 'Endorsement not sent',
      async handle(ctx: WriteContext<InputOf<typeof endorsePost>>, input) {
        const { trx, user } = ctx.state;
        const ref = ctx.state.input.params;
        await endorseSkill(trx, user, { profileId: ref.id, skillId: ref.skillId, comment: input.comment }, mail);
        return `${endorsePath(ref)}?sent=1`;
      },
      render: (ctx, state) =>
        endorsePage(ctx, ctx.state.user!, (ctx.state.input as InputOf<typeof endorsePost>).params, { state }),
    }),
  );

  router.post(
    '/profiles/:id/endorsements/:endorsementId',
    signedInPage(),
    validate(decidePost),
    formAction({
      schema: endorsementDecisionFormSchema,
      async handle(ctx: WriteContext<InputOf<typeof decidePost>>, input) {
        const { trx, user } = ctx.state;
        const { id: profileId, endorsementId } = ctx.state.input.params;
        await decideEndorsement(trx, user, { id: endorsementId, status: input.status, profileId });
        if (input.back === 'profile') {
          setFlash(ctx, ENDORSEMENT_DECIDED_FLASH, input.status);
          return `/profiles/${profileId}#endorsements-waiting`;
        }
        toastAfterRedirect(ctx, ENDORSEMENT_MESSAGES[input.status === 'approved' ? 'approved' : 'hidden']);
        return `/profiles/${profileId}?edit=1#section-skills`;
      },
      render: (ctx, state) =>
        renderPage(
          ctx,
          config,
          <MessagePage code="400" title={state.error?.message ?? ENDORSEMENT_MESSAGES.decision} />,
          { title: ENDORSEMENT_MESSAGES.decision, noindex: true, status: 400 },
        ),
    }),
  );

  return router;
}
