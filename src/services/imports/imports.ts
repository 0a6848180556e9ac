/**
 * Importing into a profile (docs/decisions/import-and-json-resume.md): an uploaded file becomes a preview kept for
 * its owner (a profile_imports row: every row and the item it would become), and the rows they tick become
 * private items in one transaction. The preview is taken once (deleted as it is read); what is added is read from
 * it, never from the post, which names rows by key only. Nothing is overwritten: an import only appends, and a row
 * whose natural key (src/services/imports/mapRows.ts) is already on the profile — typed, or imported before — is
 * skipped, at the preview and again when adding.
 */
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../errors';
import { listItemModel } from '../../models/ListItem';
import { Profile } from '../../models/Profile';
import { ProfileImport } from '../../models/ProfileImport';
import { authorize, profileImportingPolicy, profileImportPolicy, type Viewer } from '../../policies';
import { IMPORT_MESSAGES as M, IMPORT_PREVIEW_TTL_MS } from '../../validation/imports';
import { LISTS, type ListDefinition } from '../../validation/lists';
import { appendListItem } from '../lists';
import { IMPORT_IDENTITY, importRows, itemIdentity } from './mapRows';
import type { ImportFile } from './readFile';

const importable = () => LISTS.filter((list) => IMPORT_IDENTITY[list.key]);

/** The natural keys of every item the profile has in the lists an import adds to (whatever their visibility). */
async function existingIdentities(db: Knex | Knex.Transaction, profileId: number): Promise<Set<string>> {
  const identities = new Set<string>();
  for (const list of importable()) {
    const items = await listItemModel(list).query(db).where('profileId', profileId);
    for (const item of items) identities.add(itemIdentity(list.key, item as unknown as Record<string, unknown>));
  }
  return identities;
}

async function profileToImportInto(db: Knex | Knex.Transaction, actor: Viewer | null, profileId: number) {
  return authorize(profileImportingPolicy, actor, 'import', await Profile.query(db).findById(profileId));
}

/** The profile the owner may import into (else 404 / 401 / 403), for the upload page. */
export async function findImportTarget(viewer: Viewer | null, input: { profileId: number }): Promise<Profile> {
  return profileToImportInto(Profile.knex(), viewer, input.profileId);
}

/** Reads the file's rows against the profile and keeps them as the user's one waiting preview. */
export async function startImport(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; fileName: string | null; file: ImportFile },
): Promise<ProfileImport> {
  const profile = await profileToImportInto(trx, actor, input.profileId);
  const rows = importRows(input.file, await existingIdentities(trx, profile.id));
  await ProfileImport.query(trx).modify(profileImportPolicy.scope, actor).delete();
  return ProfileImport.query(trx).insertAndFetch({
    userId: actor.id,
    profileId: profile.id,
    source: input.file.source,
    fileName: input.fileName,
    rows,
  });
}

const fresh = (now: Date) => new Date(now.getTime() - IMPORT_PREVIEW_TTL_MS);

/** The user's waiting preview of this profile (else 404: another's, another profile's, taken or too old). */
export async function findImportPreview(
  viewer: Viewer | null,
  input: { profileId: number; importId: number; now: Date },
): Promise<ProfileImport> {
  const profile = await profileToImportInto(Profile.knex(), viewer, input.profileId);
  const preview = await ProfileImport.query()
    .modify(profileImportPolicy.scope, viewer)
    .where({ id: input.importId, profileId: profile.id })
    .where('createdAt', '>', fresh(input.now))
    .first();
  return authorize(profileImportPolicy, viewer, 'read', preview);
}

/** Takes the preview once: deleted as it is read, so two posts of one form add nothing twice. */
async function takePreview(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; importId: number; now: Date },
  action: 'add' | 'cancel',
): Promise<ProfileImport> {
  const profile = await profileToImportInto(trx, actor, input.profileId);
  const [taken] = await ProfileImport.query(trx)
    .modify(profileImportPolicy.scope, actor)
    .where({ id: input.importId, profileId: profile.id })
    .where('createdAt', '>', fresh(input.now))
    .delete()
    .returning('*');
  if (!taken) throw new NotFoundError(M.previewGone);
  return authorize(profileImportPolicy, actor, action, taken);
}

/** Adds the ticked rows that are offered and not on the profile yet, each as a private item; answers how many. */
export async function addImportedRows(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; importId: number; keys: string[]; now: Date },
): Promise<{ added: number }> {
  if (!input.keys.length) throw new ValidationError(M.nothingChosen, { rows: M.nothingChosen });
  const preview = await takePreview(trx, actor, input, 'add');
  const chosen = new Set(input.keys);
  const existing = await existingIdentities(trx, preview.profileId);
  let added = 0;
  for (const row of preview.rows) {
    const list = LISTS.find((candidate) => candidate.key === row.list) as ListDefinition | undefined;
    if (!chosen.has(row.key) || row.skip || !row.fields || !list) continue;
    const identity = itemIdentity(list.key, row.fields);
    if (existing.has(identity)) continue;
    existing.add(identity);
    await appendListItem(trx, actor, {
      profileId: preview.profileId,
      list,
      fields: { ...row.fields, visibility: 'private' },
      now: input.now,
    });
    added += 1;
  }
  return { added };
}

/** Drops the waiting preview: nothing is added. */
export async function cancelImport(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; importId: number; now: Date },
): Promise<void> {
  await takePreview(trx, actor, input, 'cancel');
}
