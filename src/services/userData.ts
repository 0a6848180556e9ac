/**
 * Everything a user owns, and how it goes when the user is deleted (docs/decisions/account-deletion.md; spec 01 §4 "deletion is
 * permanent and removes all associated data").
 *
 * Deleting the `users` row removes, by ON DELETE CASCADE, in the same transaction: sessions,
 * password_reset_tokens, beta_code_uses, user_departments, profiles and through them every profile list
 * (timeline_events … fire_stations) and username_redirects. References that are not "theirs" are kept and
 * lose their author (ON DELETE SET NULL): beta_codes.created_by, blacklist.created_by, departments.created_by
 * (a department they added stays for everyone linked to it).
 *
 * USER_DATA_CLEANUP lists the steps that the cascades cannot do. Each runs inside the deletion's transaction,
 * before the users row is deleted (so the step can still read what the user owns); work outside the database
 * (deleting stored files) is registered with afterCommit(trx, …) so it happens only once the deletion is
 * committed — a rolled-back deletion keeps every file.
 *
 * Photos: their rows go with the profile (cascade); their files (every variant, local or S3) are removed after
 * commit by `schedulePhotoFilesRemoval`, recorded in pending_file_deletions so a failed removal is retried by the
 * account-data job. Prepared exports' files likewise. The deletion itself: src/services/accountDeletion.ts.
 */
import type { Knex } from 'knex';
import { AiLog } from '../models/AiLog';
import type { User } from '../models/User';
import { scheduleExportFilesRemoval } from './accountData/exports';
import { schedulePhotoFilesRemoval } from './photos';
import type { MediaStore } from './photos/store';
import { revokeAccountCredentials } from './verifiableCredentials/revoke';

/** What the steps need beyond the transaction: where the user's files are stored. */
export interface UserDataDeps {
  mediaStore: MediaStore;
}

export type UserDataCleanupStep = (trx: Knex.Transaction, user: User, deps: UserDataDeps) => Promise<void>;

/** The AI interactions a user asked for hold their own words: they go with the user, not just their id. */
async function deleteUserAiLogs(trx: Knex.Transaction, user: User): Promise<void> {
  await AiLog.query(trx).where('userId', user.id).delete();
}

/** The files of every photo on the user's profile, once the deletion commits. */
async function removeUserPhotoFiles(trx: Knex.Transaction, user: User, deps: UserDataDeps): Promise<void> {
  await schedulePhotoFilesRemoval(trx, { userId: user.id }, deps.mediaStore);
}

/** The files of exports prepared for the user (docs/decisions/data-export.md), once the deletion commits. */
async function removeUserExportFiles(trx: Knex.Transaction, user: User, deps: UserDataDeps): Promise<void> {
  await scheduleExportFilesRemoval(trx, user.id, deps.mediaStore);
}

/** Run in order inside the deletion's transaction (see above). Add a step per feature that stores user data. */
export const USER_DATA_CLEANUP: readonly UserDataCleanupStep[] = [
  deleteUserAiLogs,
  removeUserPhotoFiles,
  removeUserExportFiles,
  // Signed credentials outlive the account as revoked bits (docs/decisions/verifiable-credentials.md).
  revokeAccountCredentials,
];
