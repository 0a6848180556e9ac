/**
 * The admin dashboard's Departments tab beyond the spec's queue (docs/decisions/pending-departments.md), as plain
 * forms the island takes over once hydrated:
 * - POST /admin/departments, `intent=merge`: a pending department merged into the one kept, with a recent proof
 *   (docs/decisions/step-up.md; the password asked inline when missing), the API's schema and service;
 * - POST /admin/departments/import (multipart): the registry CSV, imported as the API's upload is, the page
 *   waiting for the import's end.
 * Either answers 303 to the tab, which shows one status line (the flash below), or the refused form again.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import { audit, auditLine } from '../http/audit';
import type { SignedInContext, WriteContext } from '../http/context';
import { answerFor } from '../http/errorHandler';
import { setFlash, takeFlash } from '../http/flash';
import { byIntent, formAction, type FormState } from '../http/formAction';
import { adminPage } from '../http/pageGuards';
import { proofFor } from '../http/recentProof';
import { readRegistryUpload } from '../http/registryUpload';
import { startRegistryImport } from '../db/departmentImportJob';
import type { User } from '../models/User';
import { presentDepartment } from '../presenters/departments';
import { presentDepartmentImport } from '../presenters/departmentAdmin';
import { listPendingDepartments } from '../services/departments/admin';
import { latestImportJob } from '../services/departments/importJobs';
import { mergeCandidates, mergeDepartments } from '../services/departments/merge';
import { ADMIN_LABELS } from '../validation/admin';
import {
  DEPARTMENT_ADMIN_MESSAGES as M,
  departmentMergeFormSchema,
  type AdminDepartmentsTabJson,
  type DepartmentTabStatus,
} from '../validation/departmentAdmin';

const TAB = '/admin?tab=departments';
/** The session key of the tab's status line and a refused merge form, shown once by the GET after the redirect. */
const TAB_FLASH = 'departmentsTab';
type TabFlash = { status?: DepartmentTabStatus; mergeForm?: AdminDepartmentsTabJson['mergeForm'] };

/** The Departments tab's island props; takes the flash a post left. */
export async function departmentsTab(ctx: Koa.Context, viewer: User): Promise<AdminDepartmentsTabJson> {
  const flash = takeFlash<TabFlash>(ctx, TAB_FLASH) ?? {};
  const pending = await listPendingDepartments(viewer);
  const [candidates, latest] = [await mergeCandidates(viewer, pending), await latestImportJob(viewer)];
  return {
    initialDepartments: pending.map((department) => presentDepartment(department, viewer)),
    mergeCandidates: Object.fromEntries(
      [...candidates].map(([id, close]) => [id, close.map((department) => presentDepartment(department, viewer))]),
    ),
    latestImport: latest ? presentDepartmentImport(latest) : null,
    status: flash.status ?? null,
    mergeForm: flash.mergeForm ?? null,
  };
}

export function adminDepartmentPageRoutes({
  config,
  db,
  mailer,
  rateLimits,
  logger,
}: Pick<AppContext, 'config' | 'db' | 'mailer' | 'rateLimits' | 'logger'>): Router {
  const router = new Router();
  const back = (ctx: Koa.Context, flash: TabFlash) => {
    setFlash(ctx, TAB_FLASH, flash);
    ctx.redirect(TAB);
    ctx.status = 303;
  };

  const actions: Record<'merge', Koa.Middleware> = {
    merge: formAction({
      schema: departmentMergeFormSchema,
      errorTitle: M.mergeFailed,
      limit: proofFor({ config, mailer, rateLimits }), // as weighty as a role grant (docs/decisions/step-up.md)
      async handle(ctx: WriteContext, input) {
        const { trx, user, log } = ctx.state;
        const merged = await mergeDepartments(trx, user, { keepId: input.intoId, removeId: input.id });
        audit(trx, log, user, {
          action: 'department.merge',
          target: { type: 'department', id: merged.kept.id, removedId: merged.removed.id, moved: merged.moved },
        });
        setFlash(ctx, TAB_FLASH, { status: { tone: 'ok', text: M.merged(merged.removed.name, merged.kept.name) } });
        return TAB;
      },
      render: async (ctx, state: FormState) => {
        const id = Number(state.values.id);
        back(ctx, { mergeForm: Number.isInteger(id) ? { id, state } : null });
      },
    }),
  };
  router.post('/admin/departments', adminPage(config, ADMIN_LABELS.title), byIntent(actions));

  router.post('/admin/departments/import', adminPage(config, ADMIN_LABELS.title), async (ctx: SignedInContext) => {
    const { user, log } = ctx.state;
    try {
      const { job, finished } = await startRegistryImport(db, user, await readRegistryUpload(ctx), logger);
      auditLine(log, user, { action: 'department.import', target: { type: 'department_import', id: job.id } });
      const ended = await finished;
      const text =
        ended.status === 'done'
          ? `Imported ${ended.fileName ?? 'the registry'}: ${ended.added} added, ${ended.updated} updated, ${ended.unchanged} unchanged, ${ended.skipped} skipped.`
          : (ended.error ?? M.importFailed);
      back(ctx, { status: { tone: ended.status === 'done' ? 'ok' : 'danger', text } });
    } catch (error) {
      const known = answerFor(error);
      if (!known || known.status >= 500) throw error;
      back(ctx, { status: { tone: 'danger', text: known.message } });
    }
  });

  return router;
}
