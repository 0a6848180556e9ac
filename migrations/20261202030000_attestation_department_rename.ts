import type { Knex } from 'knex';

/**
 * An attestation's badge names its department ("Attested by {department}", docs/decisions/department-readiness.md).
 * The change trigger's department update (migrations/20261129100000_one_change_channel.ts) bumps the profiles
 * whose own department or approved membership names a renamed department; a badge outlives both (a member who
 * left, a profile naming another department), so a rename also bumps every profile holding one of its
 * attestations. The profile's own trigger then tells every node, whoever renamed it.
 */
const FUNCTION = `
create function readiness_attesting_department_renamed() returns trigger language plpgsql as $$
begin
  update profiles set version = version + 1, updated_at = now(),
         section_versions = section_versions || jsonb_build_object('*', version + 1)
   where id in (select a.profile_id from credential_attestations a
                 where a.department_id in (select d.id from new_departments d join old_departments o using (id)
                                            where d.name is distinct from o.name));
  return null;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(FUNCTION);
  await knex.raw(`
    create trigger departments_attesting_renamed after update on departments
    referencing old table as old_departments new table as new_departments
    for each statement execute function readiness_attesting_department_renamed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists departments_attesting_renamed on departments');
  await knex.raw('drop function if exists readiness_attesting_department_renamed()');
}
