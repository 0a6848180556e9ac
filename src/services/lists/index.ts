/**
 * A profile's lists (spec 02 §§3–7): append, update, delete and read the items of any list, described by its
 * definition (src/validation/lists). Mutations are fn(trx, actor, input) and return models.
 *
 * Invariants:
 * - the items of a profile's list have positions 0..n-1 (unique, checked per statement): an append takes n,
 *   a delete moves the items after it up by one;
 * - an append locks the profile row first, so concurrent appends take turns and none is lost;
 * - every write bumps the item's `version`; the database's trigger bumps the profile's (its pages change);
 * - a write that names an expected version (If-Match) which is not the item's current one changes nothing;
 * - only those who may update the profile (owner, admins) write; a profile they may not read is not found;
 * - an item's photo fields are its photo links, written through the link service (src/services/photos/links.ts:
 *   the profile's own photos, the list's cap) and returned on the item (`photoLinks`).
 */
import type { Knex } from 'knex';
import { Model, raw } from 'objection';
import { NotFoundError, PreconditionFailedError } from '../../errors';
import { listItemModel, type ListItem } from '../../models/ListItem';
import { Profile } from '../../models/Profile';
import { authorize, profilePolicy, scopeVisibility, type Viewer } from '../../policies';
import { LIST_MESSAGES, type ItemRef, type ListDefinition } from '../../validation/lists';
import type { Visibility } from '../../validation/visibility';
import { attachPhotoLinks, writePhotoFields, type LinkedItem } from '../photos/links';

/** What a write expects the item to be (If-Match): any version, or one of these (optionally of this item). */
export type Expected = '*' | Array<{ id?: number; version: number }>;

type Fields = Record<string, unknown>;

/**
 * The definition's field names → the model's property names (a list's own `position` is `jobPosition`);
 * photo fields are links, not columns.
 */
function toColumns(list: ListDefinition, fields: Fields): Fields {
  const row: Fields = {};
  for (const [field, value] of Object.entries(fields)) {
    if (!list.photoFields?.[field]) row[list.stored?.[field] ?? field] = value;
  }
  return row;
}

/** The written item with its links, after the photo fields sent are applied to them. */
async function withPhotoFields(
  trx: Knex.Transaction,
  profile: Profile,
  list: ListDefinition,
  item: ListItem,
  fields: Fields,
): Promise<LinkedItem> {
  await writePhotoFields(trx, profile, { list, itemId: item.id, fields });
  const [linked] = await attachPhotoLinks(trx, list, [item]);
  return linked!;
}

/** The fields with those the list works out on every write (a license's status from its expiry: spec 02 §4). */
const withDerived = (list: ListDefinition, fields: Fields, now = new Date(), stored?: Fields): Fields =>
  list.derive ? { ...fields, ...list.derive(fields, now, stored) } : fields;

async function lockProfileForUpdate(trx: Knex.Transaction, actor: Viewer, profileId: number): Promise<Profile> {
  return authorize(profilePolicy, actor, 'update', await Profile.query(trx).findById(profileId).forUpdate());
}

async function lockItem(
  trx: Knex.Transaction,
  list: ListDefinition,
  profileId: number,
  ref: ItemRef,
): Promise<ListItem> {
  const query = listItemModel(list).query(trx).where('profileId', profileId).forUpdate().first();
  const item = await ('index' in ref ? query.where('position', ref.index) : query.where('id', ref.id));
  if (!item) throw new NotFoundError(LIST_MESSAGES.itemNotFound);
  return item;
}

function checkExpected(item: ListItem, expected: Expected | undefined): void {
  if (!expected || expected === '*') return;
  const current = expected.some((e) => e.version === item.version && (e.id === undefined || e.id === item.id));
  if (!current) throw new PreconditionFailedError(LIST_MESSAGES.stale);
}

export async function appendListItem(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; list: ListDefinition; fields: Fields; now?: Date },
): Promise<LinkedItem> {
  const { list } = input;
  const fields = withDerived(list, input.fields, input.now);
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  const Item = listItemModel(list);
  const last = await Item.query(trx)
    .where('profileId', profile.id)
    .max('position as last')
    .first()
    .castTo<{ last: number | null }>();
  const item = await Item.query(trx).insertAndFetch({
    ...toColumns(list, fields),
    profileId: profile.id,
    position: last.last === null ? 0 : last.last + 1,
    visibility:
      (input.fields.visibility as Visibility | undefined) ?? list.defaultVisibility ?? profile.defaultVisibility,
  });
  const linked = await withPhotoFields(trx, profile, list, item, input.fields);
  return linked;
}

export async function updateListItem(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; list: ListDefinition; ref: ItemRef; expected?: Expected; fields: Fields; now?: Date },
): Promise<LinkedItem> {
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  const item = await lockItem(trx, input.list, profile.id, input.ref);
  checkExpected(item, input.expected);
  const fields = withDerived(input.list, input.fields, input.now, item as unknown as Fields);
  const updated = await listItemModel(input.list)
    .query(trx)
    .patchAndFetchById(item.id, {
      ...toColumns(input.list, fields),
      version: raw('version + 1'),
    });
  const linked = await withPhotoFields(trx, profile, input.list, updated, input.fields);
  return linked;
}

export async function deleteListItem(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; list: ListDefinition; ref: ItemRef; expected?: Expected },
): Promise<void> {
  const profile = await lockProfileForUpdate(trx, actor, input.profileId);
  const item = await lockItem(trx, input.list, profile.id, input.ref);
  checkExpected(item, input.expected);
  const Item = listItemModel(input.list);
  await Item.query(trx).deleteById(item.id);
  await Item.query(trx)
    .where('profileId', profile.id)
    .where('position', '>', item.position)
    .patch({ position: raw('position - 1') });
}

/**
 * The items of one list the viewer may see, in stored order, with the profile (for presenting); skills with
 * their colleagues' endorsements, as the profile document has them (docs/decisions/endorsements.md).
 */
export async function findListItems(
  viewer: Viewer | null,
  input: { profileId: number; list: ListDefinition },
): Promise<{ profile: Profile; items: LinkedItem[] }> {
  const profile = authorize(profilePolicy, viewer, 'read', await Profile.query().findById(input.profileId));
  const items = await listItemModel(input.list)
    .query()
    .where('profileId', profile.id)
    .modify(scopeVisibility, viewer, profile.userId)
    .modify(withAttestations(input.list))
    .orderBy('position');
  if (input.list.key === 'skills') await attachColleagueEndorsements(viewer, profile, items);
  return { profile, items: await attachPhotoLinks(Model.knex(), input.list, items) };
}

export { loadProfileLists } from './load';
import { attachColleagueEndorsements } from '../endorsements/load';
import { withAttestations } from './load';
