/**
 * Proof documents (docs/decisions/proof-documents.md): a PDF or an image attached to one certification, license,
 * timeline entry or award. Mutations are fn(trx, actor, input, store) and return models.
 *
 * Invariants:
 * - documents are private: only those who may update the profile (owner, admins) list, read or write them; for
 *   anyone else the profile's policy answers 404 / 403 — no page, list, share file or visitor's export reads
 *   this table;
 * - an upload is judged by its bytes, never its name or declared type: an image goes through the photo
 *   pipeline (src/services/photos/image.ts: pixel cap, re-encoded, metadata dropped) and is kept as one JPEG; a
 *   PDF must start with `%PDF-`, parse with pdf-lib, be unencrypted, and is kept only as a rebuilt copy of its
 *   pages — the document catalogue (OpenAction, JavaScript name tree, forms, embedded files) is never copied,
 *   and each page's actions (AA) and annotations (links, widgets) are dropped, so no script or launch action
 *   survives;
 * - bytes live in the media store under a server-generated key, written before the row; a row that goes
 *   (removed here, or with its item, profile or account) has its file recorded for removal by the database's
 *   trigger in the same transaction, and removed after commit.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../../errors';
import { lazyImport } from '../../lazyImport';
import { listItemModel, type ListItem } from '../../models/ListItem';
import { Profile } from '../../models/Profile';
import { DOCUMENT_ITEM_COLUMN, ProofDocument, documentItemId } from '../../models/ProofDocument';
import { authorize, profilePolicy, type Viewer } from '../../policies';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  DOCUMENT_TARGETS,
  type DocumentItemJson,
  type DocumentKind,
  type DocumentTarget,
  type DocumentUploadFields,
} from '../../validation/documents';
import { LISTS } from '../../validation/lists';
import { removeRecordedFilesAfterCommit } from '../fileDeletions';
import { processImage, sniffImage } from '../photos/image';
import { readAll, type MediaStore } from '../photos/store';

const pdfLib = lazyImport(() => import('pdf-lib'));

const EXTENSIONS: Record<DocumentKind, string> = { pdf: 'pdf', image: 'jpg' };
export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = { pdf: 'application/pdf', image: 'image/jpeg' };

/** A document's one file in the store (the same name the deletion trigger records). */
export const documentFileKey = (storageKey: string, kind: DocumentKind) =>
  `documents/${storageKey}/document.${EXTENSIONS[kind]}`;

// ---------------------------------------------------------------------------------------------------------
// Files

export interface PreparedDocument {
  storageKey: string;
  kind: DocumentKind;
  fileSize: number;
  pageCount: number;
}

const isPdf = (bytes: Buffer) => bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';

/**
 * A PDF rebuilt from its pages only (see the invariants): what is stored and what a packet merges. Refuses an
 * unreadable or encrypted PDF (400) and one with too many pages.
 */
export async function rebuildPdf(bytes: Buffer): Promise<{ bytes: Buffer; pageCount: number }> {
  const { PDFDocument, PDFName, EncryptedPDFError } = await pdfLib();
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const count = source.getPageCount();
    if (count === 0) throw new ValidationError(DOCUMENT_MESSAGES.unreadablePdf);
    if (count > DOCUMENT_LIMITS.maxPages) throw new ValidationError(DOCUMENT_MESSAGES.tooManyPages);
    const copy = await PDFDocument.create({ updateMetadata: false });
    const pages = await copy.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      page.node.delete(PDFName.of('AA'));
      page.node.delete(PDFName.of('Annots'));
      copy.addPage(page);
    }
    return { bytes: Buffer.from(await copy.save({ useObjectStreams: true })), pageCount: count };
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (error instanceof EncryptedPDFError) throw new ValidationError(DOCUMENT_MESSAGES.encryptedPdf);
    throw new ValidationError(DOCUMENT_MESSAGES.unreadablePdf);
  }
}

/**
 * Checks an upload and writes its one file under a new key. Call before the transaction; if the transaction then
 * fails, `discardPreparedDocument`. 415 for anything but a PDF or a JPEG, PNG or WebP image; 400 for a PDF or
 * image that cannot be used (the photo pipeline's messages for images).
 */
export async function prepareDocument(bytes: Buffer, store: MediaStore): Promise<PreparedDocument> {
  let kind: DocumentKind;
  let stored: Buffer;
  let pageCount = 1;
  if (isPdf(bytes)) {
    kind = 'pdf';
    ({ bytes: stored, pageCount } = await rebuildPdf(bytes));
  } else {
    try {
      sniffImage(bytes);
    } catch {
      throw new UnsupportedMediaTypeError(DOCUMENT_MESSAGES.notADocument);
    }
    kind = 'image';
    const image = await processImage(bytes);
    stored = image.variants.find((v) => v.variant === 'large' && v.format === 'jpeg')!.bytes;
  }
  const storageKey = randomBytes(16).toString('hex');
  await store.put(documentFileKey(storageKey, kind), stored, DOCUMENT_CONTENT_TYPES[kind]);
  return { storageKey, kind, fileSize: stored.length, pageCount };
}

