/**
 * Export my data (docs/decisions/data-export.md): a small export downloads at once; a large one (photos over the configured
 * bytes, EXPORT_INLINE_MAX_MB) is prepared by the account-data job, stored, and its link e-mailed. The link's
 * token is random (256 bits), stored only as a SHA-256, and works once, for 7 days.
 *
 * Invariants (in the data, not the queue): at most one queued export per user is added (a second request while
 * one waits reuses it); a prepared export's row is claimed `for update` when downloaded, so two clicks cannot both
 * get it; files of used or expired exports are removed by the job through pending_file_deletions.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { NotFoundError } from '../../errors';
import { DataExport } from '../../models/DataExport';
import { User } from '../../models/User';
import type { Viewer } from '../../policies/viewer';
import { ACCOUNT_DATA_MESSAGES } from '../../validation/accountData';
import { removeFilesAfterCommit } from '../fileDeletions';
import type { Mailer } from '../mail';
import type { MediaStore } from '../photos/store';
import { recordSecurityEvent } from '../securityEvents';
import { hashToken, randomToken } from '../tokens';
import { exportPhotoBytes, exportZipStream, gatherExport, type ExportContents } from './exportContents';

export const EXPORT_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A used export's file stays this long (a download in progress), then the job removes it. */
const USED_FILE_GRACE_MS = 60 * 60 * 1000;

export type ExportRequest = { kind: 'now'; contents: ExportContents } | { kind: 'queued'; exportId: number };

/** Account Settings → Your Data → Export. Records the event; answers the contents, or that it was queued. */
export async function requestExport(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { inlineMaxBytes: number },
): Promise<ExportRequest> {
  const bytes = await exportPhotoBytes(actor.id, trx);
  const queued = bytes > input.inlineMaxBytes;
  await recordSecurityEvent(trx, actor, {
    userId: actor.id,
    kind: 'export_requested',
    detail: { prepared: queued ? 'background' : 'download' },
  });
  if (!queued) return { kind: 'now', contents: await gatherExport(actor.id, trx) };
  const waiting = await DataExport.query(trx).where({ userId: actor.id, status: 'queued' }).first();
  const row = waiting ?? (await DataExport.query(trx).insert({ userId: actor.id, status: 'queued' }).returning('*'));
  return { kind: 'queued', exportId: row.id };
}

export interface ExportJobDeps {
  mailer: Mailer;
  mediaStore: MediaStore;
  config: Pick<Config, 'baseUrl' | 'productName'>;
}

/** The oldest queued export, locked for this worker (others skip it), or undefined. */
export async function claimQueuedExport(trx: Knex.Transaction): Promise<DataExport | undefined> {
  return DataExport.query(trx).where('status', 'queued').orderBy('requestedAt').forUpdate().skipLocked().first();
}

/**
 * Prepares one claimed export: writes the zip to a temporary file (streamed), stores it, marks the row ready
 * with a fresh token and e-mails the link — inside the job's transaction, so a failed e-mail leaves it queued
 * (and the stored file is removed again).
 */
export async function prepareExport(
  trx: Knex.Transaction,
  _actor: null,
  input: { row: DataExport; now: Date },
  deps: ExportJobDeps,
): Promise<void> {
  const { row, now } = input;
  const user = await User.query(trx).findById(row.userId);
  if (!user) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-export-'));
  const file = path.join(dir, 'export.zip');
  const key = `exports/${randomBytes(16).toString('hex')}/turnout-export.zip`;
  try {
    const contents = await gatherExport(user.id, trx);
    await pipeline(
      exportZipStream(contents, deps.mediaStore, { productName: deps.config.productName, now }),
      createWriteStream(file),
    );
    const { size } = await stat(file);
    await deps.mediaStore.putFile(key, file, 'application/zip');
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS);
    await DataExport.query(trx).patchAndFetchById(row.id, {
      status: 'ready',
      tokenHash: hashToken(token),
      fileKey: key,
      fileSize: size,
      readyAt: now,
      expiresAt,
    });
    await deps.mailer.send({
      to: user.email,
      subject: `Your ${deps.config.productName} data export is ready`,
      text: [
        `Hello ${user.name},`,
        '',
        `The copy of your ${deps.config.productName} data you asked for is ready (${Math.ceil(size / 1024 / 1024)} MB).`,
        `Download it here — the link works once, until ${expiresAt.toISOString().slice(0, 10)}:`,
        `${deps.config.baseUrl}/account/export/${token}`,
        '',
        'If you did not ask for it, change your password in Account Settings.',
      ].join('\n'),
    });
  } catch (error) {
    await deps.mediaStore.delete([key]).catch(() => undefined);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The export a link names while it can still be downloaded (the GET page's check; nothing is claimed). */
export async function findDownloadableExport(input: { token: string; now: Date }): Promise<DataExport> {
  const row = await DataExport.query()
    .where({ tokenHash: hashToken(input.token), status: 'ready' })
    .where('expiresAt', '>', input.now)
    .first();
  if (!row?.fileKey) throw new NotFoundError(ACCOUNT_DATA_MESSAGES.exportLinkUsed);
  return row;
}

/** Claims the download: the link is used from now on. The file is removed later by the job. */
export async function claimExportDownload(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { token: string; now: Date },
): Promise<DataExport> {
  const row = await DataExport.query(trx)
    .where({ tokenHash: hashToken(input.token), status: 'ready' })
    .where('expiresAt', '>', input.now)
    .forUpdate()
    .first();
  if (!row?.fileKey) throw new NotFoundError(ACCOUNT_DATA_MESSAGES.exportLinkUsed);
  await DataExport.query(trx).patch({ status: 'used', usedAt: input.now }).where('id', row.id);
  return row;
}

/** The job's sweep: files of exports used an hour ago, or never downloaded in time, are removed. */
export async function sweepExportFiles(
  trx: Knex.Transaction,
  _actor: null,
  input: { now: Date },
  store: MediaStore,
): Promise<number> {
  const done = await DataExport.query(trx)
    .whereNotNull('fileKey')
    .where((q) =>
      q
        .where((used) =>
          used.where('status', 'used').where('usedAt', '<', new Date(input.now.getTime() - USED_FILE_GRACE_MS)),
        )
        .orWhere((late) => late.where('status', 'ready').where('expiresAt', '<=', input.now)),
    )
    .forUpdate()
    .skipLocked();
  if (!done.length) return 0;
  await DataExport.query(trx)
    .whereIn(
      'id',
      done.map((row) => row.id),
    )
    .patch({
      fileKey: null,
      tokenHash: null,
      status: DataExport.raw("case when status = 'ready' then 'expired' else status end") as never,
    });
  await removeFilesAfterCommit(
    trx,
    done.map((row) => row.fileKey!),
    store,
  );
  return done.length;
}

/** For account deletion: the user's prepared export files go with the account (after commit). */
export async function scheduleExportFilesRemoval(
  trx: Knex.Transaction,
  userId: number,
  store: MediaStore,
): Promise<void> {
  const keys = (await DataExport.query(trx).where({ userId }).whereNotNull('fileKey')).map((row) => row.fileKey!);
  await removeFilesAfterCommit(trx, keys, store);
}
