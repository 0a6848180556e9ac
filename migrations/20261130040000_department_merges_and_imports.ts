import type { Knex } from 'knex';

/**
 * docs/decisions/pending-departments.md:
 * - department_merges: a department an administrator merged into another (its links, verifications, verifiers
 *   and profiles moved to the kept one and the row removed); its old page redirects to the kept department's.
 *   A later merge of the kept department carries the earlier ones along (kept_id is updated), so a redirect is
 *   always one step.
 * - department_imports: an upload of the registry CSV on the admin dashboard, with its progress (rows done of
 *   the total) and, when finished, the import's counts or its failure, read by the progress bar.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('department_merges', (t) => {
    t.integer('removed_id').primary();
    t.integer('kept_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.text('removed_name').notNullable();
    t.integer('merged_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('merged_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['kept_id'], 'department_merges_kept_index');
  });
  await knex.schema.createTable('department_imports', (t) => {
    t.increments('id').primary();
    t.text('status').notNullable().defaultTo('running');
    t.text('file_name');
    t.integer('total_rows').notNullable().defaultTo(0);
    t.integer('done_rows').notNullable().defaultTo(0);
    t.integer('added');
    t.integer('updated');
    t.integer('unchanged');
    t.integer('skipped');
    t.text('error');
    t.integer('started_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.check("status in ('running', 'done', 'failed')", [], 'department_imports_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('department_imports');
  await knex.schema.dropTable('department_merges');
}
