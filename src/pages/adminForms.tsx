/**
 * The admin dashboard's plain forms (POST /admin, by `intent`; docs/decisions/confirm-in-place.md): each runs the
 * JSON route's schema, policy (in the service) and service call with the same audit line, then answers 303 to
 * its tab at the acted-on row or form with the status line's notice in the session flash. A refused post shows
 * the tab again (the error's status) with the message where the form was; a create form comes back open with
 * its values and messages. A role grant needs a recent proof, asked inline (docs/api.md "Step-up").
 */
import type Koa from 'koa';
import type { AnyObjectSchema, InferType } from 'yup';
import { noticeAfterRedirect } from '../http/actionNotice';
import { audit } from '../http/audit';
import type { WriteContext } from '../http/context';
import { formAction } from '../http/formAction';
import { proofFor, type StepUpDeps } from '../http/recentProof';
import type { User } from '../models/User';
import type { AppContext } from '../http/appContext';
import { createBetaCode, setBetaCodeActive } from '../services/admin/betaCodes';
import { addToBlacklist, removeFromBlacklist } from '../services/blacklist/admin';
import { deleteUser, setUserRole, setUserStatus } from '../services/admin/users';
import {
  ADMIN_MESSAGES as M,
  ADMIN_PLACES as at,
  ROLE_LABELS,
  adminUsersQuery,
  betaCodeActiveFormSchema,
  betaCodeCreateSchema,
  blacklistCreateSchema,
  blacklistRemoveFormSchema,
  userBlacklistFormSchema,
  userFormSchema,
  userRoleFormSchema,
  userStatusFormSchema,
} from '../validation/admin';
import type { ActionNotice, FormState, FormValue } from '../validation/forms';
import type { AdminForms, AdminTab } from '../../views/pages/AdminPage';

/** The dashboard's query, as the GET validates it. */
export interface DashboardQuery {
  tab: AdminTab;
  q: string;
  page: number;
  filter: 'all' | 'enhancement' | 'photo_analysis' | 'pending';
  view: 'pending' | 'decided';
}

export type ShowDashboard = (
  ctx: Koa.Context,
  viewer: User,
  query: DashboardQuery,
  shown: { notice: ActionNotice | null; forms?: AdminForms },
) => Promise<void>;

const tabQuery = (tab: AdminTab, values: Record<string, FormValue> = {}): DashboardQuery => {
  const place = tab === 'users' ? adminUsersQuery.pick(['q', 'page']).isValidSync(values) : false;
  const users = place ? adminUsersQuery.pick(['q', 'page']).cast(values) : { q: '', page: 1 };
  return { tab, q: users.q, page: users.page, filter: 'all', view: 'pending' };
};

/** The users tab's address with the search and page the form came from. */
const usersPath = ({ q, page }: { q: string; page: number }) =>
  `/admin?tab=users${q ? `&q=${encodeURIComponent(q)}` : ''}${page > 1 ? `&page=${page}` : ''}`;

interface ActionSpec<S extends AnyObjectSchema> {
  schema: S;
  tab: AdminTab;
  /** The failure's title (by the posted values when it depends on them). */
  errorTitle: string | ((values: Record<string, FormValue>) => string);
  /** Where the refused post's message goes (the row posted, else the list or form). */
  place: (values: Record<string, FormValue>) => string;
  /** A create form comes back open with its state. */
  form?: keyof AdminForms;
  limit?: (ctx: Koa.Context) => Promise<void>;
  handle(ctx: WriteContext, input: InferType<S>): Promise<{ path: string; notice: ActionNotice }>;
}

const rowOf = (row: (id: number) => string, fallback: string) => (values: Record<string, FormValue>) =>
  typeof values.id === 'string' && /^[1-9][0-9]{0,9}$/.test(values.id) ? row(Number(values.id)) : fallback;

function action<S extends AnyObjectSchema>(spec: ActionSpec<S>, show: ShowDashboard): Koa.Middleware {
  return formAction({
    schema: spec.schema,
    limit: spec.limit,
    async handle(ctx: WriteContext, input) {
      const { path, notice } = await spec.handle(ctx, input);
      return noticeAfterRedirect(ctx as unknown as Koa.Context, path, notice);
    },
    render: (ctx, state: FormState) => {
      const reason = state.error?.message ?? Object.values(state.errors)[0] ?? '';
      const title = typeof spec.errorTitle === 'string' ? spec.errorTitle : spec.errorTitle(state.values);
      const notice: ActionNotice = {
        at: spec.place(state.values),
        message: `${title}: ${reason}`,
        tone: 'error',
      };
      const forms: AdminForms = spec.form ? { [spec.form]: state } : {};
      return show(ctx, ctx.state.user as User, tabQuery(spec.tab, state.values), { notice, forms });
    },
  });
}

