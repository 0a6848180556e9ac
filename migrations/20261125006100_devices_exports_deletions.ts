import type { Knex } from 'knex';

/**
 * docs/decisions/signed-in-devices.md, docs/decisions/data-export.md, docs/decisions/account-deletion.md: signed-in devices, data exports, files left to delete.
 * - sessions: the user agent it signed in with (browser and OS parsed once, at sign-in) and when it was last seen
 *   (written at most once a minute, src/services/sessionActivity.ts). No IP address is stored.
 * - users.new_device_alerts: e-mail me when a new device signs in (on by default).
 * - known_devices: each browser + OS a user has signed in from, so "new" means never seen before, even after the
 *   session of that device ended.
 * - data_exports: an export prepared in the background; the e-mailed link's token is stored hashed and works
 *   once until expires_at.
 * - pending_file_deletions: stored files (photo variants, prepared exports) whose removal after a commit has not
 *   succeeded yet; the account-data job retries them.
 * - The sessions trigger no longer announces an update that only moved last_seen_at: the session caches keep
 *   their entries while a device is merely in use.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.text('user_agent');
    t.text('browser');
    t.text('os');
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('users', (t) => {
    t.boolean('new_device_alerts').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('known_devices', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('browser').notNullable();
    t.text('os').notNullable();
    t.timestamp('first_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'browser', 'os'], { indexName: 'known_devices_user_device_unique' });
  });
  await knex.schema.createTable('data_exports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('queued');
    t.text('token_hash').unique();
    t.text('file_key');
    t.bigInteger('file_size');
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ready_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('used_at', { useTz: true });
    t.check("status in ('queued', 'ready', 'used', 'expired')", [], 'data_exports_status');
    t.index(['user_id'], 'data_exports_user_index');
  });
  await knex.raw("create index data_exports_queued on data_exports (requested_at) where status = 'queued'");
  await knex.schema.createTable('pending_file_deletions', (t) => {
    t.bigIncrements('id').primary();
    t.specificType('keys', 'text[]').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.raw('drop trigger if exists sessions_session_changed on sessions');
  await knex.raw(`
    create trigger sessions_session_changed after delete on sessions
    for each row execute function notify_session_changed('user_id')`);
  await knex.raw(`
    create trigger sessions_session_updated after update on sessions
    for each row when (
      old.user_id is distinct from new.user_id or old.token_hash is distinct from new.token_hash
      or old.data is distinct from new.data or old.expires_at is distinct from new.expires_at
    ) execute function notify_session_changed('user_id')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists sessions_session_updated on sessions');
  await knex.raw('drop trigger if exists sessions_session_changed on sessions');
  await knex.raw(`
    create trigger sessions_session_changed after update or delete on sessions
    for each row execute function notify_session_changed('user_id')`);
  await knex.schema.dropTable('pending_file_deletions');
  await knex.schema.dropTable('data_exports');
  await knex.schema.dropTable('known_devices');
  await knex.schema.alterTable('users', (t) => t.dropColumn('new_device_alerts'));
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('user_agent');
    t.dropColumn('browser');
    t.dropColumn('os');
    t.dropColumn('last_seen_at');
  });
}
