import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Only a SHA-256 of each session token is stored: a leaked table does not yield usable tokens.
  await knex.schema.createTable('sessions', (t) => {
    t.increments('id').primary();
    t.text('token_hash').notNullable().unique();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_reset_tokens');
  await knex.schema.dropTable('sessions');
}
