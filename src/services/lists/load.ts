/**
 * Every list of a profile for its page, in one statement whatever the number of lists and items: a
 * `UNION ALL` of one `json_agg` per list table (each item with its photo links), filtered by the viewer's
 * visibilities in SQL. Returns the items in stored order; `presentProfileLists` (src/presenters/lists.ts) orders
 * and shapes them for the viewer.
 */
import { Model } from 'objection';
import { LINK_ITEM_COLUMN } from '../../models/PhotoLink';
import { linkTargetOf } from '../photos/links';
import type { Profile } from '../../models/Profile';
import type { ListItem } from '../../models/ListItem';
import { visibilitiesFor, type Viewer } from '../../policies';
import { LISTS, type ListKey } from '../../validation/lists';

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/** Column names repeat on every row: each is converted once per process (a page reads ~100 rows of ~20 columns). */
const camelNames = new Map<string, string>();
function camelRow(row: Record<string, unknown>): ListItem {
  const item: Record<string, unknown> = {};
  for (const key in row) {
    let name = camelNames.get(key);
    if (name === undefined) camelNames.set(key, (name = camel(key)));
    item[name] = row[key];
  }
  return item as unknown as ListItem;
}

export async function loadProfileLists(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
): Promise<Record<ListKey, ListItem[]>> {
  const visible = visibilitiesFor(viewer, profile.userId);
  const marks = visible.map(() => '?').join(', ');
  // A list with photos: each row carries its links with their photo's visibility (the presenter filters).
  const rowsOf = (list: (typeof LISTS)[number]) => {
    const target = linkTargetOf(list);
    if (!target) return { from: '??', bindings: [list.table] };
    return {
      from:
        `(select x.*, (select json_agg(json_build_object('photoId', l.photo_id, 'visibility', p.visibility) ` +
        `order by l.position) from photo_links l join photos p on p.id = l.photo_id where l.?? = x.id) ` +
        `as photo_links from ?? x)`,
      bindings: [snake(LINK_ITEM_COLUMN[target]), list.table],
    };
  };
  const sql = LISTS.map(
    (list) =>
      `select ? as list, coalesce(json_agg(t order by t.position), '[]'::json) as items from ${rowsOf(list).from} t ` +
      `where t.profile_id = ? and t.visibility in (${marks})`,
  ).join(' union all ');
  const bindings = LISTS.flatMap((list) => [list.key, ...rowsOf(list).bindings, profile.id, ...visible]);
  const result = (await Model.knex().raw(sql, bindings)) as { rows: Array<{ list: string; items: unknown }> };
  const rows = new Map(result.rows.map((row) => [row.list, row.items]));
  const lists = {} as Record<ListKey, ListItem[]>;
  for (const list of LISTS) {
    const stored = rows.get(list.key);
    const parsed = (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? [])) as Array<Record<string, unknown>>;
    lists[list.key] = parsed.map(camelRow);
  }
  return lists;
}
