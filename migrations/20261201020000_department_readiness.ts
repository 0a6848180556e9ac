import type { Knex } from 'knex';

/**
 * docs/decisions/department-readiness.md:
 * - readiness_consents: what a verified member shares with one department (`kinds`); withdrawing deletes the row,
 *   so nothing of theirs is read for the department from that moment.
 * - department_officers: the training officer role, per department (granted by a site admin or the department's
 *   verifier).
 * - position_requirements: a department's positions, each the catalogue credentials it needs.
 * - credential_attestations: an officer or verifier vouching for one shared certification or license, with the
 *   item's version at the time. Profile pages show the badge, so the one change trigger is attached (section `*`);
 *   a change to what was attested (name, issuer, dates) deletes the attestation in the same statement.
 */
const KINDS = "'certifications', 'licenses', 'trainingHours', 'readinessDates'";

const DROP_ON_CHANGE = `
create function readiness_attested_item_changed() returns trigger language plpgsql as $$
begin
  delete from credential_attestations a where a.list = tg_argv[0] and a.item_id = old.id;
  return new;
end $$`;

const ATTESTED_FIELDS: Record<string, string[]> = {
  profile_certifications: ['name', 'issuer', 'year', 'expires', 'expires_on'],
  profile_licenses: ['name', 'type', 'issued', 'expires'],
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('readiness_consents', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.specificType('kinds', 'text[]').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'department_id'], { indexName: 'readiness_consents_user_department_unique' });
    t.index(['department_id'], 'readiness_consents_department_index');
  });
  await knex.raw(
    `alter table readiness_consents add constraint readiness_consents_kinds check (cardinality(kinds) between 1 and 4 and kinds <@ array[${KINDS}])`,
  );
  await knex.schema.createTable('department_officers', (t) => {
    t.increments('id').primary();
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('granted_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['department_id', 'user_id'], { indexName: 'department_officers_department_user_unique' });
    t.index(['user_id'], 'department_officers_user_index');
  });
  await knex.schema.createTable('position_requirements', (t) => {
    t.increments('id').primary();
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.text('name').notNullable();
    t.specificType('credentials', 'text[]').notNullable();
    t.integer('created_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['department_id', 'name'], { indexName: 'position_requirements_department_name_unique' });
  });
  await knex.schema.createTable('credential_attestations', (t) => {
    t.increments('id').primary();
    t.text('list').notNullable();
    t.integer('item_id').notNullable();
    t.integer('profile_id').notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.integer('attested_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('item_version').notNullable();
    t.timestamp('attested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("list in ('certifications', 'licenses')", [], 'credential_attestations_list');
    t.unique(['list', 'item_id', 'department_id'], { indexName: 'credential_attestations_item_department_unique' });
    t.index(['profile_id'], 'credential_attestations_profile_index');
  });
  await knex.raw(`
    create trigger credential_attestations_changed after insert or update or delete on credential_attestations
    for each row execute function turnout_change('content', '*')`);
  await knex.raw(DROP_ON_CHANGE);
  for (const [table, fields] of Object.entries(ATTESTED_FIELDS)) {
    const list = table.replace('profile_', '');
    const changed = `(${fields.map((f) => `old.${f}`).join(', ')}) is distinct from (${fields.map((f) => `new.${f}`).join(', ')})`;
    await knex.raw(`
      create trigger ${table}_attested_changed before update on ${table}
      for each row when (${changed}) execute function readiness_attested_item_changed('${list}')`);
    await knex.raw(`
      create trigger ${table}_attested_deleted after delete on ${table}
      for each row execute function readiness_attested_item_changed('${list}')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(ATTESTED_FIELDS)) {
    await knex.raw(`drop trigger if exists ${table}_attested_changed on ${table}`);
    await knex.raw(`drop trigger if exists ${table}_attested_deleted on ${table}`);
  }
  await knex.raw('drop function if exists readiness_attested_item_changed()');
  await knex.schema.dropTable('credential_attestations');
  await knex.schema.dropTable('position_requirements');
  await knex.schema.dropTable('department_officers');
  await knex.schema.dropTable('readiness_consents');
}