export async function discardPreparedDocument(prepared: PreparedDocument, store: MediaStore): Promise<void> {
  await store.delete([documentFileKey(prepared.storageKey, prepared.kind)]).catch((error: unknown) => {
    store.logger.warn({ err: error }, 'could not remove the file of a document that was not stored');
  });
}

/** A stored document's bytes (for its owner's download and the packet). */
export async function readDocumentBytes(
  document: Pick<ProofDocument, 'storageKey' | 'kind'>,
  store: MediaStore,
): Promise<Buffer> {
  const object = await store.get(documentFileKey(document.storageKey, document.kind));
  if (!object) throw new NotFoundError(DOCUMENT_MESSAGES.documentNotFound);
  return readAll(object.body);
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** The profile, if this viewer may handle its documents (its owner, an admin); else the policy's 404 / 403. */
export async function checkCanHandleDocuments(viewer: Viewer | null, profileId: number, db?: Knex): Promise<Profile> {
  return authorize(profilePolicy, viewer, 'update', await Profile.query(db).findById(profileId));
}

const listOf = (target: DocumentTarget) => LISTS.find((l) => l.key === target)!;

/** An item's name as its list shows it. */
export const itemTitle = (item: ListItem): string =>
  String(item.event ?? item.title ?? item.name ?? item.type ?? '').trim() || 'Untitled';

export interface DocumentShelf {
  profile: Profile;
  documents: Array<{ document: ProofDocument; itemTitle: string }>;
  /** Every item a document may be attached to, list by list. */
  items: DocumentItemJson[];
}

/** A profile's documents and the items they may be attached to, for its owner (or an admin). */
export async function findDocuments(
  viewer: Viewer | null,
  input: { profileId: number },
  db: Knex = Model.knex(),
): Promise<DocumentShelf> {
  const profile = await checkCanHandleDocuments(viewer, input.profileId, db);
  const documents = await ProofDocument.query(db).where('profileId', profile.id).orderBy('id');
  const items: DocumentItemJson[] = [];
  const titles = new Map<string, string>();
  for (const target of DOCUMENT_TARGETS) {
    const rows = await listItemModel(listOf(target)).query(db).where('profileId', profile.id).orderBy('position');
    for (const row of rows) {
      const title = itemTitle(row);
      titles.set(`${target}:${row.id}`, title);
      items.push({ value: `${target}:${row.id}`, target, itemId: row.id, title });
    }
  }
  return {
    profile,
    documents: documents.map((document) => ({
      document,
      itemTitle: titles.get(`${document.target}:${documentItemId(document)}`) ?? '',
    })),
    items,
  };
}

/** One document of a profile, for its owner (or an admin); 404 otherwise. */
export async function findDocument(
  viewer: Viewer | null,
  input: { profileId: number; documentId: number },
  db?: Knex,
): Promise<ProofDocument> {
  const profile = await checkCanHandleDocuments(viewer, input.profileId, db);
  const document = await ProofDocument.query(db).findById(input.documentId).where('profileId', profile.id);
  if (!document) throw new NotFoundError(DOCUMENT_MESSAGES.documentNotFound);
  return document;
}

// ---------------------------------------------------------------------------------------------------------
// Writing

async function lockProfile(trx: Knex.Transaction, actor: Viewer, profileId: number): Promise<Profile> {
  return authorize(profilePolicy, actor, 'update', await Profile.query(trx).findById(profileId).forUpdate());
}

export async function addDocument(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; prepared: PreparedDocument; originalName: string | null; fields: DocumentUploadFields },
): Promise<ProofDocument> {
  const profile = await lockProfile(trx, actor, input.profileId);
  const { target, itemId } = input.fields.item;
  const item = await listItemModel(listOf(target)).query(trx).findById(itemId).where('profileId', profile.id);
  if (!item) throw new ValidationError(DOCUMENT_MESSAGES.itemNotFound, { item: DOCUMENT_MESSAGES.itemNotFound });
  const count = await ProofDocument.query(trx).where('profileId', profile.id).resultSize();
  if (count >= DOCUMENT_LIMITS.perProfile) throw new ValidationError(DOCUMENT_MESSAGES.tooMany);
  const { prepared } = input;
  return ProofDocument.query(trx).insertAndFetch({
    profileId: profile.id,
    target,
    [DOCUMENT_ITEM_COLUMN[target]]: item.id,
    title: input.fields.title,
    kind: prepared.kind,
    storageKey: prepared.storageKey,
    originalName: input.originalName?.slice(0, 255) || null,
    fileSize: prepared.fileSize,
    pageCount: prepared.pageCount,
  });
}

export async function removeDocument(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; documentId: number },
  store: MediaStore,
): Promise<void> {
  const profile = await lockProfile(trx, actor, input.profileId);
  const [removed] = await ProofDocument.query(trx)
    .delete()
    .where({ id: input.documentId, profileId: profile.id })
    .returning('*');
  if (!removed) throw new NotFoundError(DOCUMENT_MESSAGES.documentNotFound);
  await removeRecordedFilesAfterCommit(trx, [documentFileKey(removed.storageKey, removed.kind)], store);
}
