import type { Knex } from 'knex';

/**
 * Calendar secrets hashed like every other token (src/services/tokens.ts `hashToken`: SHA-256, hex):
 * `users.calendar_secret_hash` in place of the secret itself. The feed address is shown once, when it is made
 * (Account Settings → Calendar), and can be replaced at any time. Each stored secret is hashed here, so every
 * address already subscribed to keeps working; a user who never made one has none (null) until they do.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('calendar_secret_hash');
  });
  await knex.raw("update users set calendar_secret_hash = encode(sha256(convert_to(calendar_secret, 'UTF8')), 'hex')");
  await knex.raw('drop index if exists users_calendar_secret_unique');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('calendar_secret');
    t.unique(['calendar_secret_hash'], { indexName: 'users_calendar_secret_hash_unique' });
  });
}

/** The secrets cannot come back: every user gets a new random one (the old addresses stop working). */
export async function down(knex: Knex): Promise<void> {
  const random = knex.raw("replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')");
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['calendar_secret_hash'], 'users_calendar_secret_hash_unique');
    t.dropColumn('calendar_secret_hash');
    t.text('calendar_secret').notNullable().defaultTo(random);
    t.unique(['calendar_secret'], { indexName: 'users_calendar_secret_unique' });
  });
}
