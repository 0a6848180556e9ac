/**
 * /admin and /admin/supabase-setup (spec 01 §§2, 6). Admins and super_admins get the dashboard, each tab a
 * server-rendered page (/admin?tab=users|beta-codes|blacklist|ai-logs|departments; the users tab also reads
 * q and page, the AI logs tab filter and page) whose island starts from the data loaded here. Anyone else
 * gets Access Denied ('You don't have permission to access this page.') with a button: Login for a visitor
 * (401), back home for a signed-in user (403). A bad query value (`?page=abc`, `?tab=nope`) redirects to the
 * page without it.
 *
 * Every action on the dashboard is also a plain form posting to /admin with its `intent` (code-create,
 * code-active, blacklist-add, blacklist-remove, user-status, user-role, user-delete, user-blacklist): the JSON
 * routes' schema, policy and service call, then 303 back to the tab at the acted-on row or form (`#code-12`),
 * whose status line says what was done and takes the focus (docs/decisions/confirm-in-place.md). A refused post
 * shows the tab again with the message in the same place (a create form open with its values and messages).
 *
 * The set-up page's two forms also work without JavaScript: each posts to /admin/supabase-setup with its
 * `intent` (`test`, `setup`), runs the JSON routes' schema and service call, and redirects (303) back to the
 * page, which shows the result once; a failure shows the page again with the form's message (never its URL,
 * which holds the database password).
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { mixed, object, string } from 'yup';
import type { AppContext } from '../http/appContext';
import { takeNotice } from '../http/actionNotice';
import { auditLine } from '../http/audit';
import type { SignedInContext, WriteContext } from '../http/context';
import { presentSecurityEvent } from '../presenters/security';
import { adminUserSecurity } from '../services/admin/userSecurity';
import { appSettingsPolicy, requireTwoFactorForAdmins, setRequireTwoFactorForAdmins } from '../services/appSettings';
import { idParams } from '../validation/common';
import { adminTwoFactorSettingSchema } from '../validation/twoFactor';
import { AdminUserDetailPage } from '../../views/pages/AdminUserDetail';
import { setFlash, takeFlash } from '../http/flash';
import { byIntent, formAction } from '../http/formAction';
import { adminPage } from '../http/pageGuards';
import { validate, type InputOf } from '../http/validate';
import type { User } from '../models/User';
import { databaseSetupPolicy } from '../policies/admin';
import { canOnCollection } from '../policies/policy';
import {
  presentAdminStats,
  presentAdminUsersPage,
  presentBetaCode,
  presentBetaCodeStats,
  presentBlacklistEntry,
} from '../presenters/admin';
import { presentAiLogsPage } from '../presenters/aiLogs';
import { renderPage } from '../render/renderPage';
import { aiLogStats, listAiLogs } from '../services/admin/aiLogs';
import { betaCodeStats, listBetaCodes } from '../services/admin/betaCodes';
import { listBlacklist } from '../services/blacklist/admin';
import { redactUrl, setUpDatabase, testConnection } from '../services/admin/databaseSetup';
import { departmentsTab } from './adminDepartments';
import { verificationsPanel } from './verifications';
import { dashboardActions } from './adminForms';
import { adminStats, listUsers } from '../services/admin/users';
import { siteInsightTotals } from '../services/insights/read';
import { presentSiteInsights } from '../presenters/share';
import {
  ADMIN_LABELS,
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  adminUsersQuery,
  aiLogsQuery,
  databaseSetupSchema,
  testConnectionSchema,
  type DatabaseSetupResultJson,
  type SetupReportJson,
} from '../validation/admin';
import type { ActionNotice, FormState } from '../validation/forms';
import {
  ADMIN_TABS,
  AdminPage,
  DatabaseSetupPage,
  type AdminForms,
  type AdminTab,
  type AdminTabData,
} from '../../views/pages/AdminPage';

/** `?tab=` and each tab's own parameters (the users tab's search and page, the AI logs tab's filter and page). */
const dashboard = {
  query: object({
    tab: string()
      .oneOf([...ADMIN_TABS], 'Unknown tab')
      .default('users'),
  })
    .concat(adminUsersQuery.pick(['q', 'page']))
    .concat(aiLogsQuery.pick(['filter']))
    .concat(
      object({ view: mixed<'pending' | 'decided'>().oneOf(['pending', 'decided'], 'Unknown view').default('pending') }),
    ),
};
type DashboardQuery = InputOf<typeof dashboard>['query'];
const userDetail = { params: idParams };

