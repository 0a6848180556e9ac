/**
 * /account-settings (spec 01 §2). The page's account forms post here without JavaScript, each with a
 * hidden `intent` (profile, password, username; docs/decisions/expiry-reminders.md: notifications, calendar) naming the form; each runs the same schema and service as its
 * JSON route (src/api/auth.ts). Success redirects (303) to /account-settings?saved=<intent>, which shows the
 * island's success message as a notice; a failure shows the page again with that form's values and messages.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { mixed, object } from 'yup';
import type { AppContext } from '../http/appContext';
import type { SignedInContext, WriteContext } from '../http/context';
import { byIntent, formAction } from '../http/formAction';
import { setFlash, takeFlash } from '../http/flash';
import { signedInPage } from '../http/pageGuards';
import { currentSessionToken } from '../http/session';
import { changesEmail, proofFor } from '../http/recentProof';
import { EMAIL_CHANGE_MESSAGES, emailChangeLinkQuery } from '../validation/emailChange';
import { STEP_UP_MESSAGES } from '../validation/stepUp';
import { idParams } from '../validation/common';
import { cancelEmailChange, confirmEmailChange } from '../services/emailChanges';
import { passkeyForRemovalLink, relyingPartyFor, removePasskeyByLink } from '../services/passkeys';
import { securityMail } from '../http/twoFactor';
import { transaction } from '../http/transaction';
import { endSession } from '../http/session';
import { redirectAfter } from '../http/pageGuards';
import type { RequestContext, VisitorWriteContext } from '../http/context';
import { LinkActionPage, LinkDonePage, type LinkActionPageProps } from '../../views/pages/EmailLinkPages';
import { validate, type InputOf } from '../http/validate';
import type { User } from '../models/User';
import { presentUserDepartment } from '../presenters/departments';
import { latestRequestsOf, requestVerification, setListing } from '../services/verification/requests';
import { listingFormSchema, VERIFICATION_MESSAGES, verificationRequestFormSchema } from '../validation/verification';
import { presentAccount } from '../presenters/users';
import { Island } from '../render/Island';
import { renderPage } from '../render/renderPage';
import { changePassword, updateAccountDetails, updateUsername } from '../services/account';
import { rotateCalendarSecret, updateReminderSettings } from '../services/reminders/settings';
import { presentReminderSettings } from '../presenters/reminders';
import { calendarRotateSchema, REMINDER_MESSAGES, reminderSettingsSchema } from '../validation/reminders';
import { listUserDepartments } from '../services/departments/userDepartments';
import { changePasswordSchema, profileUpdateSchema, usernameSchema } from '../validation/auth';
import {
  ACCOUNT_DATA_MESSAGES,
  deviceAlertsSchema,
  signOutDeviceSchema,
  signOutOthersSchema,
} from '../validation/accountData';
import { presentDevices } from '../presenters/devices';
import { loadDevices, setNewDeviceAlerts, signOutDevice, signOutOtherDevices } from '../services/devices';
import type { FormState } from '../validation/forms';
import { AccountSettingsPage, type SettingsIntent } from '../../views/pages/AccountSettingsPage';
import { SECURITY_NOTICES, securityActions, securityCard, type SecurityIntent } from './securitySettings';

/** What a successful post can report: a form's intent, or a variant of one. */
type SavedNotice = SettingsIntent | 'exportQueued' | 'emailPending' | 'calendarCreated';

