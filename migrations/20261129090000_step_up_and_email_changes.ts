import type { Knex } from 'knex';

/**
 * Step-up authentication and the two-step e-mail change (docs/api.md "Step-up").
 * - sessions.proved_at: when this session last proved who holds it (a sign-in, the password and second factor, or
 *   a passkey assertion). Sensitive changes need it within the step-up window. Kept on the row, never in a cookie;
 *   the change trigger (20261129100000_one_change_channel) announces a change of it, so every node's kept session
 *   sees a new proof at once.
 * - passkeys.browser / os: the device a passkey was added from, shown on Security and in the reset's choice.
 * - email_changes: a change of address waiting for its confirmation. Two random tokens, stored as SHA-256: the
 *   confirmation link sent to the new address and the "this wasn't me" link sent to the old one. One pending
 *   change per user (a new request replaces it); each link works once, until expires_at.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.timestamp('proved_at', { useTz: true });
  });
  await knex.schema.alterTable('passkeys', (t) => {
    t.text('browser');
    t.text('os');
  });
  await knex.schema.createTable('email_changes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('old_email').notNullable();
    t.text('new_email').notNullable();
    t.text('confirm_token_hash').notNullable();
    t.text('cancel_token_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.unique(['confirm_token_hash'], { indexName: 'email_changes_confirm_unique' });
    t.unique(['cancel_token_hash'], { indexName: 'email_changes_cancel_unique' });
    t.index(['user_id'], 'email_changes_user_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('email_changes');
  await knex.schema.alterTable('passkeys', (t) => {
    t.dropColumn('browser');
    t.dropColumn('os');
  });
  await knex.schema.alterTable('sessions', (t) => t.dropColumn('proved_at'));
}