async function tabData(
  ctx: Koa.Context,
  viewer: User,
  query: DashboardQuery,
  notice: ActionNotice | null,
): Promise<AdminTabData> {
  const tab = query.tab as AdminTab;
  const paging = { page: query.page, pageSize: ADMIN_PAGE_SIZE };
  switch (tab) {
    case 'users': {
      return {
        tab,
        query: query.q,
        page: presentAdminUsersPage(await listUsers(viewer, { q: query.q, ...paging }), paging, viewer),
      };
    }
    case 'beta-codes': {
      const now = new Date();
      const [codes, counts] = await Promise.all([listBetaCodes(viewer), betaCodeStats(viewer, undefined, now)]);
      return {
        tab,
        codes: codes.map((c) => presentBetaCode(c, viewer, now)),
        stats: presentBetaCodeStats(counts, viewer),
      };
    }
    case 'blacklist':
      return { tab, entries: (await listBlacklist(viewer)).map((e) => presentBlacklistEntry(e, viewer)) };
    case 'ai-logs': {
      const [page, counts] = await Promise.all([
        listAiLogs(viewer, { filter: query.filter, ...paging }),
        aiLogStats(viewer),
      ]);
      return { tab, page: presentAiLogsPage(page, counts, { filter: query.filter, ...paging }, viewer) };
    }
    case 'departments':
      return { tab, departments: await departmentsTab(ctx, viewer) };
    case 'verification':
      return { tab, panel: await verificationsPanel(viewer, query.view, '/admin?tab=verification', null, notice) };
  }
}

/** The set-up page's forms, by their hidden `intent`. */
type SetupIntent = 'test' | 'setup';
const SETUP_PATH = '/admin/supabase-setup';
/** The session key of a set-up form's result, shown once by the GET after the redirect. */
const SETUP_RESULT = 'databaseSetup';

