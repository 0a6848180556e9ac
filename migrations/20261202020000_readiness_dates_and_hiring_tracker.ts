import type { Knex } from 'knex';

/**
 * Private readiness dates (docs/decisions/readiness-dates.md) and the hiring tracker
 * (docs/decisions/hiring-tracker.md): two more profile lists, shaped as every list table
 * (migrations/20261123002000_create_profile_lists.ts) with the change trigger of every list table. Their items
 * are only ever private (a CHECK, besides the schema). Their windows join the expiry reminders, so a reminder
 * delivery may name them.
 */
const READINESS = 'profile_readiness_dates';
const TRACKER = 'profile_hiring_tracker';
/** The tables and the page sections they feed, as LIST_SECTIONS of 20261129100000 names the first lists'. */
export const TRACKER_LIST_SECTIONS: Record<string, string> = {
  [READINESS]: 'readinessDates',
  [TRACKER]: 'hiringTracker',
};
const KINDS = ['fit_test', 'cleared_for_duty', 'immunization', 'cpat'];
const TESTS = ['cpat', 'ntn', 'pst', 'written', 'oral', 'agility', 'eligibility_list'];
const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(', ');
const ISO_DAY = "'^[0-9]{4}-[0-9]{2}-[0-9]{2}$'";

function listColumns(table: string, t: Knex.CreateTableBuilder) {
  t.increments('id').primary();
  t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
  t.integer('position').notNullable();
  t.boolean('show_on_main_profile').notNullable().defaultTo(true);
  t.text('visibility').notNullable().defaultTo('private');
  t.integer('version').notNullable().defaultTo(1);
  t.timestamps(true, true);
  t.check('position >= 0', [], `${table}_position_check`);
  t.check("visibility = 'private'", [], `${table}_visibility_check`);
  t.unique(['profile_id', 'position'], { indexName: `${table}_profile_position_unique`, deferrable: 'immediate' });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(READINESS, (t) => {
    listColumns(READINESS, t);
    t.text('kind').notNullable();
    t.text('date').notNullable();
    t.text('name');
    t.text('valid_until');
    t.check(`kind in (${quoted(KINDS)})`, [], `${READINESS}_kind_check`);
    t.check(`date ~ ${ISO_DAY}`, [], `${READINESS}_date_check`);
    t.check(`valid_until is null or valid_until ~ ${ISO_DAY}`, [], `${READINESS}_valid_until_check`);
  });
  await knex.schema.createTable(TRACKER, (t) => {
    listColumns(TRACKER, t);
    t.text('test').notNullable();
    t.text('department');
    t.text('taken_on').notNullable();
    t.text('valid_until');
    t.integer('rank');
    t.text('notes');
    t.check(`test in (${quoted(TESTS)})`, [], `${TRACKER}_test_check`);
    t.check(`taken_on ~ ${ISO_DAY}`, [], `${TRACKER}_taken_on_check`);
    t.check(`valid_until is null or valid_until ~ ${ISO_DAY}`, [], `${TRACKER}_valid_until_check`);
    t.check('rank is null or rank between 1 and 100000', [], `${TRACKER}_rank_check`);
  });
  for (const table of [READINESS, TRACKER])
    await knex.raw(`
      create trigger ${table}_changed after insert or update or delete on ${table}
      for each row execute function turnout_change('content', '${TRACKER_LIST_SECTIONS[table]}')`);
  await knex.raw('alter table reminder_deliveries drop constraint reminder_deliveries_list');
  await knex.raw(
    "alter table reminder_deliveries add constraint reminder_deliveries_list check (list in ('certifications', 'licenses', 'readinessDates', 'hiringTracker'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('reminder_deliveries').whereIn('list', ['readinessDates', 'hiringTracker']).delete();
  await knex.raw('alter table reminder_deliveries drop constraint reminder_deliveries_list');
  await knex.raw(
    "alter table reminder_deliveries add constraint reminder_deliveries_list check (list in ('certifications', 'licenses'))",
  );
  await knex.schema.dropTable(TRACKER);
  await knex.schema.dropTable(READINESS);
}
