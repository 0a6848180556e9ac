import type { Knex } from 'knex';

/**
 * A signed-in user's session carries their own profile's id (the menu's My Profile; src/services/sessions.ts), so
 * making a profile is a change to what their sessions carry: tell every node's session cache, the same way the
 * triggers on `users` and `sessions` do (migrations/20261123009100_session_change_notify.ts). A profile is only
 * ever deleted with its user, whose own trigger already tells.
 */
export async function up(knex: Knex): Promise<void> {
  // One function for every table whose rows name a user: it tells that user's sessions (insert, update, delete).
  await knex.raw(`
    create function notify_row_user_session_changed() returns trigger language plpgsql as $$
    begin
      -- tg_argv[0]: the column holding the user id
      perform pg_notify('session_changed', coalesce(to_jsonb(new), to_jsonb(old)) ->> tg_argv[0]);
      return null;
    end $$`);
  await knex.raw(`
    create trigger profiles_session_changed after insert on profiles
    for each row execute function notify_row_user_session_changed('user_id')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists profiles_session_changed on profiles');
  await knex.raw('drop function if exists notify_row_user_session_changed()');
}
