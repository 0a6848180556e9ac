import type { Knex } from 'knex';

/**
 * What each node keeps of departments (src/services/departments/departmentReads.ts: search answers, and each
 * user's department links with their verification state) is told of every change through Postgres, channel
 * `departments_changed`, at commit, whoever made it (a service, a cascade, an operator's SQL):
 * - any write to `departments` (a user-added department, an admin's rename or verification, a registry import):
 *   payload `*`, once per statement (an import of thousands of rows sends one), and Postgres folds identical
 *   payloads of one transaction into one;
 * - a user's links (`user_departments`: added, removed, made primary, listed) or verification requests
 *   (`membership_verifications`): payload `u` and the user id.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function notify_departments_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('departments_changed', '*');
      return null;
    end $$`);
  await knex.raw(`
    create trigger departments_changed after insert or update or delete or truncate on departments
    for each statement execute function notify_departments_changed()`);
  await knex.raw(`
    create function notify_row_user_departments_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('departments_changed', 'u' || (coalesce(to_jsonb(new), to_jsonb(old)) ->> 'user_id'));
      return null;
    end $$`);
  for (const table of ['user_departments', 'membership_verifications']) {
    await knex.raw(`
      create trigger ${table}_departments_changed after insert or update or delete on ${table}
      for each row execute function notify_row_user_departments_changed()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['user_departments', 'membership_verifications']) {
    await knex.raw(`drop trigger if exists ${table}_departments_changed on ${table}`);
  }
  await knex.raw('drop function if exists notify_row_user_departments_changed()');
  await knex.raw('drop trigger if exists departments_changed on departments');
  await knex.raw('drop function if exists notify_departments_changed()');
}
