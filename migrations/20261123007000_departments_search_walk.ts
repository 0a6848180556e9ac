import type { Knex } from 'knex';

/**
 * Department search, dense plan (src/services/departments/search.ts, DENSE_WALK): the rank-order btree now
 * carries every column the walk filters on, so the walk is an index-only scan (a small fraction of a
 * table read per row) and can afford 2,000 rows. It replaces departments_search_order (same keys).
 * departments_search_initials serves names starting with a 2–3 character query: the names sharing their first
 * two characters, in rank order, index-only — read until ten match.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index departments_search_walk on departments ((length(search_text)), name, id)
    include (search_text, verification_status, created_by)`);
  await knex.raw('drop index departments_search_order');
  await knex.raw(`create index departments_search_initials on departments
    (left(search_text, 2), (length(search_text)), name, id) include (search_text, verification_status, created_by)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index departments_search_initials');
  await knex.raw('create index departments_search_order on departments ((length(search_text)), name, id)');
  await knex.raw('drop index departments_search_walk');
}
