import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.text('role').notNullable().defaultTo('user');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.text('username').nullable();
    t.timestamps(true, true);
    t.check("role in ('user', 'admin', 'super_admin')", [], 'users_role_check');
  });
  // E-mail and username are unique regardless of letter case.
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');
  await knex.raw('create unique index users_username_lower_unique on users (lower(username))');

  await knex.schema.createTable('beta_codes', (t) => {
    t.increments('id').primary();
    t.text('code').notNullable().unique();
    t.integer('max_uses').notNullable().defaultTo(1);
    t.integer('current_uses').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.text('notes').nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('created_by').nullable().references('users.id').onDelete('SET NULL');
    t.check('max_uses >= 1', [], 'beta_codes_max_uses_check');
    t.check('current_uses >= 0', [], 'beta_codes_current_uses_check');
  });

  await knex.schema.createTable('beta_code_uses', (t) => {
    t.increments('id').primary();
    t.integer('beta_code_id').notNullable().references('beta_codes.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['beta_code_id', 'user_id']);
  });

  await knex.schema.createTable('blacklist', (t) => {
    t.increments('id').primary();
    t.text('type').notNullable();
    t.text('value').notNullable();
    t.text('reason').nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('created_by').nullable().references('users.id').onDelete('SET NULL');
    t.check("type in ('email', 'domain')", [], 'blacklist_type_check');
    t.index(['type', 'value']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('blacklist');
  await knex.schema.dropTable('beta_code_uses');
  await knex.schema.dropTable('beta_codes');
  await knex.schema.dropTable('users');
}
