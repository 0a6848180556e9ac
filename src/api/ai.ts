/**
 * AI assist API (docs/decisions/ai-assist.md). Every route needs a signed-in user. Enhance and photo caption need a configured
 * model (AI_BASE_URL…; else 503 with AI_MESSAGES.notConfigured), count against the user's `aiPerUser` rate
 * limit, and hold no transaction while the model thinks (the service logs each call in one insert).
 * Read as a table: path → guards → validated input → rate limit → service → presenter.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import { ServiceUnavailableError } from '../errors';
import { signedIn } from '../http/auth';
import type { SignedInContext, WriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { presentAiFeedback, presentEnhancement, presentPhotoCaption } from '../presenters/aiAssist';
import { answerAiSuggestion, enhanceText, suggestPhotoCaption } from '../services/ai/assist';
import { AI_MESSAGES, aiFeedbackSchema, enhanceSchema, photoCaptionSchema } from '../validation/ai';
import { idParams } from '../validation/common';

const enhance = { body: enhanceSchema };
const caption = { body: photoCaptionSchema };
const feedback = { params: idParams, body: aiFeedbackSchema };

/** Not configured is not a passing outage: tell clients not to retry soon. */
const NOT_CONFIGURED_RETRY_SECONDS = 3600;

export function aiRoutes({ ai, readPhoto, rateLimits }: AppContext): Router {
  const router = new Router({ prefix: '/api/ai' });

  const configured: Koa.Middleware = async (_ctx, next) => {
    if (!ai) throw new ServiceUnavailableError(AI_MESSAGES.notConfigured, NOT_CONFIGURED_RETRY_SECONDS);
    await next();
  };
  const perUser: Koa.Middleware = async (ctx, next) => {
    await rateLimits.consume('aiPerUser', String((ctx as SignedInContext).state.user.id));
    await next();
  };

  router.post(
    '/enhance',
    signedIn(),
    configured,
    validate(enhance),
    perUser,
    async (ctx: SignedInContext<InputOf<typeof enhance>>) => {
      const { user, input } = ctx.state;
      ctx.body = presentEnhancement(await enhanceText(user, input.body, ai!), user);
    },
  );

  router.post(
    '/photo-caption',
    signedIn(),
    configured,
    validate(caption),
    perUser,
    async (ctx: SignedInContext<InputOf<typeof caption>>) => {
      const { user, input } = ctx.state;
      ctx.body = presentPhotoCaption(await suggestPhotoCaption(user, input.body, { ai: ai!, readPhoto }), user);
    },
  );

  // Feedback works whether or not a model is configured now: the suggestion was made when one was.
  router.post(
    '/logs/:id/feedback',
    signedIn(),
    validate(feedback),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof feedback>>) => {
      const { trx, user, input } = ctx.state;
      ctx.body = presentAiFeedback(await answerAiSuggestion(trx, user, { ...input.params, ...input.body }), user);
    },
  );

  return router;
}
