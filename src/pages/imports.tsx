/**
 * Import from LinkedIn or JSON Resume (docs/decisions/import-and-json-resume.md), the profile owner's pages; plain
 * forms that need no script:
 * - GET /profiles/{id}/import: the upload form (and the status line an add or cancel left);
 * - POST /profiles/{id}/import (multipart, the file in `file`): the file is read and mapped, kept as the owner's
 *   preview, 303 to it; a file refused (400, 413, 415) shows the form again with the reason and that status;
 * - GET /profiles/{id}/import/{importId}: the preview, rows ticked;
 * - POST /profiles/{id}/import/{importId}, `intent=add` with the ticked `rows`, or `intent=cancel`: 303 back to
 *   the upload form with a status line.
 * Someone else's profile is 403 (an admin too: the import is the owner's own career), a missing one 404.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import { object } from 'yup';
import type { AppContext } from '../http/appContext';
import type { SignedInContext, WriteContext } from '../http/context';
import { noticeAfterRedirect, takeNotice } from '../http/actionNotice';
import { answerFor } from '../http/errorHandler';
import { readFileUpload } from '../http/fileUpload';
import { byIntent, formAction, type FormState } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { transaction } from '../http/transaction';
import { validate, type InputOf } from '../http/validate';
import type { ProfileImport } from '../models/ProfileImport';
import type { User } from '../models/User';
import { presentImportPreview } from '../presenters/imports';
import { renderPage } from '../render/renderPage';
import {
  addImportedRows,
  cancelImport,
  findImportPreview,
  findImportTarget,
  startImport,
} from '../services/imports/imports';
import { readImportFile } from '../services/imports/readFile';
import { id, idParams } from '../validation/common';
import {
  IMPORT_MESSAGES as M,
  IMPORT_UPLOAD_MAX_BYTES,
  importAddSchema,
  importCancelSchema,
} from '../validation/imports';
import { IMPORT_STATUS_AT, ImportPreviewPage, ImportUploadPage } from '../../views/pages/ImportPage';

const byId = { params: idParams };
const previewParams = { params: object({ id: id(), importId: id(M.previewGone) }) };
type PreviewRef = InputOf<typeof previewParams>['params'];

const importPath = (profileId: number) => `/profiles/${profileId}/import`;
const previewPath = (ref: PreviewRef) => `${importPath(ref.id)}/${ref.importId}`;

/** Statuses of a refused file, shown on the form; anything else (403, 404, 5xx) is the error page's. */
const REFUSED_FILE = new Set([400, 413, 415]);

export function importPageRoutes({ config }: AppContext): Router {
  const router = new Router();

  const uploadPage = async (
    ctx: Koa.Context,
    user: User,
    profileId: number,
    refused: { status: number; message: string } | null = null,
  ) => {
    await findImportTarget(user, { profileId });
    await renderPage(
      ctx,
      config,
      <ImportUploadPage
        action={importPath(profileId)}
        profileHref={`/profiles/${profileId}`}
        error={refused?.message ?? null}
        notice={refused ? null : takeNotice(ctx)}
      />,
      { title: M.title, noindex: true, status: refused?.status ?? 200 },
    );
  };

  const previewPage = async (ctx: Koa.Context, user: User, ref: PreviewRef, state: FormState | null = null) => {
    const preview = await findImportPreview(user, { profileId: ref.id, importId: ref.importId, now: new Date() });
    await renderPage(
      ctx,
      config,
      <ImportPreviewPage
        preview={presentImportPreview(preview)}
        action={previewPath(ref)}
        error={state?.error?.message ?? null}
      />,
      { title: `Preview · ${M.title}`, noindex: true },
    );
  };

  router.get(
    '/profiles/:id/import',
    signedInPage(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      await uploadPage(ctx, ctx.state.user, ctx.state.input.params.id);
    },
  );

  router.post(
    '/profiles/:id/import',
    signedInPage(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      const { user } = ctx.state;
      const profileId = ctx.state.input.params.id;
      await findImportTarget(user, { profileId }); // refused before a byte of the file is read
      let preview: ProfileImport | undefined;
      try {
        const upload = await readFileUpload(ctx, {
          maxBytes: IMPORT_UPLOAD_MAX_BYTES,
          tooLarge: M.tooLarge,
          fileRequired: M.fileRequired,
          rawTypes: ['application/zip', 'application/json'],
          unsupported: 'Send the file as multipart/form-data, application/zip or application/json',
        });
        const file = await readImportFile(upload.bytes);
        await transaction()(ctx, async () => {
          const { trx } = (ctx as unknown as WriteContext).state;
          preview = await startImport(trx, user, { profileId, fileName: upload.fileName, file });
        });
      } catch (error) {
        const known = answerFor(error);
        if (!known || !REFUSED_FILE.has(known.status)) throw error;
        await uploadPage(ctx, user, profileId, { status: known.status, message: known.message });
        return;
      }
      ctx.status = 303;
      ctx.redirect(previewPath({ id: profileId, importId: preview!.id }));
    },
  );

  router.get(
    '/profiles/:id/import/:importId',
    signedInPage(),
    validate(previewParams),
    async (ctx: SignedInContext<InputOf<typeof previewParams>>) => {
      await previewPage(ctx, ctx.state.user, ctx.state.input.params);
    },
  );

  const refOf = (ctx: Koa.Context) => (ctx.state.input as InputOf<typeof previewParams>).params;
  router.post(
    '/profiles/:id/import/:importId',
    signedInPage(),
    validate(previewParams),
    byIntent({
      add: formAction({
        schema: importAddSchema,
        errorTitle: 'Nothing added',
        async handle(ctx: WriteContext<InputOf<typeof previewParams>>, input) {
          const { trx, user } = ctx.state;
          const ref = ctx.state.input.params;
          const { added } = await addImportedRows(trx, user, {
            profileId: ref.id,
            importId: ref.importId,
            keys: input.rows,
            now: new Date(),
          });
          return noticeAfterRedirect(ctx, importPath(ref.id), { at: IMPORT_STATUS_AT, message: M.added(added) });
        },
        render: (ctx, state) => previewPage(ctx, ctx.state.user!, refOf(ctx), state),
      }),
      cancel: formAction({
        schema: importCancelSchema,
        async handle(ctx: WriteContext<InputOf<typeof previewParams>>) {
          const { trx, user } = ctx.state;
          const ref = ctx.state.input.params;
          await cancelImport(trx, user, { profileId: ref.id, importId: ref.importId, now: new Date() });
          return noticeAfterRedirect(ctx, importPath(ref.id), { at: IMPORT_STATUS_AT, message: M.cancelled });
        },
        render: (ctx, state) => previewPage(ctx, ctx.state.user!, refOf(ctx), state),
      }),
    }),
  );

  return router;
}
