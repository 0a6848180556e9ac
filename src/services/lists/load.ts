/**
 * Every list of a profile for its page, in one statement whatever the number of lists and items: each list's
 * model query (its rows the viewer may see: `scopeVisibility`, src/policies/visibility.ts) and the profile's photo
 * links, each gathered into one JSON array, one column each, in one row. The database's column names are
 * mapped by knex's own mapping (`postProcessResponse`, as on every query) and each item made a model instance.
 * One statement, not a query per list, built once per shape (src/db/builtOnce.ts): every query costs the app
 * its build and a round trip, and a page reads all the lists at once.
 *
 * Returns the items in stored order; `presentProfileLists` (src/presenters/lists.ts) orders and shapes them for
 * the viewer.
 */
import type { Knex } from 'knex';
import { Model, type QueryBuilder } from 'objection';
import { listItemModel } from '../../models/ListItem';
import type { Profile } from '../../models/Profile';
import { scopeVisibility, visibilitiesFor, type Viewer } from '../../policies';
import { builtOnce } from '../../db/builtOnce';
import { LISTS, type ListKey } from '../../validation/lists';
import { findProfileItemLinks, setPhotoLinks, type LinkedItem, type LinkRow } from '../photos/links';

/** The statement's column of the photo links (no list is named so). */
const LINKS = 'photoLinks';

/** `(select <the query's rows as one JSON array, in order> from (<query>) t) as <name>`: a column. */
const gathered = <M extends Model, R>(db: Knex, name: string, query: QueryBuilder<M, R>) =>
  db.select(db.raw(`coalesce(json_agg(t order by t.position), '[]'::json)`)).from(query.toKnexQuery().as('t')).as(name);

/**
 * A certification's or license's attestations (docs/decisions/department-readiness.md), as a column of its row:
 * they ride with the item, so they show exactly where the item does.
 */
const ATTESTED_LISTS = new Set(['certifications', 'licenses']);

/** A list's item query with each row's attestations (for the lists that have them): every read of items uses it. */
export const withAttestations =
  (list: { key: string; table: string }) =>
  <M extends Model, R>(query: QueryBuilder<M, R>) => {
    if (ATTESTED_LISTS.has(list.key))
      query.select(`${list.table}.*`, attestationsOf(Model.knex(), list.key, list.table));
  };

const attestationsOf = (db: Knex, list: string, table: string) =>
  db.raw(
    `(select coalesce(json_agg(json_build_object('departmentId', a.department_id, 'departmentName', d.name,
       'attestedAt', a.attested_at) order by a.attested_at, a.id), '[]'::json)
       from credential_attestations a join departments d on d.id = a.department_id
      where a.list = '${list}' and a.item_id = ${table}.id) as attestations`,
  );

/** The statement, once per set of visibilities a viewer may see (the only thing its shape depends on). */
const readLists = builtOnce();

export async function loadProfileLists(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
): Promise<Record<ListKey, LinkedItem[]>> {
  const db = Model.knex();
  const shape = visibilitiesFor(viewer, profile.userId).join();
  const [row] = await readLists(db, shape, [profile.id], (profileId) =>
    db.first(
      gathered(db, LINKS, findProfileItemLinks(profileId).select('photoLinks.position')),
      ...LISTS.map((list) =>
        gathered(
          db,
          list.key,
          listItemModel(list)
            .query()
            .where('profileId', profileId)
            .modify(scopeVisibility, viewer, profile.userId)
            .modify(withAttestations(list)),
        ),
      ),
    ),
  );
  // The row's own columns are mapped like every query's; the items inside each JSON array are mapped here.
  const rowsOf = (name: string): object[] => db.client.postProcessResponse(row![name], {});
  const links = rowsOf(LINKS) as LinkRow[];
  const loaded = {} as Record<ListKey, LinkedItem[]>;
  for (const list of LISTS) {
    const Item = listItemModel(list);
    loaded[list.key] = setPhotoLinks(
      list,
      rowsOf(list.key).map((item) => Item.fromDatabaseJson(item)),
      links,
    );
  }
  return loaded;
}
