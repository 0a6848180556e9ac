import type { Knex } from 'knex';

/**
 * docs/decisions/import-and-json-resume.md: a certification's number as its issuer gives it (an NREMT registry
 * number, a Pro Board certificate number, an AHA eCard code), typed by the owner or imported from LinkedIn's
 * `License Number`; it builds the "check at source" and "Add to LinkedIn" links. The table already has the
 * change trigger.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile_certifications', (t) => {
    t.text('credential_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile_certifications', (t) => {
    t.dropColumn('credential_id');
  });
}