export function adminPageRoutes({
  config,
  db,
  mailer,
  rateLimits,
  mediaStore,
}: Pick<AppContext, 'config' | 'db' | 'mailer' | 'rateLimits' | 'mediaStore'>): Router {
  const router = new Router();

  /** The dashboard's tab, with what a post just did (`notice`) or a refused create form's state (`forms`). */
  const showDashboard = async (
    ctx: Koa.Context,
    viewer: User,
    query: DashboardQuery,
    shown: { notice: ActionNotice | null; forms?: AdminForms },
  ) => {
    const [counts, data, insights, requireTwoFactor] = await Promise.all([
      adminStats(viewer),
      tabData(ctx, viewer, query, shown.notice),
      siteInsightTotals(viewer, 30),
      requireTwoFactorForAdmins(),
    ]);
    await renderPage(
      ctx,
      config,
      <AdminPage
        viewer={{ role: viewer.role }}
        stats={presentAdminStats(counts, viewer)}
        data={data}
        insights={presentSiteInsights(30, insights)}
        twoFactor={{
          required: requireTwoFactor,
          canChange: canOnCollection(appSettingsPolicy, viewer, 'change'),
        }}
        notice={shown.notice}
        forms={shown.forms ?? {}}
        wallet={config.wallet.missing}
      />,
      {
        title: ADMIN_LABELS.title,
        noindex: true,
      },
    );
  };

  router.get(
    '/admin',
    adminPage(config, ADMIN_LABELS.title),
    validate(dashboard, { badQuery: 'canonical' }),
    async (ctx: SignedInContext<InputOf<typeof dashboard>>) => {
      await showDashboard(ctx, ctx.state.user, ctx.state.input.query, { notice: takeNotice(ctx) });
    },
  );

  router.post(
    '/admin',
    adminPage(config, ADMIN_LABELS.title),
    byIntent(dashboardActions({ config, mailer, rateLimits, mediaStore }, showDashboard)),
  );

  // docs/decisions/two-factor.md: a super admin requires two-factor for admins (a plain form on the dashboard).
  router.post(
    '/admin/settings',
    adminPage(config, ADMIN_LABELS.title),
    formAction({
      schema: adminTwoFactorSettingSchema,
      async handle(ctx: WriteContext, input) {
        await setRequireTwoFactorForAdmins(ctx.state.trx, ctx.state.user, input);
        auditLine(ctx.state.log, ctx.state.user, {
          action: 'settings.require_two_factor_for_admins',
          target: { type: 'settings', value: input.requireTwoFactorForAdmins },
        });
        // No flash: requiring two-factor may end this very session (a flash would keep it alive).
        return '/admin';
      },
      render: async (ctx) => ctx.redirect('/admin'),
    }),
  );

  // docs/decisions/security-events.md: one user's sign-in security and recent security events.
  router.get(
    '/admin/users/:id',
    adminPage(config, ADMIN_LABELS.title),
    validate(userDetail),
    async (ctx: SignedInContext<InputOf<typeof userDetail>>) => {
      const detail = await adminUserSecurity(ctx.state.user, ctx.state.input.params);
      const { user } = detail;
      await renderPage(
        ctx,
        config,
        <AdminUserDetailPage
          user={{ id: user.id, name: user.name, email: user.email, role: user.role, isActive: user.isActive }}
          totpEnabled={detail.totpEnabled}
          passkeyCount={detail.passkeyCount}
          events={detail.events.map(presentSecurityEvent)}
        />,
        { title: `${user.name || user.email} · ${ADMIN_LABELS.title}`, noindex: true },
      );
    },
  );

  const setupPage = (
    ctx: Koa.Context,
    viewer: User,
    shown: { result?: DatabaseSetupResultJson; forms?: Partial<Record<SetupIntent, FormState>> },
  ) =>
    renderPage(
      ctx,
      config,
      <DatabaseSetupPage
        viewer={{ role: viewer.role }}
        canSetUp={canOnCollection(databaseSetupPolicy, viewer, 'setUp')}
        result={shown.result ?? null}
        forms={shown.forms ?? {}}
      />,
      {
        title: ADMIN_LABELS.databaseSetup,
        noindex: true,
      },
    );

  router.get(SETUP_PATH, adminPage(config, ADMIN_LABELS.databaseSetup), async (ctx: SignedInContext) => {
    await setupPage(ctx, ctx.state.user, { result: takeFlash<DatabaseSetupResultJson>(ctx, SETUP_RESULT) });
  });

  // The JSON routes' calls (src/api/admin.ts), the same audit lines; the set-up opens its own transactions.
  const actions: Record<SetupIntent, Koa.Middleware> = {
    test: formAction({
      schema: testConnectionSchema,
      errorTitle: ADMIN_MESSAGES.connectionFailedTitle,
      transaction: false,
      redact: ['databaseUrl'],
      async handle(ctx: SignedInContext, input) {
        const { version } = await testConnection(ctx.state.user, input);
        auditLine(ctx.state.log, ctx.state.user, {
          action: 'database.test_connection',
          target: { type: 'database', url: redactUrl(input.databaseUrl) },
        });
        setFlash(ctx, SETUP_RESULT, { version } satisfies DatabaseSetupResultJson);
        return `${SETUP_PATH}#connection-result`; // the result, in place (docs/decisions/confirm-in-place.md)
      },
      render: (ctx, state) => setupPage(ctx, ctx.state.user!, { forms: { test: state } }),
    }),
    setup: formAction({
      schema: databaseSetupSchema,
      errorTitle: ADMIN_MESSAGES.setupFailedTitle,
      transaction: false,
      redact: ['databaseUrl', 'anonKey', 'serviceRoleKey'],
      async handle(ctx: SignedInContext, input) {
        const report: SetupReportJson = await setUpDatabase(ctx.state.user, input, db as Knex);
        auditLine(ctx.state.log, ctx.state.user, {
          action: 'database.setup',
          target: { type: 'database', url: redactUrl(input.databaseUrl), rows: report.totalRows },
        });
        setFlash(ctx, SETUP_RESULT, { report } satisfies DatabaseSetupResultJson);
        return `${SETUP_PATH}#setup-report`;
      },
      render: (ctx, state) => setupPage(ctx, ctx.state.user!, { forms: { setup: state } }),
    }),
  };

  router.post(SETUP_PATH, adminPage(config, ADMIN_LABELS.databaseSetup), byIntent(actions));

  return router;
}
