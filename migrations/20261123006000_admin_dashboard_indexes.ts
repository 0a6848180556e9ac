import type { Knex } from 'knex';

/**
 * The admin dashboard (docs/decisions/admin-dashboard.md) at 10,000+ users:
 * - users_created_order: the Users tab pages newest first (created_at desc, id desc) without sorting the table;
 * - users_search_trgm: "search by name or e-mail" is a substring match on one stored, lower-cased
 *   "name email" column, served by a trigram GIN index (pg_trgm, as departments_search_trgm; fastupdate off
 *   for the same reason: bulk inserts otherwise sit in GIN's pending list, which every search scans);
 * - blacklist_type_value_unique: one entry per e-mail or domain (a second Add answers 409);
 * - beta_code_uses_user_index, blacklist_created_by_index, beta_codes_created_by_index: deleting a user
 *   cascades or nulls these references; without an index each deletion scans the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw('create index users_created_order on users (created_at desc, id desc)');
  await knex.raw(
    "alter table users add column search_text text generated always as (lower(name || ' ' || email)) stored",
  );
  await knex.raw(
    'create index users_search_trgm on users using gin (search_text gin_trgm_ops) with (fastupdate = off)',
  );
  await knex.raw('create unique index blacklist_type_value_unique on blacklist (type, value)');
  await knex.raw('create index beta_code_uses_user_index on beta_code_uses (user_id)');
  await knex.raw('create index blacklist_created_by_index on blacklist (created_by)');
  await knex.raw('create index beta_codes_created_by_index on beta_codes (created_by)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists beta_codes_created_by_index');
  await knex.raw('drop index if exists blacklist_created_by_index');
  await knex.raw('drop index if exists beta_code_uses_user_index');
  await knex.raw('drop index if exists blacklist_type_value_unique');
  await knex.raw('drop index if exists users_search_trgm');
  await knex.raw('alter table users drop column search_text');
  await knex.raw('drop index if exists users_created_order');
}