/** The islands' success toasts (spec 01 §8), shown as a notice after a plain post. */
export const SAVED_NOTICES: Record<SavedNotice, { title: string; description: string }> = {
  profile: { title: 'Profile updated', description: 'Your account details have been saved.' },
  password: { title: 'Password changed', description: 'Other devices have been signed out.' },
  emailPending: EMAIL_CHANGE_MESSAGES.pending,
  username: { title: 'Username updated', description: 'Your custom URL has been updated successfully.' },
  notifications: REMINDER_MESSAGES.saved,
  calendar: REMINDER_MESSAGES.rotated,
  calendarCreated: REMINDER_MESSAGES.created,
  signOutDevice: ACCOUNT_DATA_MESSAGES.deviceSignedOut,
  signOutOthers: ACCOUNT_DATA_MESSAGES.othersSignedOut,
  deviceAlerts: ACCOUNT_DATA_MESSAGES.alertsSaved,
  exportQueued: ACCOUNT_DATA_MESSAGES.exportQueued,
  verification: { title: VERIFICATION_MESSAGES.requestTitle, description: VERIFICATION_MESSAGES.requested },
  listing: {
    title: VERIFICATION_MESSAGES.listedTitle,
    description: 'Your listing on the department’s page was saved.',
  },
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

/** Every form on the page, Security's (docs/decisions/two-factor.md) included. */
type PageIntent = SettingsIntent | SecurityIntent;
/** What a successful post can report (any form, or a variant of one): its notice. */
const NOTICES: Record<SavedNotice | SecurityIntent, { title: string; description: string }> = {
  ...SAVED_NOTICES,
  ...SECURITY_NOTICES,
};
const NOTICE_NAMES = Object.keys(NOTICES) as Array<keyof typeof NOTICES>;

/** The session flash that carries a new calendar secret to the one page that shows its address. */
const CALENDAR_SECRET_FLASH = 'calendarSecret';

/** `?saved={intent}`: the form whose plain post just succeeded. */
const settings = {
  query: object({
    saved: mixed<keyof typeof NOTICES>().oneOf(NOTICE_NAMES, 'Unknown form'),
    welcome: mixed<'reminders'>().oneOf(['reminders'], 'Unknown notice'),
  }),
};

/** The My Departments card: the departments feature's island with the user's links (and a refused plain post). */
async function myDepartmentsCard(user: User, failed?: FormState) {
  const [links, latest] = await Promise.all([listUserDepartments(user), latestRequestsOf(user.id)]);
  const initialLinks = links.map((link) => presentUserDepartment(link, user, latest));
  const formError = failed
    ? (failed.error ?? { title: 'Error', message: Object.values(failed.errors)[0] ?? '' })
    : null;
  return <Island name="MyDepartments" props={{ initialLinks, formError }} hydrate="visible" />;
}

/** Signed-in Devices: the user's sessions, this request's marked. */
async function devicesOf(ctx: Koa.Context, user: User) {
  const { sessions, currentId } = await loadDevices(user, currentSessionToken(ctx));
  return presentDevices(sessions, currentId, user);
}

export function accountSettingsRoutes({ config, mailer, rateLimits }: AppContext): Router {
  const router = new Router();

  const settingsPage = async (
    ctx: Koa.Context,
    user: User,
    shown: {
      forms?: Partial<Record<PageIntent, FormState>>;
      saved?: keyof typeof NOTICES;
      welcome?: boolean;
    },
  ) =>
    renderPage(
      ctx,
      config,
      <AccountSettingsPage
        user={presentAccount(user, user)}
        baseUrl={config.baseUrl}
        departments={await myDepartmentsCard(user, shown.forms?.verification ?? shown.forms?.listing)}
        security={await securityCard(ctx, config, user, shown.forms ?? {})}
        forms={shown.forms ?? {}}
        notice={shown.saved ? NOTICES[shown.saved] : shown.welcome ? welcomeNotice(user) : null}
        reminders={presentReminderSettings(user, config.baseUrl, takeFlash<string>(ctx, CALENDAR_SECRET_FLASH))}
        devices={await devicesOf(ctx, user)}
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

  const stepUp = { config, mailer, rateLimits };
  const mailDeps = { mailer, baseUrl: config.baseUrl, productName: config.productName };
  const actions: Record<Exclude<PageIntent, 'passkey-added'>, Koa.Middleware> = {
    ...securityActions(config, mailer, rateLimits, (ctx, forms) => settingsPage(ctx, ctx.state.user!, { forms })),
    profile: formAction({
      schema: profileUpdateSchema,
      limit: proofFor(stepUp, changesEmail), // a new e-mail needs a recent proof (docs/api.md "Step-up")
      async handle(ctx: WriteContext, input) {
        const { pendingEmail } = await updateAccountDetails(ctx.state.trx, ctx.state.user, input, mailDeps);
        return pendingEmail ? '/account-settings?saved=emailPending' : '/account-settings?saved=profile';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { profile: state } }),
    }),
    password: formAction({
      schema: changePasswordSchema,
      limit: proofFor(stepUp),
      async handle(ctx: WriteContext, input) {
        await changePassword(
          ctx.state.trx,
          ctx.state.user,
          { ...input, keepSessionToken: currentSessionToken(ctx) },
          mailDeps,
        );
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
        const { secret, replaced } = await rotateCalendarSecret(ctx.state.trx, ctx.state.user);
        setFlash(ctx, CALENDAR_SECRET_FLASH, secret); // to the one page that shows it, then gone
        return `/account-settings?saved=${replaced ? 'calendar' : 'calendarCreated'}#calendar`;
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { calendar: state } }),
    }),
    signOutDevice: formAction({
      schema: signOutDeviceSchema,
      formLevel: ['sessionId'],
      async handle(ctx: WriteContext, input) {
        await signOutDevice(ctx.state.trx, ctx.state.user, input);
        return '/account-settings?saved=signOutDevice#devices';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { signOutDevice: state } }),
    }),
    signOutOthers: formAction({
      schema: signOutOthersSchema,
      async handle(ctx: WriteContext) {
        await signOutOtherDevices(ctx.state.trx, ctx.state.user, { keepSessionToken: currentSessionToken(ctx) });
        return '/account-settings?saved=signOutOthers#devices';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { signOutOthers: state } }),
    }),
    deviceAlerts: formAction({
      schema: deviceAlertsSchema,
      async handle(ctx: WriteContext, input) {
        await setNewDeviceAlerts(ctx.state.trx, ctx.state.user, input);
        return '/account-settings?saved=deviceAlerts#devices';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { deviceAlerts: state } }),
    }),
    verification: formAction({
      schema: verificationRequestFormSchema,
      errorTitle: VERIFICATION_MESSAGES.requestFailedTitle,
      async handle(ctx: WriteContext, input) {
        await requestVerification(ctx.state.trx, ctx.state.user, { id: input.linkId });
        return '/account-settings?saved=verification#departments';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { verification: state } }),
    }),
    listing: formAction({
      schema: listingFormSchema,
      errorTitle: VERIFICATION_MESSAGES.listFailedTitle,
      async handle(ctx: WriteContext, input) {
        await setListing(ctx.state.trx, ctx.state.user, { id: input.linkId, listed: input.listed });
        return '/account-settings?saved=listing#departments';
      },
      render: (ctx, state) => settingsPage(ctx, ctx.state.user!, { forms: { listing: state } }),
    }),
  };
  router.post('/account-settings', signedInPage(), byIntent(actions));

  // The security notices' links (docs/api.md "Step-up"): a GET shows one button, its post does the work.
  const rp = relyingPartyFor(config.baseUrl, config.productName, securityMail(config, mailer), config.sessionSecret);
  const linkPage = (ctx: Koa.Context, title: string, props: Omit<LinkActionPageProps, 'title'>) => {
    // The token is a secret: kept out of other sites' referrers (same-origin: the page's own post needs an Origin).
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    return renderPage(ctx, config, <LinkActionPage title={title} {...props} />, { title, noindex: true });
  };
  const donePage = (path: string, title: string, lines: string[], signIn = false) =>
    router.get(path, (ctx) =>
      renderPage(ctx, config, <LinkDonePage title={title} lines={lines} signIn={signIn} />, { title, noindex: true }),
    );

  router.get('/account/email-change/confirm', validate(link), (ctx: RequestContext<InputOf<typeof link>>) =>
    linkPage(ctx, 'Confirm your new e-mail address', {
      lines: ['Your account will use this address from now on: sign-in, notices and password resets.'],
      action: '/account/email-change/confirm',
      token: ctx.state.input.query.token,
      button: 'Confirm New Address',
    }),
  );
  router.post(
    '/account/email-change/confirm',
    validate(linkPost),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof linkPost>>) => {
      await confirmEmailChange(ctx.state.trx, ctx.state.user ?? null, ctx.state.input.body, mailDeps);
      redirectAfter(ctx, '/account/email-change/confirmed');
    },
  );
  donePage('/account/email-change/confirmed', EMAIL_CHANGE_MESSAGES.confirmed, [
    'Sign in with your new address from now on.',
  ]);

  router.get('/account/email-change/cancel', validate(link), (ctx: RequestContext<InputOf<typeof link>>) =>
    linkPage(ctx, 'This wasn’t me', {
      lines: [
        'Stop the change of your e-mail address: the account keeps (or gets back) this address, every device is ' +
          'signed out, and we e-mail this address a link to choose a new password.',
      ],
      action: '/account/email-change/cancel',
      token: ctx.state.input.query.token,
      button: 'Stop the Change',
      destructive: true,
    }),
  );
  router.post(
    '/account/email-change/cancel',
    validate(linkPost),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof linkPost>>) => {
      await cancelEmailChange(ctx.state.trx, ctx.state.user ?? null, ctx.state.input.body, mailDeps);
      endSession(ctx);
      redirectAfter(ctx, '/account/email-change/cancelled');
    },
  );
  donePage(
    '/account/email-change/cancelled',
    EMAIL_CHANGE_MESSAGES.cancelled,
    [
      'Your account keeps its old e-mail address and every device was signed out.',
      'We sent that address a link to choose a new password: open it to sign in again.',
    ],
    true,
  );

  router.get(
    '/account/passkeys/:id/remove',
    validate(passkeyLink),
    async (ctx: RequestContext<InputOf<typeof passkeyLink>>) => {
      const { params, query } = ctx.state.input;
      const passkey = await passkeyForRemovalLink({ id: params.id, token: query.token }, rp);
      await linkPage(ctx, 'Remove this passkey?', {
        lines: [`“${passkey.name}” will no longer sign in to your account.`],
        action: `/account/passkeys/${params.id}/remove`,
        token: query.token,
        button: 'Remove Passkey',
        destructive: true,
      });
    },
  );
  router.post(
    '/account/passkeys/:id/remove',
    validate(passkeyLinkPost),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof passkeyLinkPost>>) => {
      const { params, body } = ctx.state.input;
      await removePasskeyByLink(ctx.state.trx, ctx.state.user ?? null, { id: params.id, token: body.token }, rp);
      redirectAfter(ctx, '/account/passkeys/removed');
    },
  );
  donePage('/account/passkeys/removed', 'Passkey removed', [STEP_UP_MESSAGES.passkeyRemovedByLink]);

  return router;
}

const link = { query: emailChangeLinkQuery };
const linkPost = { body: emailChangeLinkQuery };
const passkeyLink = { params: idParams, query: emailChangeLinkQuery };
const passkeyLinkPost = { params: idParams, body: emailChangeLinkQuery };
