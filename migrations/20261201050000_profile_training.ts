import type { Knex } from 'knex';

/**
 * Training hours (docs/decisions/training-hours.md): one more profile list, shaped as every list table
 * (migrations/20261123002000_create_profile_lists.ts) and with the change trigger every list table has
 * (migrations/20261129100000_one_change_channel.ts), feeding the page section `training`. Items are private
 * by default.
 */
const TABLE = 'profile_training';
/** The table and the page section it feeds, as LIST_SECTIONS of 20261129100000 names the first lists'. */
export const TRAINING_LIST_SECTION: Record<string, string> = { [TABLE]: 'training' };
const CATEGORIES = ['company', 'facility', 'officer', 'driver_operator', 'hazmat', 'new_driver', 'recruit'];
const VISIBILITY = ['public', 'authenticated', 'private'];
const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(TABLE, (t) => {
    t.increments('id').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('topic').notNullable();
    t.text('date').notNullable();
    t.text('category').notNullable();
    t.double('hours').notNullable();
    t.text('notes');
    t.boolean('show_on_main_profile').notNullable().defaultTo(true);
    t.text('visibility').notNullable().defaultTo('private');
    t.integer('version').notNullable().defaultTo(1);
    t.timestamps(true, true);
    t.check('position >= 0', [], `${TABLE}_position_check`);
    t.check('hours > 0 and hours <= 24', [], `${TABLE}_hours_check`);
    t.check(`category in (${quoted(CATEGORIES)})`, [], `${TABLE}_category_check`);
    t.check(`visibility in (${quoted(VISIBILITY)})`, [], `${TABLE}_visibility_check`);
    t.unique(['profile_id', 'position'], { indexName: `${TABLE}_profile_position_unique`, deferrable: 'immediate' });
  });
  await knex.raw(`
    create trigger ${TABLE}_changed after insert or update or delete on ${TABLE}
    for each row execute function turnout_change('content', '${TRAINING_LIST_SECTION[TABLE]}')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(TABLE);
}
