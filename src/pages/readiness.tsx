/**
 * Shared readiness pages (docs/decisions/department-readiness.md), plain HTML with no script:
 * - GET/POST /departments/{id}/sharing: a member's sharing with the department (intent `share`, `withdraw`);
 * - GET /departments/{id}/readiness: the roster (filters as links: `state`, `position`), with its forms (intent
 *   `attest`, `position`, `officer` — a role grant, after a recent proof like every role grant);
 * - GET /departments/{id}/readiness.csv: the CSV of exactly what the roster shows with the same filters.
 * Each runs the JSON routes' schema and service (src/api/readiness.ts). Nothing here is kept: every read asks.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import { noticeAfterRedirect, takeNotice } from '../http/actionNotice';
import { audit } from '../http/audit';
import { nowOf } from '../http/clock';
import type { SignedInContext, WriteContext } from '../http/context';
import { byIntent, formAction, type FormState } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { proofFor } from '../http/recentProof';
import { validate, type InputOf } from '../http/validate';
import type { User } from '../models/User';
import { CatalogueCredential } from '../models/CatalogueCredential';
import { authorize } from '../policies';
import { consentPolicy } from '../policies/readiness';
import { presentRoster, presentRosterCsv } from '../presenters/readiness';
import { renderPage } from '../render/renderPage';
import { attestCredential, definePosition, grantOfficer } from '../services/readiness/department';
import { previewFor, readinessRoster } from '../services/readiness/roster';
import { sharingOf, shareReadiness, withdrawReadiness } from '../services/readiness/sharing';
import {
  attestFormSchema,
  consentSchema,
  departmentParams,
  officerGrantSchema,
  positionSchema,
  READINESS_MESSAGES,
  rosterPath,
  rosterQuery,
  type CellState,
  type ReadinessKind,
} from '../validation/readiness';
import { object } from 'yup';
import {
  OFFICERS_ID,
  POSITIONS_ID,
  ROSTER_ID,
  ReadinessPage,
  SHARING_FORM_ID,
  SharingPage,
} from '../../views/pages/ReadinessPages';

const sharingPage = { params: departmentParams };
const rosterPage = { params: departmentParams, query: rosterQuery };
const withdrawSchema = object({});

const paramsOf = (ctx: Koa.Context) => departmentParams.validateSync(ctx.params);

export function readinessPageRoutes({
  config,
  mailer,
  rateLimits,
}: Pick<AppContext, 'config' | 'mailer' | 'rateLimits'>): Router {
  const router = new Router();

  const showSharing = async (ctx: Koa.Context, user: User, departmentId: number, state: FormState | null) => {
    const { department, sharing } = await sharingOf(user, departmentId);
    authorize(consentPolicy, user, 'read', sharing);
    const posted = state?.values.kinds;
    const kinds = (Array.isArray(posted) ? posted : sharing.kinds) as ReadinessKind[];
    const matrix = await previewFor(user, department, kinds, new Date(nowOf(ctx)));
    return renderPage(
      ctx,
      config,
      <SharingPage
        department={{ id: department.id, name: department.name }}
        kinds={kinds}
        shared={Boolean(sharing.id)}
        preview={{ credentials: matrix.credentials, member: matrix.members[0] ?? null }}
        notice={takeNotice(ctx)}
        state={state}
      />,
      { title: `Share readiness with ${department.name}`, noindex: true },
    );
  };

  router.get('/departments/:id/sharing', signedInPage(), validate(sharingPage), async (ctx: SignedInContext) => {
    await showSharing(ctx, ctx.state.user, paramsOf(ctx).id, null);
  });

  const sharingAgain = (ctx: Koa.Context, state: FormState) =>
    showSharing(ctx, ctx.state.user as User, paramsOf(ctx).id, state);

  router.post(
    '/departments/:id/sharing',
    signedInPage(),
    validate(sharingPage),
    byIntent({
      share: formAction({
        schema: consentSchema,
        errorTitle: 'Not shared',
        async handle(ctx: WriteContext, input) {
          const { id } = paramsOf(ctx);
          await shareReadiness(ctx.state.trx, ctx.state.user, { departmentId: id, kinds: input.kinds });
          return noticeAfterRedirect(ctx, `/departments/${id}/sharing`, {
            at: SHARING_FORM_ID,
            message: READINESS_MESSAGES.shared,
          });
        },
        render: sharingAgain,
      }),
      withdraw: formAction({
        schema: withdrawSchema,
        errorTitle: 'Not withdrawn',
        async handle(ctx: WriteContext) {
          const { id } = paramsOf(ctx);
          await withdrawReadiness(ctx.state.trx, ctx.state.user, { departmentId: id });
          return noticeAfterRedirect(ctx, `/departments/${id}/sharing`, {
            at: SHARING_FORM_ID,
            message: READINESS_MESSAGES.withdrawn,
          });
        },
        render: sharingAgain,
      }),
    }),
  );

  const catalogueNames = async () =>
    (await CatalogueCredential.query().orderBy('name').select('name')).map(({ name }) => name);

  const showRoster = async (
    ctx: Koa.Context,
    user: User,
    input: { id: number; state?: CellState | null; position?: number | null; page?: number },
    failed: { intent: string; state: FormState } | null,
  ) => {
    const roster = await readinessRoster(user, {
      departmentId: input.id,
      state: input.state ?? null,
      position: input.position ?? null,
      now: new Date(nowOf(ctx)),
    });
    const json = presentRoster(roster, user, input.page);
    return renderPage(
      ctx,
      config,
      <ReadinessPage
        roster={json}
        catalogue={json.can.definePositions ? await catalogueNames() : []}
        notice={takeNotice(ctx)}
        failed={failed}
      />,
      { title: `${json.department.name}: readiness`, noindex: true },
    );
  };

  router.get(
    '/departments/:id/readiness',
    signedInPage(),
    validate(rosterPage, { badQuery: 'canonical' }),
    async (ctx: SignedInContext<InputOf<typeof rosterPage>>) => {
      const { params, query } = ctx.state.input;
      await showRoster(ctx, ctx.state.user, { id: params.id, ...query }, null);
    },
  );

  router.get(
    '/departments/:id/readiness.csv',
    signedInPage(),
    validate(rosterPage, { badQuery: 'canonical' }),
    async (ctx: SignedInContext<InputOf<typeof rosterPage>>) => {
      const { params, query } = ctx.state.input;
      const roster = await readinessRoster(ctx.state.user, {
        departmentId: params.id,
        state: query.state ?? null,
        position: query.position ?? null,
        now: new Date(nowOf(ctx)),
      });
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('Content-Disposition', `attachment; filename="readiness-${params.id}.csv"`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = presentRosterCsv(roster);
    },
  );

  /** The filters and page a form carried (the attest form's), dropping what does not validate. */
  const rosterAt = (values: Record<string, unknown> = {}) => {
    const at = (key: 'state' | 'position' | 'page') => {
      try {
        return rosterQuery.validateSyncAt(key, values) as never;
      } catch {
        return undefined;
      }
    };
    return { state: at('state'), position: at('position'), page: at('page') };
  };

  const rosterAgain = (intent: string) => (ctx: Koa.Context, state: FormState) =>
    showRoster(ctx, ctx.state.user as User, { ...paramsOf(ctx), ...rosterAt(state.values) }, { intent, state });

  const back = (ctx: Koa.Context, at: string, message: string, where: Parameters<typeof rosterPath>[1] = {}) =>
    noticeAfterRedirect(ctx, rosterPath(paramsOf(ctx).id, where), { at, message });

  router.post(
    '/departments/:id/readiness',
    signedInPage(),
    validate(sharingPage),
    byIntent({
      attest: formAction({
        schema: attestFormSchema,
        errorTitle: 'Not attested',
        async handle(ctx: WriteContext, { list, itemId, ...where }) {
          await attestCredential(
            ctx.state.trx,
            ctx.state.user,
            { departmentId: paramsOf(ctx).id, list, itemId },
            {
              baseUrl: config.baseUrl,
              productName: config.productName,
              credentialKey: config.credentialKey,
            },
          );
          // Back to the page and filters the officer attested from, not the roster's first page.
          return back(ctx, ROSTER_ID, READINESS_MESSAGES.attested, where);
        },
        render: rosterAgain('attest'),
      }),
      position: formAction({
        schema: positionSchema,
        errorTitle: 'Position not added',
        async handle(ctx: WriteContext, input) {
          const position = await definePosition(ctx.state.trx, ctx.state.user, {
            departmentId: paramsOf(ctx).id,
            ...input,
          });
          return back(ctx, POSITIONS_ID, `Added — ${position.name}: ${position.credentials.join(', ')}`);
        },
        render: rosterAgain('position'),
      }),
      officer: formAction({
        schema: officerGrantSchema,
        errorTitle: 'Training officer not added',
        limit: proofFor({ config, mailer, rateLimits }), // a role grant needs a recent proof (docs/api.md "Step-up")
        async handle(ctx: WriteContext, input) {
          const { trx, user, log } = ctx.state;
          const officer = await grantOfficer(trx, user, { departmentId: paramsOf(ctx).id, ...input });
          audit(trx, log, user, {
            action: 'officer.grant',
            target: { type: 'user', id: officer.userId, departmentId: officer.departmentId },
          });
          return back(ctx, OFFICERS_ID, `Added — ${input.email} is now a training officer`);
        },
        render: rosterAgain('officer'),
      }),
    }),
  );

  return router;
}
