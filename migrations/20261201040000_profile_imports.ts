import type { Knex } from 'knex';

/**
 * docs/decisions/import-and-json-resume.md: an uploaded LinkedIn export or JSON Resume file, parsed and mapped,
 * kept for its owner's preview (the rows and what each would become) until they add the rows they ticked or it
 * grows old. The posted form names rows by key only; what is added is read from here, never from the post.
 * No kept page shows it: no change trigger.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_imports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('profile_id').notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.text('source').notNullable();
    t.text('file_name');
    t.jsonb('rows').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id'], 'profile_imports_user_index');
    t.index(['profile_id'], 'profile_imports_profile_index');
    t.check("source in ('linkedin', 'json-resume')", [], 'profile_imports_source');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profile_imports');
}
