/**
 * /verifications (docs/decisions/verified-membership.md): the review page of department verifiers and site admins (403 for anyone else),
 * linked from the account menu only for them. Every action is a plain form posting here with an `intent`
 * (decide, revoke, grant, remove-verifier), running the JSON routes' schema and service call; success redirects
 * (303) back to where the form was (the page, or the admin dashboard's Verification tab) at the acted-on request
 * or form (`#request-12`), whose status line says what was done ("Approved — Dana Reyes is now verified") and
 * takes the focus (docs/decisions/confirm-in-place.md); a refused post shows this page again with the form's
 * message in the same place.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { mixed, object, string } from 'yup';
import type { AppContext } from '../http/appContext';
import { noticeAfterRedirect, takeNotice } from '../http/actionNotice';
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
import { decideVerification, revokeVerification, verificationDeps } from '../services/verification/requests';
import { reviewList } from '../services/verification/review';
import { grantVerifierByEmail, listVerifiers, removeVerifier } from '../services/verification/verifiers';
import {
  decideFormSchema,
  grantVerifierFormSchema,
  removeVerifierFormSchema,
  revokeFormSchema,
} from '../validation/verification';
import type { ActionNotice } from '../validation/forms';
import {
  GRANT_FORM_ID,
  VERIFIERS_ID,
  VerificationsPage,
  requestAnchor,
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
  notice: ActionNotice | null = null,
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
    notice,
    returnTo,
  };
}

type Intent = 'decide' | 'revoke' | 'grant' | 'remove-verifier';

/** Each form's failure title (the start of its refused status line). */
const ERROR_TITLES: Record<Intent, string> = {
  decide: 'Decision not saved',
  revoke: 'Verification not revoked',
  grant: 'Verifier not added',
  'remove-verifier': 'Verifier not removed',
};

/** Where a form's status line is: its request, the Add verifier form, or the list of verifiers. */
const placeOf = (intent: Intent, id: number | null) =>
  intent === 'grant' ? GRANT_FORM_ID : intent === 'remove-verifier' || id === null ? VERIFIERS_ID : requestAnchor(id);

export function verificationPageRoutes({
  config,
  mailer,
  logger,
}: Pick<AppContext, 'config' | 'mailer' | 'logger'>): Router {
  const router = new Router();
  const mail = verificationDeps({ mailer, config, logger });

  const show = async (
    ctx: Koa.Context,
    user: User,
    view: VerificationsView,
    failed: VerificationsPanelProps['failed'],
    notice: ActionNotice | null,
    search?: { departmentQuery: string; email: string },
  ) => {
    const panel = await verificationsPanel(user, view, '/verifications', failed, notice);
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
      await show(ctx, ctx.state.user, view, null, takeNotice(ctx), { departmentQuery, email });
    },
  );

  /** A refused post: this page again, with the form's state and its message where the form is. */
  const again = (intent: Intent) => (ctx: Koa.Context, state: FormState) => {
    const posted = Number(state.values.id);
    const id = Number.isInteger(posted) ? posted : null;
    const reason = state.error?.message ?? Object.values(state.errors)[0] ?? '';
    return show(
      ctx,
      ctx.state.user as User,
      intent === 'revoke' ? 'decided' : 'pending',
      { intent, id, state },
      { at: placeOf(intent, id), message: `${ERROR_TITLES[intent]}: ${reason}`, tone: 'error' },
    );
  };

  const actions: Record<Intent, Koa.Middleware> = {
    decide: formAction({
      schema: decideFormSchema,
      errorTitle: ERROR_TITLES.decide,
      async handle(ctx: WriteContext, input) {
        const decided = await decideVerification(ctx.state.trx, ctx.state.user, input, mail);
        const name = decided.user!.name;
        return noticeAfterRedirect(ctx, input.returnTo, {
          at: requestAnchor(decided.id),
          message:
            decided.status === 'approved'
              ? `Approved — ${name} is now verified`
              : `Declined — ${name} has been sent your reason`,
        });
      },
      render: again('decide'),
    }),
    revoke: formAction({
      schema: revokeFormSchema,
      errorTitle: ERROR_TITLES.revoke,
      async handle(ctx: WriteContext, input) {
        const { trx, user, log } = ctx.state;
        const revoked = await revokeVerification(trx, user, { id: input.id, reason: input.reason! }, mail);
        audit(trx, log, user, {
          action: 'verification.revoke',
          target: { type: 'membership_verification', id: revoked.id },
        });
        return noticeAfterRedirect(ctx, `${input.returnTo}${input.returnTo.includes('?') ? '&' : '?'}view=decided`, {
          at: requestAnchor(revoked.id),
          message: `Revoked — ${revoked.user!.name} is no longer verified`,
        });
      },
      render: again('revoke'),
    }),
    grant: formAction({
      schema: grantVerifierFormSchema,
      errorTitle: ERROR_TITLES.grant,
      async handle(ctx: WriteContext, input) {
        const { trx, user, log } = ctx.state;
        const granted = await grantVerifierByEmail(trx, user, input);
        audit(trx, log, user, {
          action: 'verifier.grant',
          target: { type: 'user', id: granted.userId, departmentId: granted.departmentId },
        });
        return noticeAfterRedirect(ctx, input.returnTo, {
          at: GRANT_FORM_ID,
          message: `Added — ${granted.user!.name} now verifies ${granted.department!.name}`,
        });
      },
      render: again('grant'),
    }),
    'remove-verifier': formAction({
      schema: removeVerifierFormSchema,
      errorTitle: ERROR_TITLES['remove-verifier'],
      async handle(ctx: WriteContext, input) {
        const { trx, user, log } = ctx.state;
        await removeVerifier(trx, user, { id: input.id });
        audit(trx, log, user, { action: 'verifier.remove', target: { type: 'department_verifier', id: input.id } });
        return noticeAfterRedirect(ctx, input.returnTo, {
          at: VERIFIERS_ID,
          message: 'Verifier removed. Their past decisions stay.',
        });
      },
      render: again('remove-verifier'),
    }),
  };

  router.post('/verifications', signedInPage(), byIntent(actions));

  return router;
}
