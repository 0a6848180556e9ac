import type { Knex } from 'knex';

/**
 * docs/decisions/two-factor.md, docs/decisions/passkeys.md: second factors and the short-lived sign-in state.
 * - user_totp: one authenticator app per user. The secret is sealed (AES-256-GCM, key derived from SESSION_SECRET);
 *   `confirmed_at` is null while enrolment waits for its first code; `last_used_step` is the newest 30 s step a
 *   code was accepted for, so no code works twice.
 * - recovery_codes: ten one-time codes per enrolment, stored as argon2id hashes; `used_at` once spent.
 * - auth_challenges: a random token's SHA-256 with its purpose and expiry — the password step's hand-over to the
 *   code step (`second_factor`), an admin's forced enrolment (`enrol`), and WebAuthn ceremonies
 *   (`passkey_register`, `passkey_login`, keyed by the WebAuthn challenge itself). Deleted when used.
 * - passkeys: WebAuthn credentials (discoverable), named by their owner, with the signature counter and last use.
 * - app_settings: site-wide switches a super admin sets (`require_two_factor_for_admins`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_totp', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('secret_sealed').notNullable();
    t.timestamp('confirmed_at', { useTz: true });
    t.bigInteger('last_used_step');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id'], 'recovery_codes_user_index');
  });

  await knex.schema.createTable('auth_challenges', (t) => {
    t.text('token_hash').primary();
    t.integer('user_id').references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("kind in ('second_factor', 'enrol', 'passkey_register', 'passkey_login')", [], 'auth_challenges_kind');
    t.index(['expires_at'], 'auth_challenges_expiry_index');
  });

  await knex.schema.createTable('passkeys', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('credential_id').notNullable();
    t.binary('public_key').notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.jsonb('transports').notNullable().defaultTo('[]');
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.unique(['credential_id'], { indexName: 'passkeys_credential_unique' });
    t.index(['user_id'], 'passkeys_user_index');
    t.check('char_length(name) between 1 and 60', [], 'passkeys_name_length');
  });

  await knex.schema.createTable('app_settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_settings');
  await knex.schema.dropTable('passkeys');
  await knex.schema.dropTable('auth_challenges');
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.dropTable('user_totp');
}
