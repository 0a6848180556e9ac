import type { Knex } from 'knex';

/**
 * The guided start's dismissal (docs/decisions/guided-start.md): when the owner closed the checklist a new
 * profile shows them. Null: not dismissed (it still shows until every step is done).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.timestamp('guided_start_dismissed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('guided_start_dismissed_at');
  });
}
