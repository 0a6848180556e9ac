/**
 * Reminder e-mails' one-click unsubscribe (RFC 8058) and the calendar feed (docs/decisions/expiry-reminders.md). Neither needs a
 * session: the signed token or the feed's secret is the proof.
 * - GET  /reminders/unsubscribe/{token}: a page with one button (a GET never changes anything: link scanners);
 * - POST /reminders/unsubscribe/{token}: turns the reminders off (the mail client's one-click POST, or the button);
 * - GET  /calendar/{secret}.ics: the user's expiry dates; a rotated or unknown secret is 404.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { object } from 'yup';
import type { AppContext } from '../http/appContext';
import type { RequestContext, VisitorWriteContext } from '../http/context';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { NotFoundError } from '../errors';
import { renderPage } from '../render/renderPage';
import { calendarFor } from '../services/reminders/calendar';
import { findByCalendarSecret, unsubscribeReminders } from '../services/reminders/settings';
import { verifyUnsubscribeToken } from '../services/reminders/tokens';
import { calendarParams, REMINDER_MESSAGES, unsubscribeParams } from '../validation/reminders';
import { UnsubscribePage } from '../../views/pages/UnsubscribePage';

export function reminderRoutes({ config }: AppContext): Router {
  const router = new Router();
  const unsubscribe = { params: unsubscribeParams };
  /** RFC 8058's body is `List-Unsubscribe=One-Click`; the page's button posts nothing. Neither is needed. */
  const oneClick = { params: unsubscribeParams, body: object({}) };
  const page = (ctx: Koa.Context, token: string, done: boolean) =>
    renderPage(ctx, config, <UnsubscribePage action={`/reminders/unsubscribe/${token}`} done={done} />, {
      title: done ? 'Unsubscribed' : 'Unsubscribe',
      noindex: true,
      isPublicPage: true,
    });

  router.get(
    '/reminders/unsubscribe/:token',
    validate(unsubscribe),
    async (ctx: RequestContext<InputOf<typeof unsubscribe>>) => {
      const { token } = ctx.state.input.params;
      if (verifyUnsubscribeToken(config.sessionSecret, token) === null)
        throw new NotFoundError(REMINDER_MESSAGES.badToken);
      await page(ctx, token, false);
    },
  );

  router.post(
    '/reminders/unsubscribe/:token',
    validate(oneClick),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof oneClick>>) => {
      const { token } = ctx.state.input.params;
      await unsubscribeReminders(ctx.state.trx, null, { token, secret: config.sessionSecret });
      await page(ctx, token, true);
    },
  );

  const feed = { params: calendarParams };
  router.get('/calendar/:file', validate(feed), async (ctx: RequestContext<InputOf<typeof feed>>) => {
    const user = await findByCalendarSecret(ctx.state.input.params.file.replace(/\.ics$/, ''));
    if (!user) throw new NotFoundError();
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.body = await calendarFor(user, config);
  });

  return router;
}
