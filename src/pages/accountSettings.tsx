/**
 * /account-settings (spec 01 §2). The page's three account forms post here without JavaScript, each with a
 * hidden `intent` (profile, password, username) naming the form; each runs the same schema and service as its
 * JSON route (src/api/auth.ts). Success redirects (303) to /account-settings?saved=<intent>, which shows the
 * island's success message as a notice; a failure shows the page again with that form's values and messages.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../app';
import { currentUser } from '../http/auth';
import type { WriteContext } from '../http/context';
import { currentSessionToken } from '../http/session';
import { ValidationError } from '../errors';
import type { User } from '../models/User';
import { presentAccount } from '../presenters/users';
import { changePassword, updateAccountDetails, updateUsername } from '../services/account';
import { changePasswordSchema, profileUpdateSchema, usernameSchema } from '../validation/auth';
import type { FormState } from '../validation/forms';
import { AccountSettingsPage, type SettingsIntent } from '../../views/pages/AccountSettingsPage';
import { formAction } from './formAction';
import { myDepartmentsCard } from './myDepartments';
import { renderPage } from './render';

/** The islands' success toasts (spec 01 §8), shown as a notice after a plain post. */
export const SAVED_NOTICES: Record<SettingsIntent, { title: string; description: string }> = {
  profile: { title: 'Profile updated', description: 'Your account details have been saved.' },
  password: { title: 'Password changed', description: 'Other devices have been signed out.' },
  username: { title: 'Username updated', description: 'Your custom URL has been updated successfully.' },
};

const isIntent = (value: unknown): value is SettingsIntent =>
  typeof value === 'string' && Object.hasOwn(SAVED_NOTICES, value);

export function accountSettingsRoutes({ config }: AppContext): Router {
  const router = new Router();

  const settingsPage = async (ctx: Koa.Context, user: User, forms: Partial<Record<SettingsIntent, FormState>> = {}) =>
    renderPage(
      ctx,
      config,
      <AccountSettingsPage
        user={presentAccount(user, user)}
        baseUrl={config.baseUrl}
        departments={await myDepartmentsCard(user)}
        forms={forms}
        notice={Object.keys(forms).length === 0 && isIntent(ctx.query.saved) ? SAVED_NOTICES[ctx.query.saved] : null}
      />,
      { title: 'Account Settings', noindex: true },
    );

  router.get('/account-settings', async (ctx) => {
    const user = currentUser(ctx);
    if (!user) return ctx.redirect('/login');
    await settingsPage(ctx, user);
  });

  const actions: Record<SettingsIntent, Koa.Middleware> = {
    profile: formAction({
      schema: profileUpdateSchema,
      async handle(ctx: WriteContext, input) {
        await updateAccountDetails(ctx.state.trx, ctx.state.user, input);
        return '/account-settings?saved=profile';
      },
      render: (ctx, state) => settingsPage(ctx, currentUser(ctx)!, { profile: state }),
    }),
    password: formAction({
      schema: changePasswordSchema,
      async handle(ctx: WriteContext, input) {
        await changePassword(ctx.state.trx, ctx.state.user, { ...input, keepSessionToken: currentSessionToken(ctx) });
        return '/account-settings?saved=password';
      },
      render: (ctx, state) => settingsPage(ctx, currentUser(ctx)!, { password: state }),
    }),
    username: formAction({
      schema: usernameSchema,
      async handle(ctx: WriteContext, input) {
        await updateUsername(ctx.state.trx, ctx.state.user, input);
        return '/account-settings?saved=username';
      },
      render: (ctx, state) => settingsPage(ctx, currentUser(ctx)!, { username: state }),
    }),
  };

  router.post('/account-settings', async (ctx, next) => {
    if (!currentUser(ctx)) {
      ctx.status = 303;
      return ctx.redirect('/login');
    }
    const intent = (ctx.request.body as { intent?: unknown } | undefined)?.intent;
    if (!isIntent(intent)) throw new ValidationError('Unknown form');
    return actions[intent](ctx, next);
  });

  return router;
}
