/**
 * /account-settings (spec 01 §2). The page's account forms post here without JavaScript, each with a
 * hidden `intent` (profile, password, username; issue 23: notifications, calendar) naming the form; each runs the same schema and service as its
 * JSON route (src/api/auth.ts). Success redirects (303) to /account-settings?saved=<intent>, which shows the
 * island's success message as a notice; a failure shows the page again with that form's values and messages.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { mixed, object } from 'yup';
import type { AppContext } from '../http/appContext';
import type { SignedInContext, WriteContext } from '../http/context';
import { formAction } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { currentSessionToken } from '../http/session';
import { validate, type InputOf } from '../http/validate';
import { ValidationError } from '../errors';
import type { User } from '../models/User';
import { presentUserDepartment } from '../presenters/departments';
import { presentAccount } from '../presenters/users';
import { Island } from '../render/Island';
import { renderPage } from '../render/renderPage';
import { changePassword, updateAccountDetails, updateUsername } from '../services/account';
import { rotateCalendarSecret, updateReminderSettings } from '../services/reminders/settings';
import { presentReminderSettings } from '../presenters/reminders';
import { calendarRotateSchema, REMINDER_MESSAGES, reminderSettingsSchema } from '../validation/reminders';
import { listUserDepartments } from '../services/departments/userDepartments';
import { changePasswordSchema, profileUpdateSchema, usernameSchema } from '../validation/auth';
import type { FormState } from '../validation/forms';
import { AccountSettingsPage, type SettingsIntent } from '../../views/pages/AccountSettingsPage';
import { SECURITY_NOTICES, securityActions, securityCard, type SecurityIntent } from './securitySettings';

/** The islands' success toasts (spec 01 §8), shown as a notice after a plain post. */
export const SAVED_NOTICES: Record<SettingsIntent, { title: string; description: string }> = {
  profile: { title: 'Profile updated', description: 'Your account details have been saved.' },
  password: { title: 'Password changed', description: 'Other devices have been signed out.' },
  username: { title: 'Username updated', description: 'Your custom URL has been updated successfully.' },
  notifications: REMINDER_MESSAGES.saved,
  calendar: REMINDER_MESSAGES.rotated,
};

/** Shown once, on the first sign-in after expiry reminders exist (`/` sends the user here with ?welcome=reminders). */
const welcomeNotice = (user: User) =>
  user.remindersEnabled
    ? {
        title: 'Expiry reminders are on',
        description: `We will e-mail you ${user.reminderDays.join(', ')} days before a certification or license on your profile expires${user.reminderOnDay ? ', and on the day' : ''}. Change or turn them off under Notifications below.`,
      }
    : {
        title: 'Expiry reminders are off',
        description:
          'Turn them on under Notifications below to get an e-mail before a certification or license expires.',
      };

/** Every form on the page, Security's (issue 24) included. */
type PageIntent = SettingsIntent | SecurityIntent;
const NOTICES: Record<PageIntent, { title: string; description: string }> = { ...SAVED_NOTICES, ...SECURITY_NOTICES };
const INTENTS = Object.keys(NOTICES) as PageIntent[];
const isIntent = (value: unknown): value is PageIntent => INTENTS.includes(value as PageIntent);

/** `?saved={intent}`: the form whose plain post just succeeded. */
const settings = {
  query: object({
    saved: mixed<PageIntent>().oneOf(INTENTS, 'Unknown form'),
    welcome: mixed<'reminders'>().oneOf(['reminders'], 'Unknown notice'),
  }),
};

/** The My Departments card: the departments feature's island with the user's links. */
async function myDepartmentsCard(user: User) {
  const initialLinks = (await listUserDepartments(user)).map((link) => presentUserDepartment(link, user));
  return <Island name="MyDepartments" props={{ initialLinks }} hydrate="visible" />;
}

export function accountSettingsRoutes({ config, mailer, rateLimits }: AppContext): Router {
  const router = new Router();

  const settingsPage = async (
    ctx: Koa.Context,
    user: User,
    shown: {
      forms?: Partial<Record<PageIntent, FormState>>;
      saved?: PageIntent;
      welcome?: boolean;
    },
  ) =>
    renderPage(
      ctx,
      config,
      <AccountSettingsPage
        user={presentAccount(user, user)}
        baseUrl={config.baseUrl}
        departments={await myDepartmentsCard(user)}
        security={await securityCard(ctx, config, user, shown.forms ?? {})}
        forms={shown.forms ?? {}}
        notice={shown.saved ? NOTICES[shown.saved] : shown.welcome ? welcomeNotice(user) : null}
        reminders={presentReminderSettings(user, config.baseUrl)}
      />,
      { title: 'Account Settings', noindex: true },
    );

  router.get(
    '/account-settings',
    signedInPage(),
    validate(settings, { badQuery: 'canonical' }),
    async (ctx: SignedInContext<InputOf<typeof settings>>) => {
      const { saved, welcome } = ctx.state.input.query;
      await settingsPage(ctx, ctx.state.user, { saved, welcome: welcome === 'reminders' });
    },
  );

  const actions: Record<Exclude<PageIntent, 'passkey-added'>, Koa.Middleware> = {
    ...securityActions(config, mailer, rateLimits, (ctx, forms) => settingsPage(ctx, ctx.state.user!, { forms })),
    profile: formAction({
      schema: profileUpdateSchema,
      async handle(ctx: WriteContext, input) {
        await updateAccountDetails(ctx.state.trx, ctx.state.user, input);
        return '/account-settings?saved=profile';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { profile: state } }),
    }),
    password: formAction({
      schema: changePasswordSchema,
      async handle(ctx: WriteContext, input) {
        await changePassword(ctx.state.trx, ctx.state.user, { ...input, keepSessionToken: currentSessionToken(ctx) });
        return '/account-settings?saved=password';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { password: state } }),
    }),
    username: formAction({
      schema: usernameSchema,
      async handle(ctx: WriteContext, input) {
        await updateUsername(ctx.state.trx, ctx.state.user, input);
        return '/account-settings?saved=username';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { username: state } }),
    }),
    notifications: formAction({
      schema: reminderSettingsSchema,
      async handle(ctx: WriteContext, input) {
        await updateReminderSettings(ctx.state.trx, ctx.state.user, input);
        return '/account-settings?saved=notifications#notifications';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { notifications: state } }),
    }),
    calendar: formAction({
      schema: calendarRotateSchema,
      async handle(ctx: WriteContext) {
        await rotateCalendarSecret(ctx.state.trx, ctx.state.user);
        return '/account-settings?saved=calendar#calendar';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { calendar: state } }),
    }),
  };

  router.post('/account-settings', signedInPage(), async (ctx, next) => {
    const intent = (ctx.request.body as { intent?: unknown } | undefined)?.intent;
    if (!isIntent(intent) || intent === 'passkey-added') throw new ValidationError('Unknown form');
    return actions[intent](ctx, next);
  });

  return router;
}
