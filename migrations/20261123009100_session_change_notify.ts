import type { Knex } from 'knex';

/**
 * Every change to a user or to a session tells the other app nodes through Postgres (channel `session_changed`,
 * payload: the user id), delivered at commit: the nodes' session caches (src/services/sessionCache.ts) drop what
 * they kept of that user. A trigger rather than a call in each service, so no write — a service, a cascade from
 * a deleted user, an operator's SQL — can leave a node answering with a revoked session or an old role.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function notify_session_changed() returns trigger language plpgsql as $$
    begin
      -- tg_argv[0]: the column holding the user id (users.id, sessions.user_id)
      perform pg_notify('session_changed', to_jsonb(old) ->> tg_argv[0]);
      return null;
    end $$`);
  await knex.raw(`
    create trigger users_session_changed after update or delete on users
    for each row execute function notify_session_changed('id')`);
  await knex.raw(`
    create trigger sessions_session_changed after update or delete on sessions
    for each row execute function notify_session_changed('user_id')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists sessions_session_changed on sessions');
  await knex.raw('drop trigger if exists users_session_changed on users');
  await knex.raw('drop function if exists notify_session_changed()');
}
