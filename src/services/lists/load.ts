/**
 * Every list of a profile for its page, in one statement whatever the number of lists and items: a
 * `UNION ALL` of one `json_agg` per list table, filtered by the viewer's visibilities in SQL. Returns the
 * items in stored order; `presentProfileLists` (src/presenters/lists.ts) orders and shapes them for the viewer.
 */
import { Model } from 'objection';
import type { Profile } from '../../models/Profile';
import type { ListItem } from '../../models/ListItem';
import { visibilitiesFor, type Viewer } from '../../policies';
import { LISTS, type ListKey } from '../../validation/lists';

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

export async function loadProfileLists(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
): Promise<Record<ListKey, ListItem[]>> {
  const visible = visibilitiesFor(viewer, profile.userId);
  const marks = visible.map(() => '?').join(', ');
  const sql = LISTS.map(
    () =>
      `select ? as list, coalesce(json_agg(t order by t.position), '[]'::json) as items from ?? t ` +
      `where t.profile_id = ? and t.visibility in (${marks})`,
  ).join(' union all ');
  const bindings = LISTS.flatMap((list) => [list.key, list.table, profile.id, ...visible]);
  const result = (await Model.knex().raw(sql, bindings)) as { rows: Array<{ list: string; items: unknown }> };
  const rows = new Map(result.rows.map((row) => [row.list, row.items]));
  const lists = {} as Record<ListKey, ListItem[]>;
  for (const list of LISTS) {
    const stored = rows.get(list.key);
    const parsed = (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? [])) as Array<Record<string, unknown>>;
    lists[list.key] = parsed.map(
      (row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), value])) as unknown as ListItem,
    );
  }
  return lists;
}
