/**
 * /verifications (docs/decisions/verified-membership.md): the review page of department verifiers and site admins (403 for anyone else),
 * linked from the account menu only for them. Every action is a plain form posting here with an `intent`
 * (decide, revoke, grant, remove-verifier), running the JSON routes' schema and service call; success redirects
 * (303) back to where the form was (the page, or the admin dashboard's Verification tab), a refused post shows
 * this page again with the form's message.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { mixed, object, string } from 'yup';
import type { AppContext } from '../http/appContext';
import { audit } from '../http/audit';
import type { SignedInContext, WriteContext } from '../http/context';
import { byIntent, formAction, type FormState } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { validate, type InputOf } from '../http/validate';
import type { User } from '../models/User';
import { presentDepartment } from '../presenters/departments';
import { searchDepartments } from '../services/departments/search';
import { trimmed } from '../validation/common';
import { isAdmin } from '../policies/viewer';
import { presentDepartmentVerifier, presentVerificationRequest } from '../presenters/verification';
import { renderPage } from '../render/renderPage';
import { decideVerification, revokeVerification } from '../services/verification/requests';
import { reviewList } from '../services/verification/review';
import { grantVerifierByEmail, listVerifiers, removeVerifier } from '../services/verification/verifiers';
import {
  decideFormSchema,
  grantVerifierFormSchema,
  removeVerifierFormSchema,
  revokeFormSchema,
} from '../validation/verification';
import {
  VerificationsPage,
  type VerificationsPanelProps,
  type VerificationsView,
} from '../../views/pages/VerificationsPage';

const VIEWS: VerificationsView[] = ['pending', 'decided'];
const page = {
  query: object({
    view: mixed<VerificationsView>().oneOf(VIEWS, 'Unknown view').default('pending'),
    // The grant form's department search without script (docs/decisions/pending-departments.md).
    departmentQuery: string().transform(trimmed).default(''),
    email: string().transform(trimmed).default(''),
  }),
};

/** The panel's data for a reviewer (the page and the admin tab): 403 for anyone who reviews nothing. */
export async function verificationsPanel(
  viewer: User,
  view: VerificationsView,
  returnTo: string,
  failed: VerificationsPanelProps['failed'] = null,
): Promise<VerificationsPanelProps> {
  const list = await reviewList(viewer, view);
  const verifiers = isAdmin(viewer)
    ? (await listVerifiers(viewer)).map((v) => presentDepartmentVerifier(v, viewer))
    : null;
  return {
    view,
    requests: list.requests.map((r) => presentVerificationRequest(r, viewer, list.profiles.get(r.userId))),
    verifiers,
    failed,
    returnTo,
  };
}

type Intent = 'decide' | 'revoke' | 'grant' | 'remove-verifier';

export function verificationPageRoutes({
  config,
  mailer,
  logger,
}: Pick<AppContext, 'config' | 'mailer' | 'logger'>): Router {
  const router = new Router();
  const mail = { mailer, baseUrl: config.baseUrl, productName: config.productName, logger };

  const show = async (
    ctx: Koa.Context,
    user: User,
    view: VerificationsView,
    failed: VerificationsPanelProps['failed'],
    search?: { departmentQuery: string; email: string },
  ) => {
    const panel = await verificationsPanel(user, view, '/verifications', failed);
    if (panel.verifiers && search?.departmentQuery) {
      const results = await searchDepartments(user, search.departmentQuery);
      panel.departmentSearch = {
        query: search.departmentQuery,
        results: results.map((department) => presentDepartment(department, user)),
        email: search.email,
      };
    }
    return renderPage(ctx, config, <VerificationsPage {...panel} />, { title: 'Verification requests', noindex: true });
  };

  router.get(
    '/verifications',
    signedInPage(),
    validate(page, { badQuery: 'canonical' }),
    async (ctx: SignedInContext<InputOf<typeof page>>) => {
      const { view, departmentQuery, email } = ctx.state.input.query;
      await show(ctx, ctx.state.user, view, null, { departmentQuery, email });
    },
  );

  /** A refused post: this page again, with the form's state where the form is. */
  const again = (intent: Intent) => (ctx: Koa.Context, state: FormState) => {
    const id = Number(state.values.id);
    return show(ctx, ctx.state.user as User, intent === 'revoke' ? 'decided' : 'pending', {
      intent,
      id: Number.isInteger(id) ? id : null,
      state,
    });
  };

  const actions: Record<Intent, Koa.Middleware> = {
    decide: formAction({
      schema: decideFormSchema,
      errorTitle: 'Decision not saved',
      async handle(ctx: WriteContext, input) {
        await decideVerification(ctx.state.trx, ctx.state.user, input, mail);
        return input.returnTo;
      },
      render: again('decide'),
    }),
    revoke: formAction({
      schema: revokeFormSchema,
      errorTitle: 'Verification not revoked',
      async handle(ctx: WriteContext, input) {
        const { trx, user, log } = ctx.state;
        const revoked = await revokeVerification(trx, user, { id: input.id, reason: input.reason! }, mail);
        audit(trx, log, user, {
          action: 'verification.revoke',
          target: { type: 'membership_verification', id: revoked.id },
        });
        return input.returnTo === '/verifications' ? '/verifications?view=decided' : input.returnTo;
      },
      render: again('revoke'),
    }),
    grant: formAction({
      schema: grantVerifierFormSchema,
      errorTitle: 'Verifier not added',
      async handle(ctx: WriteContext, input) {
        const { trx, user, log } = ctx.state;
        const granted = await grantVerifierByEmail(trx, user, input);
        audit(trx, log, user, {
          action: 'verifier.grant',
          target: { type: 'user', id: granted.userId, departmentId: granted.departmentId },
        });
        return input.returnTo;
      },
      render: again('grant'),
    }),
    'remove-verifier': formAction({
      schema: removeVerifierFormSchema,
      errorTitle: 'Verifier not removed',
      async handle(ctx: WriteContext, input) {
        const { trx, user, log } = ctx.state;
        await removeVerifier(trx, user, { id: input.id });
        audit(trx, log, user, { action: 'verifier.remove', target: { type: 'department_verifier', id: input.id } });
        return input.returnTo;
      },
      render: again('remove-verifier'),
    }),
  };

  router.post('/verifications', signedInPage(), byIntent(actions));

  return router;
}
