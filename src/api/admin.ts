/**
 * Admin API (spec 01 §7 "Admin"). Every route is adminOnly(): 401 for a visitor, 403 for a user; services
 * then ask the policies of src/policies/admin.ts for each action. Every change writes an audit line after
 * it commits (src/http/audit.ts). Read as a table: path → guards → validated input → transaction → service
 * → presenter.
 */
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppContext } from '../http/appContext';
import { adminOnly } from '../http/auth';
import { audit, auditLine } from '../http/audit';
import type { SignedInContext, WriteContext } from '../http/context';
import { recentProof } from '../http/recentProof';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import {
  presentAdminStats,
  presentAdminUser,
  presentAdminUsersPage,
  presentBetaCode,
  presentBetaCodeStats,
  presentBlacklistEntry,
} from '../presenters/admin';
import { presentAiLogsPage } from '../presenters/aiLogs';
import { presentDepartment } from '../presenters/departments';
import { aiLogStats, listAiLogs } from '../services/admin/aiLogs';
import { betaCodeStats, createBetaCode, listBetaCodes, setBetaCodeActive, withUses } from '../services/admin/betaCodes';
import { addToBlacklist, listBlacklist, removeFromBlacklist } from '../services/blacklist/admin';
import { redactUrl, setUpDatabase, testConnection } from '../services/admin/databaseSetup';
import { editDepartment, listPendingDepartments, verifyDepartment } from '../services/departments/admin';
import { adminStats, deleteUser, listUsers, setUserRole, setUserStatus } from '../services/admin/users';
import {
  adminUsersQuery,
  aiLogsQuery,
  betaCodeCreateSchema,
  blacklistCreateSchema,
  databaseSetupSchema,
  departmentEditSchema,
  departmentVerifySchema,
  testConnectionSchema,
  userRoleSchema,
  userStatusSchema,
} from '../validation/admin';
import { idParams } from '../validation/common';

const users = { query: adminUsersQuery };
const role = { params: idParams, body: userRoleSchema };
const status = { params: idParams, body: userStatusSchema };
const byId = { params: idParams };
const departmentEdit = { params: idParams, body: departmentEditSchema };
const departmentVerify = { params: idParams, body: departmentVerifySchema };
const blacklistAdd = { body: blacklistCreateSchema };
const codeCreate = { body: betaCodeCreateSchema };
const aiLogs = { query: aiLogsQuery };
const connection = { body: testConnectionSchema };
const setup = { body: databaseSetupSchema };

