/**
 * The admin dashboard's department tools (docs/decisions/pending-departments.md), beside the spec's queue in
 * src/api/admin.ts: merging a duplicate into the department kept (a recent proof, like a role grant:
 * docs/decisions/step-up.md) and importing the registry CSV by upload with its progress. adminOnly(): 401 for a
 * visitor, 403 for a user. Read as a table: path → guards → validated input → transaction → service → presenter.
 */
import Router from '@koa/router';
import type { AppContext } from '../http/appContext';
import { adminOnly } from '../http/auth';
import { audit, auditLine } from '../http/audit';
import type { SignedInContext, WriteContext } from '../http/context';
import { recentProof } from '../http/recentProof';
import { readRegistryUpload } from '../http/registryUpload';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { startRegistryImport } from '../db/departmentImportJob';
import { presentDepartmentImport, presentDepartmentMerge } from '../presenters/departmentAdmin';
import { findImportJob } from '../services/departments/importJobs';
import { mergeDepartments } from '../services/departments/merge';
import { idParams } from '../validation/common';
import { departmentMergeSchema } from '../validation/departmentAdmin';

const merge = { params: idParams, body: departmentMergeSchema };
const byId = { params: idParams };

export function adminDepartmentRoutes({
  db,
  config,
  mailer,
  rateLimits,
  logger,
}: Pick<AppContext, 'db' | 'config' | 'mailer' | 'rateLimits' | 'logger'>): Router {
  const router = new Router();

  router.post(
    '/api/admin/departments/:id/merge',
    adminOnly(),
    recentProof({ config, mailer, rateLimits }), // as weighty as a role grant (docs/decisions/step-up.md)
    validate(merge),
    transaction(),
    async (ctx: WriteContext<InputOf<typeof merge>>) => {
      const { trx, user, input, log } = ctx.state;
      const merged = await mergeDepartments(trx, user, { keepId: input.body.intoId, removeId: input.params.id });
      audit(trx, log, user, {
        action: 'department.merge',
        target: { type: 'department', id: merged.kept.id, removedId: merged.removed.id, moved: merged.moved },
      });
      ctx.body = presentDepartmentMerge(merged, user);
    },
  );

  router.post('/api/admin/departments/imports', adminOnly(), async (ctx: SignedInContext) => {
    const { user, log } = ctx.state;
    const upload = await readRegistryUpload(ctx);
    const { job } = await startRegistryImport(db, user, upload, logger);
    auditLine(log, user, { action: 'department.import', target: { type: 'department_import', id: job.id } });
    ctx.status = 202;
    ctx.body = presentDepartmentImport(job);
  });

  router.get(
    '/api/admin/departments/imports/:id',
    adminOnly(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      ctx.body = presentDepartmentImport(await findImportJob(ctx.state.user, ctx.state.input.params, db));
    },
  );

  return router;
}
