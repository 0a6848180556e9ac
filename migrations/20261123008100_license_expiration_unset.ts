import type { Knex } from 'knex';

/**
 * A license's expiration visibility may be unset (null), and a license added without one is (spec 02 §6:
 * "License expiration has its own visibility: shown when unset, authenticated or public; hidden when private").
 * Until now the column defaulted to 'authenticated', so an unset value was stored as members-only. Existing
 * rows keep their value: an 'authenticated' one may have been chosen, and showing it to visitors now would
 * reveal what its owner may have hidden.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table profile_licenses alter column expiration_visibility drop not null');
  await knex.raw('alter table profile_licenses alter column expiration_visibility drop default');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    "update profile_licenses set expiration_visibility = 'authenticated' where expiration_visibility is null",
  );
  await knex.raw("alter table profile_licenses alter column expiration_visibility set default 'authenticated'");
  await knex.raw('alter table profile_licenses alter column expiration_visibility set not null');
}
