import type { Knex } from 'knex';

/**
 * A user's sessions carry the departments whose readiness roster they read, by name (the menu's Readiness links,
 * src/services/readiness/rosterLinks.ts). The change trigger already tells `user:<id>` of a verifier's row; an
 * officer's row gets the same trigger, and a department's rename tells the sessions of its officers and verifiers,
 * whoever writes (docs/decisions/department-readiness.md).
 */
const CHANNEL = 'turnout_changes';

const RENAMED = `
create function readiness_roster_department_renamed() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANNEL}', 'user:' || reader.user_id)
     from (select o.user_id, o.department_id from department_officers o
           union select v.user_id, v.department_id from department_verifiers v) reader
    where reader.department_id in (select d.id from new_departments d join old_departments o using (id)
                                    where d.name is distinct from o.name);
  return null;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create trigger department_officers_changed after insert or delete on department_officers
    for each row execute function turnout_change('verifier')`);
  await knex.raw(RENAMED);
  await knex.raw(`
    create trigger departments_roster_renamed after update on departments
    referencing old table as old_departments new table as new_departments
    for each statement execute function readiness_roster_department_renamed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists departments_roster_renamed on departments');
  await knex.raw('drop function if exists readiness_roster_department_renamed()');
  await knex.raw('drop trigger if exists department_officers_changed on department_officers');
}