export function dashboardActions(
  deps: StepUpDeps & Pick<AppContext, 'mediaStore'>,
  show: ShowDashboard,
): Record<string, Koa.Middleware> {
  const codes = '/admin?tab=beta-codes';
  const blacklist = '/admin?tab=blacklist';
  return {
    'code-create': action(
      {
        schema: betaCodeCreateSchema,
        tab: 'beta-codes',
        errorTitle: M.createCodeFailed,
        place: () => at.createCode,
        form: 'createCode',
        async handle({ state: { trx, user, log } }, input) {
          const code = await createBetaCode(trx, user, input);
          audit(trx, log, user, { action: 'beta_code.create', target: { type: 'beta_code', id: code.id } });
          return {
            path: codes,
            notice: { at: at.codeRow(code.id), message: `Created — ${code.code} is ready to share` },
          };
        },
      },
      show,
    ),
    'code-active': action(
      {
        schema: betaCodeActiveFormSchema,
        tab: 'beta-codes',
        errorTitle: (values) => (values.isActive === 'true' ? M.reactivateCodeFailed : M.deactivateCodeFailed),
        place: rowOf(at.codeRow, at.createCode),
        async handle({ state: { trx, user, log } }, input) {
          const isActive = input.isActive === 'true';
          const code = await setBetaCodeActive(trx, user, { id: input.id, isActive });
          const verb = isActive ? 'reactivate' : 'deactivate';
          audit(trx, log, user, { action: `beta_code.${verb}`, target: { type: 'beta_code', id: code.id } });
          const message = isActive
            ? `Reactivated — ${code.code} is active again`
            : `Deactivated — ${code.code} can no longer be used`;
          return { path: codes, notice: { at: at.codeRow(code.id), message } };
        },
      },
      show,
    ),
    'blacklist-add': action(
      {
        schema: blacklistCreateSchema,
        tab: 'blacklist',
        errorTitle: M.addBlacklistFailed,
        place: () => at.addToBlacklist,
        form: 'addToBlacklist',
        async handle({ state: { trx, user, log } }, input) {
          const entry = await addToBlacklist(trx, user, input);
          audit(trx, log, user, {
            action: 'blacklist.add',
            target: { type: 'blacklist', id: entry.id, kind: entry.type },
          });
          return {
            path: blacklist,
            notice: { at: at.blacklistRow(entry.id), message: `Added — ${entry.value} can no longer register` },
          };
        },
      },
      show,
    ),
    'blacklist-remove': action(
      {
        schema: blacklistRemoveFormSchema,
        tab: 'blacklist',
        errorTitle: M.removeBlacklistFailed,
        place: rowOf(at.blacklistRow, at.blacklist),
        async handle({ state: { trx, user, log } }, input) {
          const entry = await removeFromBlacklist(trx, user, input);
          audit(trx, log, user, { action: 'blacklist.remove', target: { type: 'blacklist', id: entry.id } });
          return {
            path: blacklist,
            notice: { at: at.blacklist, message: `Removed — ${entry.value} may register again` },
          };
        },
      },
      show,
    ),
    'user-status': action(
      {
        schema: userStatusFormSchema,
        tab: 'users',
        errorTitle: M.updateStatusFailed,
        place: rowOf(at.userRow, at.users),
        async handle({ state: { trx, user, log } }, input) {
          const changed = await setUserStatus(trx, user, { id: input.id, isActive: input.isActive === 'true' });
          audit(trx, log, user, {
            action: 'user.status',
            target: { type: 'user', id: changed.id, isActive: changed.isActive },
          });
          return {
            path: usersPath(input),
            notice: {
              at: at.userRow(changed.id),
              message: `Status updated — ${changed.name} is now ${changed.isActive ? 'active' : 'inactive'}`,
            },
          };
        },
      },
      show,
    ),
    'user-role': action(
      {
        schema: userRoleFormSchema,
        tab: 'users',
        errorTitle: M.updateRoleFailed,
        place: rowOf(at.userRow, at.users),
        limit: proofFor(deps),
        async handle({ state: { trx, user, log } }, input) {
          const changed = await setUserRole(trx, user, { id: input.id, role: input.role });
          audit(trx, log, user, { action: 'user.role', target: { type: 'user', id: changed.id, role: changed.role } });
          return {
            path: usersPath(input),
            notice: {
              at: at.userRow(changed.id),
              message: `Role updated — ${changed.name} is now ${ROLE_LABELS[changed.role]}`,
            },
          };
        },
      },
      show,
    ),
    'user-delete': action(
      {
        schema: userFormSchema,
        tab: 'users',
        errorTitle: M.deleteUserFailed,
        place: rowOf(at.userRow, at.users),
        async handle({ state: { trx, user, log } }, input) {
          const deleted = await deleteUser(trx, user, input, { mediaStore: deps.mediaStore });
          audit(trx, log, user, { action: 'user.delete', target: { type: 'user', id: deleted.id } });
          return {
            path: usersPath(input),
            notice: { at: at.users, message: `User deleted — ${deleted.name} and all their data were removed` },
          };
        },
      },
      show,
    ),
    'user-blacklist': action(
      {
        schema: userBlacklistFormSchema,
        tab: 'users',
        errorTitle: M.addBlacklistFailed,
        place: rowOf(at.userRow, at.users),
        async handle({ state: { trx, user, log } }, input) {
          const entry = await addToBlacklist(trx, user, { type: input.type, value: input.value, reason: input.reason });
          audit(trx, log, user, {
            action: 'blacklist.add',
            target: { type: 'blacklist', id: entry.id, kind: entry.type },
          });
          return {
            path: usersPath(input),
            notice: { at: at.userRow(input.id), message: `Added to blacklist — ${entry.value} can no longer register` },
          };
        },
      },
      show,
    ),
  };
}
