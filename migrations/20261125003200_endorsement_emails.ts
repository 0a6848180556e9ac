import type { Knex } from 'knex';

/**
 * Endorsements from verified colleagues (docs/decisions/endorsements.md; the table is 20261125000100_trust_and_security_tables):
 * - users.endorsement_emails: the owner's Account Settings → Notifications choice to be e-mailed when a colleague
 *   endorses one of their skills; on by default;
 * - an index to find what one profile's skills received, by status (the owner's review, the page's approved ones).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('endorsement_emails').notNullable().defaultTo(true);
  });
  await knex.schema.alterTable('skill_endorsements', (t) => {
    t.index(['skill_id', 'status'], 'skill_endorsements_skill_status_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('skill_endorsements', (t) => {
    t.dropIndex(['skill_id', 'status'], 'skill_endorsements_skill_status_index');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('endorsement_emails');
  });
}
