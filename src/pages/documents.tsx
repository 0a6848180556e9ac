/**
 * Proof documents (docs/decisions/proof-documents.md), plain forms that need no script:
 * - GET  /profiles/{id}/documents: the owner's (or an admin's) page; anyone else gets the policy's 404 / 403;
 * - POST /profiles/{id}/documents/upload: a multipart upload (`file`, `item`, `title`), read and checked before the
 *   transaction like a photo upload (src/pages/portraits.tsx), then stored as a private document of that item;
 * - POST /profiles/{id}/documents/{documentId}/remove: removes it and its file;
 * - GET  /profiles/{id}/documents/{documentId}/file: the stored file, for the owner only, never kept by a cache.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../http/appContext';
import { currentUser } from '../http/auth';
import type { SignedInContext, WriteContext } from '../http/context';
import { toastAfterRedirect } from '../http/flash';
import { formAction, type FormActionContext, type FormState } from '../http/formAction';
import { signedInPage } from '../http/pageGuards';
import { readFileUpload, type FileUpload, type FileUploadOptions } from '../http/fileUpload';
import { readFormUpload, uploadFailure, type FormUploadState } from '../http/uploadForm';
import { validate, type InputOf } from '../http/validate';
import type { Viewer } from '../policies/viewer';
import { presentDocuments } from '../presenters/documents';
import { renderPage } from '../render/renderPage';
import { shareFileName } from '../render/share/vcard';
import {
  DOCUMENT_CONTENT_TYPES,
  addDocument,
  checkCanHandleDocuments,
  discardPreparedDocument,
  findDocument,
  findDocuments,
  prepareDocument,
  readDocumentBytes,
  removeDocument,
  type PreparedDocument,
} from '../services/documents';
import { idParams } from '../validation/common';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, documentParams, documentUploadSchema } from '../validation/documents';
import { object } from 'yup';
import { DocumentsPage } from '../../views/profile/DocumentsPage';

const DOCUMENT_UPLOAD: FileUploadOptions = {
  maxBytes: DOCUMENT_LIMITS.maxBytes,
  tooLarge: DOCUMENT_MESSAGES.tooLarge,
  fileRequired: DOCUMENT_MESSAGES.noFile,
  rawTypes: [],
  unsupported: 'Send the document as multipart/form-data',
};

const byId = { params: idParams };
const oneDocument = { params: documentParams };
const removeForm = object({});

type UploadState = FormUploadState<{ prepared: PreparedDocument; originalName: string | null }>;

export function documentPageRoutes({ config, mediaStore: store }: AppContext): Router {
  const router = new Router();

  const documentsPage = async (ctx: Koa.Context, viewer: Viewer, profileId: number, form: FormState | null = null) => {
    const shelf = await findDocuments(viewer, { profileId });
    ctx.set('Cache-Control', 'private, no-store');
    await renderPage(
      ctx,
      config,
      <DocumentsPage
        profileId={shelf.profile.id}
        documents={presentDocuments(shelf)}
        items={shelf.items}
        form={form}
      />,
      { title: 'Proof documents', noindex: true },
    );
  };
  const paramsOf = (ctx: FormActionContext) => (ctx.state.input as InputOf<typeof byId>).params;
  const renderAgain = (ctx: FormActionContext, state: FormState) =>
    documentsPage(ctx as unknown as Koa.Context, currentUser(ctx as unknown as Koa.Context)!, paramsOf(ctx).id, state);

  router.get(
    '/profiles/:id/documents',
    signedInPage(),
    validate(byId),
    async (ctx: SignedInContext<InputOf<typeof byId>>) => {
      await documentsPage(ctx, ctx.state.user, ctx.state.input.params.id);
    },
  );

  // Read and check the upload outside the transaction (src/http/uploadForm.ts).
  const readUpload = readFormUpload<NonNullable<UploadState['upload']>, FileUpload>({
    check: (ctx) =>
      checkCanHandleDocuments(ctx.state.user as Viewer, (ctx.state.input as InputOf<typeof byId>).params.id),
    read: (ctx) => readFileUpload(ctx, DOCUMENT_UPLOAD),
    prepare: async (body) => ({ prepared: await prepareDocument(body.bytes, store), originalName: body.fileName }),
    discard: (upload) => discardPreparedDocument(upload.prepared, store),
  });

  router.post(
    '/profiles/:id/documents/upload',
    signedInPage(),
    validate(byId),
    readUpload,
    formAction({
      schema: documentUploadSchema,
      errorTitle: 'Upload failed',
      formLevel: ['file'],
      // Before the fields are validated: an unreadable upload's own message (413, 415 go to the error page).
      limit: uploadFailure,
      async handle(ctx: WriteContext<InputOf<typeof byId>>, fields) {
        const { trx, user } = ctx.state;
        const { upload } = ctx.state as unknown as UploadState;
        const profileId = ctx.state.input.params.id;
        await addDocument(trx, user, { profileId, fields, ...upload! });
        toastAfterRedirect(ctx, DOCUMENT_MESSAGES.added);
        return `/profiles/${profileId}/documents`;
      },
      render: renderAgain,
    }),
  );

  router.post(
    '/profiles/:id/documents/:documentId/remove',
    signedInPage(),
    validate(oneDocument),
    formAction({
      schema: removeForm,
      errorTitle: 'Not removed',
      async handle(ctx: WriteContext<InputOf<typeof oneDocument>>) {
        const { trx, user } = ctx.state;
        const { id: profileId, documentId } = ctx.state.input.params;
        await removeDocument(trx, user, { profileId, documentId }, store);
        toastAfterRedirect(ctx, DOCUMENT_MESSAGES.removed);
        return `/profiles/${profileId}/documents`;
      },
      render: renderAgain,
    }),
  );

  router.get(
    '/profiles/:id/documents/:documentId/file',
    signedInPage(),
    validate(oneDocument),
    async (ctx: SignedInContext<InputOf<typeof oneDocument>>) => {
      const { id: profileId, documentId } = ctx.state.input.params;
      const document = await findDocument(ctx.state.user, { profileId, documentId });
      const bytes = await readDocumentBytes(document, store);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
      ctx.type = DOCUMENT_CONTENT_TYPES[document.kind];
      ctx.attachment(shareFileName(document.title, document.kind === 'pdf' ? 'pdf' : 'jpg'));
      ctx.body = bytes;
    },
  );

  return router;
}
