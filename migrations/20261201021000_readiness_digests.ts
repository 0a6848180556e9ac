import type { Knex } from 'knex';

/**
 * docs/decisions/department-readiness.md: the weekly readiness digest to training officers. One row per officer
 * and week (unique), inserted in the transaction that sends the mail, after locking the officer's row: two workers
 * never send it twice, and a refused send rolls the claim back for the next run.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('readiness_digests', (t) => {
    t.increments('id').primary();
    t.integer('officer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.date('week_start').notNullable();
    t.integer('member_count').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['officer_id', 'week_start'], { indexName: 'readiness_digests_officer_week_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('readiness_digests');
}
