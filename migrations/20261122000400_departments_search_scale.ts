import type { Knex } from 'knex';

/**
 * Department search at national scale (~27,000 rows; src/services/departments/search.ts). Each index serves one
 * plan whose cost follows the ten answers rather than the table:
 * - departments_search_prefix: btree on search_text with text_pattern_ops, for LIKE 'q%' (exact name and
 *   name prefix), including 2-character queries, which make no trigram;
 * - departments_search_order: btree in rank order (length of search_text, name, id), walked by the dense plan
 *   for queries matching most of the table ("fire", "co"), which stops at the first ten matches;
 * - departments_search_bigrams: GIN over the distinct 2-character substrings of search_text, for a
 *   2-character query inside a word ("ak" in "Naknek") without a sequential scan.
 * Built with fastupdate = off like departments_search_trgm (see 20261122000310).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index departments_search_prefix on departments (search_text text_pattern_ops)');
  await knex.raw('create index departments_search_order on departments ((length(search_text)), name, id)');
  await knex.raw(`
    create function department_bigrams(t text) returns text[]
    language sql immutable strict parallel safe
    as $$
      select coalesce(pg_catalog.array_agg(distinct pg_catalog.substr(t, i, 2)), '{}')
      from pg_catalog.generate_series(1, pg_catalog.length(t) - 1) as i
    $$`);
  await knex.raw(
    'create index departments_search_bigrams on departments using gin (department_bigrams(search_text)) with (fastupdate = off)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists departments_search_bigrams');
  await knex.raw('drop function if exists department_bigrams(text)');
  await knex.raw('drop index if exists departments_search_order');
  await knex.raw('drop index if exists departments_search_prefix');
}
