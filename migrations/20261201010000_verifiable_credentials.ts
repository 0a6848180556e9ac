import type { Knex } from 'knex';

/**
 * docs/decisions/verifiable-credentials.md:
 * - credential_keys: a department's Ed25519 signing keys. One is current (retired_at null, a partial unique index);
 *   a rotation retires it and keeps its public half, so credentials it signed still verify (the department's
 *   did:web document lists every key). The secret half is stored encrypted with CREDENTIAL_KEY, never in clear.
 * - issued_credentials: every credential signed, kept as signed (signed once per change, served as kept). Its
 *   status_index is its bit in the department's Bitstring Status List; revoked_at sets the bit. A deleted account
 *   leaves its rows (user_id set null) so their bits stay set.
 * Neither table feeds a kept page: they are read per request (the status list, the verify page).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credential_keys', (t) => {
    t.increments('id').primary();
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.text('public_key_multibase').notNullable();
    t.text('encrypted_secret').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('retired_at', { useTz: true });
    t.index(['department_id'], 'credential_keys_department_index');
  });
  await knex.raw(
    'create unique index credential_keys_one_current on credential_keys (department_id) where retired_at is null',
  );
  await knex.schema.createTable('issued_credentials', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.integer('verification_id').references('id').inTable('membership_verifications').onDelete('SET NULL');
    t.text('achievement_type').notNullable();
    t.integer('status_index').notNullable();
    t.text('facts_digest').notNullable();
    t.jsonb('document').notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_reason');
    t.unique(['department_id', 'status_index'], { indexName: 'issued_credentials_status_index_unique' });
    t.index(['user_id', 'department_id'], 'issued_credentials_user_department_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('issued_credentials');
  await knex.schema.dropTable('credential_keys');
}
