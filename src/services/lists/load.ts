/**
 * Every list of a profile for its page, in one statement whatever the number of lists and items: a
 * `UNION ALL` of one `json_agg` per list table, filtered by the viewer's visibilities in SQL, then presented
 * (computed status, order, hidden fields) for the viewer.
 */
import { Model } from 'objection';
import type { Profile } from '../../models/Profile';
import type { ListItem } from '../../models/ListItem';
import { visibilitiesFor, type Viewer } from '../../policies';
import { presentList, type ListItemJson } from '../../presenters/lists';
import { LISTS, type ListKey, type OrderOptions } from '../../validation/lists';

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

export async function loadProfileLists(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
  options: Partial<OrderOptions> = {},
): Promise<Record<ListKey, ListItemJson[]>> {
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
  const order: OrderOptions = { now: options.now ?? new Date(), sort: options.sort ?? 'newest' };
  const lists = {} as Record<ListKey, ListItemJson[]>;
  for (const list of LISTS) {
    const stored = rows.get(list.key);
    const parsed = (typeof stored === 'string' ? JSON.parse(stored) : (stored ?? [])) as Array<Record<string, unknown>>;
    const items = parsed.map(
      (row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), value])) as unknown as ListItem,
    );
    lists[list.key] = presentList(list, items, viewer, profile.userId, order);
  }
  return lists;
}
