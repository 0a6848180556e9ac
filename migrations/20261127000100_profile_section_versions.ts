import type { Knex } from 'knex';

/**
 * `profiles.section_versions`: for each part of the profile page's read sections, the profile `version` at which
 * it last changed — a list's key (its items, their visibility and their photo links), `photos` (the gallery, and
 * so every list that shows linked photos) and `*` (anything else that could change every section). touchProfile
 * (src/services/profiles.ts) sets them in the same update that bumps `version`. Kept sections are named by them
 * (src/pageCache/profilePages.ts `sectionStamps`), so a write to one list renders that list's section again and
 * leaves the others kept. An empty object — every profile before this — names every section by version 0, which
 * is right: nothing kept in memory outlives the process that runs this migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.jsonb('section_versions').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('section_versions');
  });
}
