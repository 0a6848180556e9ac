/**
 * Your data (docs/decisions/data-export.md, docs/decisions/account-deletion.md), plain server forms:
 * - POST /account-settings/export: a small export answers with the zip (streamed); a large one is queued and the
 *   page says the link will be e-mailed. It needs a recent proof (docs/api.md "Step-up"): without one the page asks
 *   for the password (and code) and posts again;
 * - GET  /account/export/{token}: the e-mailed link's page, with one Download button (a GET never uses the link up:
 *   mail scanners open links); POST streams the zip and uses the link up. No session needed: the token is the proof;
 * - GET/POST /account-settings/delete: what deleting removes; the password (and second factor) deletes the account
 *   (the form itself is the fresh proof the step-up rule asks for).
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { object } from 'yup';
import type { AppContext } from '../http/appContext';
import type { RequestContext, SignedInContext, VisitorWriteContext, WriteContext } from '../http/context';
import { formAction } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { endSession } from '../http/session';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import { NotFoundError } from '../errors';
import type { User } from '../models/User';
import { renderPage } from '../render/renderPage';
import { deleteOwnAccount } from '../services/accountDeletion';
import { totpEnabled } from '../services/twoFactor/totp';
import { twoFactorDeps } from '../http/twoFactor';
import { exportZipStream } from '../services/accountData/exportContents';
import { claimExportDownload, findDownloadableExport, requestExport } from '../services/accountData/exports';
import { isLastActiveSuperAdmin } from '../services/superAdmins';
import { ADMIN_MESSAGES } from '../validation/admin';
import { ACCOUNT_DATA_MESSAGES, deleteAccountSchema, exportTokenParams } from '../validation/accountData';
import type { FormState } from '../validation/forms';
import { ConfirmExportPage, ExportLinkPage } from '../../views/pages/AccountDataSections';
import { answerFor } from '../http/errorHandler';
import { requireRecentProof } from '../http/recentProof';
import { STEP_UP_MESSAGES } from '../validation/stepUp';
import { DeleteAccountPage } from '../../views/pages/DeleteAccountPage';
import { MessagePage } from '../../views/pages/MessagePage';

const zipName = (productName: string, now: Date) =>
  `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-export-${now.toISOString().slice(0, 10)}.zip`;

function sendZip(ctx: Koa.Context, name: string, body: NodeJS.ReadableStream, size?: number) {
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  ctx.type = 'application/zip';
  ctx.body = body;
  if (size !== undefined) ctx.length = size;
}

export function accountDataRoutes({ config, mailer, mediaStore, rateLimits }: AppContext): Router {
  const router = new Router();

  const exportLimit: Koa.Middleware = async (ctx, next) => {
    await rateLimits.consume('exportPerUser', String((ctx.state.user as User).id));
    await next();
  };
  /** No recent proof: the page asking for it, posting back here (a wrong password is shown beside its field). */
  const exportProof: Koa.Middleware = async (ctx, next) => {
    try {
      await requireRecentProof(ctx, { config, mailer, rateLimits });
    } catch (error) {
      const known = answerFor(error);
      if (!known?.reauthentication) throw error;
      const state = {
        values: {},
        errors: known.fields ?? {},
        error: known.fields ? null : { title: STEP_UP_MESSAGES.confirmTitle, message: known.message },
        reauthenticate: known.reauthentication,
      };
      await renderPage(ctx, config, <ConfirmExportPage state={state} />, { title: 'Confirm it’s you', noindex: true });
      ctx.status = 401;
      return;
    }
    await next();
  };
  router.post(
    '/account-settings/export',
    signedInPage(),
    exportProof,
    exportLimit,
    transaction(),
    async (ctx: WriteContext) => {
      const { trx, user } = ctx.state;
      const now = new Date();
      const request = await requestExport(trx, user, { inlineMaxBytes: config.exportInlineMaxBytes });
      if (request.kind === 'queued') {
        ctx.status = 303;
        ctx.redirect('/account-settings?saved=exportQueued#data');
        return;
      }
      sendZip(
        ctx,
        zipName(config.productName, now),
        exportZipStream(request.contents, mediaStore, { productName: config.productName, now }),
      );
    },
  );

  const download = { params: exportTokenParams };
  const downloadPage = { params: exportTokenParams, body: object({}) };
  const expired = () => new NotFoundError(ACCOUNT_DATA_MESSAGES.exportLinkUsed);
  router.get('/account/export/:token', validate(download), async (ctx: RequestContext<InputOf<typeof download>>) => {
    const { token } = ctx.state.input.params;
    const found = await findDownloadableExport({ token, now: new Date() }).catch(() => null);
    if (!found) throw expired();
    ctx.set('Referrer-Policy', 'same-origin');
    await renderPage(
      ctx,
      config,
      <ExportLinkPage
        action={`/account/export/${token}`}
        megabytes={Math.max(1, Math.ceil(Number(found.fileSize ?? 0) / 1024 / 1024))}
      />,
      { title: 'Data export', noindex: true },
    );
  });

  router.post(
    '/account/export/:token',
    validate(downloadPage),
    transaction(),
    async (ctx: VisitorWriteContext<InputOf<typeof downloadPage>>) => {
      const now = new Date();
      const row = await claimExportDownload(ctx.state.trx, ctx.state.user ?? null, {
        token: ctx.state.input.params.token,
        now,
      });
      const object = await mediaStore.get(row.fileKey!);
      if (!object) throw expired();
      sendZip(ctx, zipName(config.productName, row.readyAt ?? now), object.body, object.size);
    },
  );

  const deletePage = async (ctx: Koa.Context, user: User, state: FormState | null) =>
    renderPage(
      ctx,
      config,
      <DeleteAccountPage
        state={state}
        lastSuperAdmin={(await isLastActiveSuperAdmin(user)) ? ADMIN_MESSAGES.lastSuperAdmin : null}
        asksSecondFactor={await totpEnabled(user.id)}
      />,
      { title: 'Delete My Account', noindex: true },
    );

  router.get('/account-settings/delete', signedInPage(), async (ctx: SignedInContext) => {
    await deletePage(ctx, ctx.state.user, null);
  });

  router.post(
    '/account-settings/delete',
    signedInPage(),
    formAction({
      schema: deleteAccountSchema,
      // The password is checked here too: the sign-in's per-account limit stops guessing through this form.
      limit: (ctx) => rateLimits.consume('loginPerAccount', (ctx.state.user as User).email),
      async handle(ctx: WriteContext, input) {
        await deleteOwnAccount(ctx.state.trx, ctx.state.user, input, {
          mediaStore,
          twoFactor: twoFactorDeps(config, rateLimits, mailer),
        });
        endSession(ctx);
        return '/account/deleted';
      },
      render: (ctx, state) => deletePage(ctx, ctx.state.user!, state),
    }),
  );

  router.get('/account/deleted', async (ctx: RequestContext) => {
    await renderPage(
      ctx,
      config,
      <MessagePage title="Your account has been deleted">
        <p>Your profile, photos and everything else you kept here are gone. Thank you for serving with us.</p>
      </MessagePage>,
      { title: 'Account deleted', noindex: true },
    );
  });

  return router;
}
