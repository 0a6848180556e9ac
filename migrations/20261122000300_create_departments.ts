import type { Knex } from 'knex';

/**
 * Fire departments (the official USFA registry plus departments users add) and each user's links to them.
 * Search runs over "name city" with pg_trgm (GIN). 20261122000310 moves the index from this expression onto
 * a stored, lower-cased search_text column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');

  await knex.schema.createTable('departments', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('city').notNullable();
    t.text('state').notNullable();
    t.text('county').nullable();
    t.text('country').notNullable().defaultTo('US');
    t.text('address').nullable();
    t.text('address2').nullable();
    t.text('zip_code').nullable();
    t.text('source').notNullable().defaultTo('official');
    t.text('verification_status').notNullable().defaultTo('verified');
    /** The National Fire Department Registry's id; unique within a state. Null for user-added departments. */
    t.text('fdid').nullable();
    t.integer('created_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.check("source in ('official', 'user_added')", [], 'departments_source_check');
    t.check("verification_status in ('pending', 'verified', 'rejected')", [], 'departments_verification_status_check');
    t.index(['created_by'], 'departments_created_by_index');
  });
  await knex.raw(
    'create unique index departments_fdid_state_unique on departments (fdid, state) where fdid is not null',
  );
  await knex.raw("create index departments_search_trgm on departments using gin ((name || ' ' || city) gin_trgm_ops)");
  // The admin's pending queue.
  await knex.raw(
    "create index departments_pending_index on departments (created_at) where verification_status = 'pending'",
  );

  await knex.schema.createTable('user_departments', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('department_id').notNullable().references('departments.id').onDelete('CASCADE');
    t.boolean('is_primary').notNullable().defaultTo(false);
    t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'department_id'], { indexName: 'user_departments_user_department_unique' });
    t.index(['department_id'], 'user_departments_department_index');
  });
  // At most one primary department per user, enforced by the database.
  await knex.raw('create unique index user_departments_one_primary on user_departments (user_id) where is_primary');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_departments');
  await knex.schema.dropTable('departments');
}
