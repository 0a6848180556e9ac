import type { Knex } from 'knex';

/**
 * Sharing (docs/decisions/insights.md):
 * - `profiles.resume_sections`: the résumé sections the owner chose (a JSON list of keys; null = all of them);
 * - `profile_insights`: counts per profile, UTC day, metric and key (a referrer's domain; '' otherwise),
 *   added to in batches by the view counter (src/services/insights). Keyed by the profile id, so a username
 *   change keeps the history. No address, user agent or hash is ever stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.jsonb('resume_sections').nullable();
  });
  await knex.schema.createTable('profile_insights', (t) => {
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.text('metric').notNullable();
    t.text('key').notNullable().defaultTo('');
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['profile_id', 'day', 'metric', 'key']);
  });
  await knex.raw(
    "alter table profile_insights add constraint profile_insights_metric_check check (metric in ('view', 'visitor', 'qr', 'vcard', 'pdf', 'referrer'))",
  );
  await knex.raw('alter table profile_insights add constraint profile_insights_count_check check (count >= 0)');
  await knex.raw('alter table profile_insights add constraint profile_insights_key_length check (length(key) <= 253)');
  // The admin dashboard's site totals read a period across every profile.
  await knex.raw('create index profile_insights_day_metric on profile_insights (day, metric)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_insights');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('resume_sections');
  });
}
