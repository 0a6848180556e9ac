/**
 * Department search's ranking as one plain statement over the whole table (no index tricks, no caps), to check
 * the service's per-category plans against: containing departments by category — exact name, name prefix, a
 * word starting with the query, other — then shorter text, name, id. With a state reading, the departments
 * containing the query as typed first, then those of the state containing the place, ranked the same way.
 */
import type { ExecutionContext } from 'ava';
import type { Knex } from 'knex';
import { normalizeSearchQuery, stateReading } from '../../src/services/departments/search';
import { DEPARTMENT_SEARCH_MAX_RESULTS } from '../../src/validation/departments';

const escapeLike = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The category (0–3) of the rows containing `q`, as SQL with its bindings. */
const category = (q: string): [string, string[]] => {
  const like = escapeLike(q);
  return [
    `case when search_text like ? then (case when lower(name) = lower(?) then 0 else 1 end)
          when search_text like ? then 2 else 3 end`,
    [`${like}%`, q, `% ${like}%`],
  ];
};

/**
 * The ids of every department a signed-in user may be offered (verified or pending: every signed-in user sees
 * the same, docs/decisions/pending-departments.md) as a containing match, best first.
 */
export async function rankedContaining(db: Knex, raw: string, _viewerId: number): Promise<number[]> {
  const q = normalizeSearchQuery(raw);
  const reading = stateReading(q);
  const typed = `%${escapeLike(q)}%`;
  const [typedCategory, typedBindings] = category(q);
  const [placeCategory, placeBindings] = category(reading?.place ?? '');
  const result = await db.raw(
    `select id from departments
     where verification_status in ('verified', 'pending')
       and (search_text like ?
            or (? and department_state_code(state) = ? and search_text like ?))
     order by case when search_text like ? then ${typedCategory} else 4 + ${placeCategory} end,
              length(search_text), name, id`,
    [
      typed,
      reading !== undefined,
      reading?.state.code ?? '',
      `%${escapeLike(reading?.place ?? '')}%`,
      typed,
      ...typedBindings,
      ...placeBindings,
    ],
  );
  return (result.rows as { id: number }[]).map((row) => row.id);
}

/**
 * Asserts that each query's answer starts with its best containing matches in the whole-table order (fuzzy
 * matches may follow when fewer than ten contain it); returns how many containing matches each query has.
 */
export async function assertRankedLikeWholeTable(
  t: ExecutionContext,
  db: Knex,
  viewerId: number,
  queries: readonly string[],
  search: (q: string) => Promise<{ id: number }[]>,
): Promise<Map<string, number>> {
  const containing = new Map<string, number>();
  for (const q of queries) {
    const expected = (await rankedContaining(db, q, viewerId)).slice(0, DEPARTMENT_SEARCH_MAX_RESULTS);
    containing.set(q, expected.length);
    const found = (await search(q)).map((d) => d.id);
    t.deepEqual(found.slice(0, expected.length), expected, q);
  }
  return containing;
}