export function adminRoutes({
  db,
  mediaStore,
  config,
  mailer,
  rateLimits,
}: Pick<AppContext, 'db' | 'mediaStore' | 'config' | 'mailer' | 'rateLimits'>): Router {
  const router = new Router();

  // ── users ────────────────────────────────────────────────────────────────────────────────────────────
  router.get('/api/admin/stats', adminOnly(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    ctx.body = presentAdminStats(await adminStats(user), user);
  });

  router.get('/api/admin/users', adminOnly(), validate(users), async (ctx: SignedInContext<InputOf<typeof users>>) => {
    const { user, input } = ctx.state;
    ctx.body = presentAdminUsersPage(await listUsers(user, input.query), input.query, user);
  });

  router.patch(
    '/api/admin/users/:id/role',
    adminOnly(),
    recentProof({ config, mailer, rateLimits }), // a role grant needs a recent proof (docs/api.md "Step-up")
    validate(role),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof role>>) => {
      const { trx, user, input, log } = ctx.state;
      const changed = await setUserRole(trx, user, { id: input.params.id, role: input.body.role });
      audit(trx, log, user, { action: 'user.role', target: { type: 'user', id: changed.id, role: changed.role } });
      ctx.body = presentAdminUser(changed, user);
    },
  );

  router.patch(
    '/api/admin/users/:id/status',
    adminOnly(),
    validate(status),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof status>>) => {
      const { trx, user, input, log } = ctx.state;
      const changed = await setUserStatus(trx, user, { id: input.params.id, isActive: input.body.isActive });
      audit(trx, log, user, {
        action: 'user.status',
        target: { type: 'user', id: changed.id, isActive: changed.isActive },
      });
      ctx.body = presentAdminUser(changed, user);
    },
  );

  router.delete(
    '/api/admin/users/:id',
    adminOnly(),
    validate(byId),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof byId>>) => {
      const { trx, user, input, log } = ctx.state;
      const deleted = await deleteUser(trx, user, input.params, { mediaStore });
      audit(trx, log, user, { action: 'user.delete', target: { type: 'user', id: deleted.id } });
      ctx.status = 204;
    },
  );

  // ── departments ──────────────────────────────────────────────────────────────────────────────────────
  router.get('/api/admin/departments/pending', adminOnly(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    ctx.body = (await listPendingDepartments(user)).map((d) => presentDepartment(d, user));
  });

  router.patch(
    '/api/admin/departments/:id',
    adminOnly(),
    validate(departmentEdit),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof departmentEdit>>) => {
      const { trx, user, input, log } = ctx.state;
      const department = await editDepartment(trx, user, { ...input.body, id: input.params.id });
      audit(trx, log, user, { action: 'department.edit', target: { type: 'department', id: department.id } });
      ctx.body = presentDepartment(department, user);
    },
  );

  router.patch(
    '/api/admin/departments/:id/verify',
    adminOnly(),
    validate(departmentVerify),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof departmentVerify>>) => {
      const { trx, user, input, log } = ctx.state;
      const department = await verifyDepartment(trx, user, { id: input.params.id, status: input.body.status });
      audit(trx, log, user, {
        action: 'department.verify',
        target: { type: 'department', id: department.id, status: department.verificationStatus },
      });
      ctx.body = presentDepartment(department, user);
    },
  );

  // ── blacklist ────────────────────────────────────────────────────────────────────────────────────────
  router.get('/api/admin/blacklist', adminOnly(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    ctx.body = (await listBlacklist(user)).map((entry) => presentBlacklistEntry(entry, user));
  });

  router.post(
    '/api/admin/blacklist',
    adminOnly(),
    validate(blacklistAdd),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof blacklistAdd>>) => {
      const { trx, user, input, log } = ctx.state;
      const entry = await addToBlacklist(trx, user, input.body);
      audit(trx, log, user, { action: 'blacklist.add', target: { type: 'blacklist', id: entry.id, kind: entry.type } });
      ctx.status = 201;
      ctx.body = presentBlacklistEntry(entry, user);
    },
  );

  router.delete(
    '/api/admin/blacklist/:id',
    adminOnly(),
    validate(byId),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof byId>>) => {
      const { trx, user, input, log } = ctx.state;
      const entry = await removeFromBlacklist(trx, user, input.params);
      audit(trx, log, user, { action: 'blacklist.remove', target: { type: 'blacklist', id: entry.id } });
      ctx.status = 204;
    },
  );

  // ── beta codes ───────────────────────────────────────────────────────────────────────────────────────
  router.get('/api/admin/beta-codes', adminOnly(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    const now = new Date();
    ctx.body = (await listBetaCodes(user)).map((code) => presentBetaCode(code, user, now));
  });

  router.get('/api/admin/beta-codes/stats', adminOnly(), async (ctx: SignedInContext) => {
    const { user } = ctx.state;
    ctx.body = presentBetaCodeStats(await betaCodeStats(user), user);
  });

  router.post(
    '/api/admin/beta-codes',
    adminOnly(),
    validate(codeCreate),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof codeCreate>>) => {
      const { trx, user, input, log } = ctx.state;
      const code = await createBetaCode(trx, user, input.body);
      audit(trx, log, user, { action: 'beta_code.create', target: { type: 'beta_code', id: code.id } });
      ctx.status = 201;
      ctx.body = presentBetaCode(await withUses(trx, code), user);
    },
  );

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    router.patch(
      `/api/admin/beta-codes/:id/${action}`,
      adminOnly(),
      validate(byId),
      transaction(),
      async (ctx: WriteContext<InputOf<typeof byId>>) => {
        const { trx, user, input, log } = ctx.state;
        const code = await setBetaCodeActive(trx, user, { id: input.params.id, isActive });
        audit(trx, log, user, { action: `beta_code.${action}`, target: { type: 'beta_code', id: code.id } });
        ctx.body = presentBetaCode(await withUses(trx, code), user);
      },
    );
  }

  // ── AI logs ──────────────────────────────────────────────────────────────────────────────────────────
  router.get(
    '/api/admin/ai-logs',
    adminOnly(),
    validate(aiLogs),
    async (ctx: SignedInContext<InputOf<typeof aiLogs>>) => {
      const { user, input } = ctx.state;
      const [page, counts] = await Promise.all([listAiLogs(user, input.query), aiLogStats(user)]);
      ctx.body = presentAiLogsPage(page, counts, input.query, user);
    },
  );

  // ── database set-up ──────────────────────────────────────────────────────────────────────────────────
  router.post(
    '/api/admin/test-supabase-connection',
    adminOnly(),
    validate(connection),
    async (ctx: SignedInContext<InputOf<typeof connection>>) => {
      const { user, input, log } = ctx.state;
      ctx.body = await testConnection(user, input.body);
      auditLine(log, user, {
        action: 'database.test_connection',
        target: { type: 'database', url: redactUrl(input.body.databaseUrl) },
      });
    },
  );

  router.post(
    '/api/admin/setup-supabase',
    adminOnly(),
    validate(setup),
    async (ctx: SignedInContext<InputOf<typeof setup>>) => {
      const { user, input, log } = ctx.state;
      const report = await setUpDatabase(user, input.body, db as Knex);
      auditLine(log, user, {
        action: 'database.setup',
        target: { type: 'database', url: redactUrl(input.body.databaseUrl), rows: report.totalRows },
      });
      ctx.body = report;
    },
  );

  return router;
}
