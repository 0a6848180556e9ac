/**
 * /admin and /admin/supabase-setup (spec 01 §§2, 6). Admins and super_admins get the dashboard, each tab a
 * server-rendered page (/admin?tab=users|beta-codes|blacklist|ai-logs|departments; the users tab also reads
 * q and page, the AI logs tab filter and page) whose island starts from the data loaded here. Anyone else
 * gets Access Denied ('You don't have permission to access this page.') with a button: Login for a visitor
 * (401), back home for a signed-in user (403).
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../app';
import { currentUser } from '../http/auth';
import { parse } from '../http/validate';
import type { User } from '../models/User';
import { databaseSetupPolicy } from '../policies/admin';
import { canOnCollection } from '../policies/policy';
import { isAdmin } from '../policies/viewer';
import {
  presentAdminStats,
  presentAdminUsersPage,
  presentBetaCode,
  presentBetaCodeStats,
  presentBlacklistEntry,
} from '../presenters/admin';
import { presentAiLogsPage } from '../presenters/aiLogs';
import { presentDepartment } from '../presenters/departments';
import { aiLogStats, listAiLogs } from '../services/admin/aiLogs';
import { betaCodeStats, listBetaCodes } from '../services/admin/betaCodes';
import { listBlacklist } from '../services/blacklist/admin';
import { listPendingDepartments } from '../services/departments/admin';
import { adminStats, listUsers } from '../services/admin/users';
import { ADMIN_LABELS, adminUsersQuery, aiLogsQuery } from '../validation/admin';
import {
  ADMIN_TABS,
  AdminPage,
  DatabaseSetupPage,
  type AdminTab,
  type AdminTabData,
} from '../../views/pages/AdminPage';
import { MessagePage } from '../../views/pages/MessagePage';
import { renderPage } from './render';

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

async function tabData(ctx: Koa.Context, viewer: User, tab: AdminTab): Promise<AdminTabData> {
  switch (tab) {
    case 'users': {
      const query = await parse(adminUsersQuery, { q: single(ctx.query.q), page: single(ctx.query.page) }).catch(() =>
        adminUsersQuery.cast({}),
      );
      return { tab, query: query.q, page: presentAdminUsersPage(await listUsers(viewer, query), query, viewer) };
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
      const query = await parse(aiLogsQuery, { filter: single(ctx.query.filter), page: single(ctx.query.page) }).catch(
        () => aiLogsQuery.cast({}),
      );
      const [page, counts] = await Promise.all([listAiLogs(viewer, query), aiLogStats(viewer)]);
      return { tab, page: presentAiLogsPage(page, counts, query, viewer) };
    }
    case 'departments':
      return { tab, departments: (await listPendingDepartments(viewer)).map((d) => presentDepartment(d, viewer)) };
  }
}

export function adminPageRoutes({ config }: Pick<AppContext, 'config'>): Router {
  const router = new Router();

  /** Access Denied for anyone who is not an admin; returns the admin otherwise. */
  const admitted = async (ctx: Koa.Context, title: string): Promise<User | undefined> => {
    const user = currentUser(ctx);
    if (user && isAdmin(user)) return user;
    await renderPage(
      ctx,
      config,
      <MessagePage
        title={ADMIN_LABELS.accessDenied}
        action={user ? { href: '/', label: 'Back to home' } : { href: '/login', label: 'Login' }}
      >
        <p>{ADMIN_LABELS.accessDeniedMessage}</p>
      </MessagePage>,
      { title, status: user ? 403 : 401, noindex: true },
    );
    return undefined;
  };

  router.get('/admin', async (ctx) => {
    const viewer = await admitted(ctx, ADMIN_LABELS.title);
    if (!viewer) return;
    const requested = single(ctx.query.tab);
    const tab = ADMIN_TABS.find((t) => t === requested) ?? 'users';
    const [counts, data] = await Promise.all([adminStats(viewer), tabData(ctx, viewer, tab)]);
    await renderPage(
      ctx,
      config,
      <AdminPage viewer={{ role: viewer.role }} stats={presentAdminStats(counts, viewer)} data={data} />,
      {
        title: ADMIN_LABELS.title,
        noindex: true,
      },
    );
  });

  router.get('/admin/supabase-setup', async (ctx) => {
    const viewer = await admitted(ctx, ADMIN_LABELS.databaseSetup);
    if (!viewer) return;
    const canSetUp = canOnCollection(databaseSetupPolicy, viewer, 'setUp');
    await renderPage(ctx, config, <DatabaseSetupPage viewer={{ role: viewer.role }} canSetUp={canSetUp} />, {
      title: ADMIN_LABELS.databaseSetup,
      noindex: true,
    });
  });

  return router;
}
