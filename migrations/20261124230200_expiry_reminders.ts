import type { Knex } from 'knex';

/**
 * Expiry reminders and the calendar feed (docs/decisions/expiry-reminders.md).
 * - users: the reminder settings (on by default for new users; existing users start off, since they never
 *   agreed to the e-mails, and see the setting on their next sign-in), when the setting was first shown, and
 *   the calendar feed's secret (rotatable).
 * - reminder_digests: one row per user per day a digest went out (unique: never two a day).
 * - reminder_deliveries: one row per item, expiry day and threshold reminded (unique: never twice); written in
 *   the transaction that sends the digest, so an SMTP failure rolls the claim back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('reminders_enabled').notNullable().defaultTo(true);
    t.specificType('reminder_days', 'integer[]').notNullable().defaultTo(knex.raw("'{60,30,14,7,1}'::integer[]"));
    t.boolean('reminder_on_day').notNullable().defaultTo(true);
    t.timestamp('reminders_prompted_at', { useTz: true });
    t.text('calendar_secret');
  });
  await knex.raw('update users set reminders_enabled = false');
  await knex.raw(
    "update users set calendar_secret = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')",
  );
  await knex.raw(
    "alter table users alter column calendar_secret set default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')",
  );
  await knex.raw('alter table users alter column calendar_secret set not null');
  await knex.raw('create unique index users_calendar_secret_unique on users (calendar_secret)');
  await knex.raw(
    'alter table users add constraint users_reminder_days_range check (cardinality(reminder_days) <= 10 and 1 <= all(reminder_days) and 365 >= all(reminder_days))',
  );

  await knex.schema.createTable('reminder_digests', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.date('digest_date').notNullable();
    t.text('email').notNullable();
    t.integer('item_count').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'digest_date'], { indexName: 'reminder_digests_user_day_unique' });
  });
  await knex.schema.createTable('reminder_deliveries', (t) => {
    t.increments('id').primary();
    t.integer('digest_id').notNullable().references('id').inTable('reminder_digests').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('list').notNullable();
    t.integer('item_id').notNullable();
    t.text('item_name').notNullable();
    t.date('expires_on').notNullable();
    t.integer('threshold').notNullable();
    t.check("list in ('certifications', 'licenses')", [], 'reminder_deliveries_list');
    t.unique(['list', 'item_id', 'expires_on', 'threshold'], { indexName: 'reminder_deliveries_item_unique' });
    t.index(['digest_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reminder_deliveries');
  await knex.schema.dropTable('reminder_digests');
  await knex.raw('drop index if exists users_calendar_secret_unique');
  await knex.raw('alter table users drop constraint if exists users_reminder_days_range');
  await knex.schema.alterTable('users', (t) => {
    for (const c of [
      'reminders_enabled',
      'reminder_days',
      'reminder_on_day',
      'reminders_prompted_at',
      'calendar_secret',
    ]) {
      t.dropColumn(c);
    }
  });
}
