import type { Knex } from 'knex';

/**
 * Profiles (spec 02 §3): one per user. `version` grows with every write to the profile or anything shown on
 * it; rendered pages are cached by it, so several app nodes never serve a page older than the last write.
 * `username_redirects` keeps a member's old custom URLs working until someone else claims the name.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profiles', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('rank').notNullable();
    t.text('title');
    t.text('badge_number');
    t.integer('department_id').references('departments.id').onDelete('SET NULL');
    /** The department's name when it was picked; kept if the department row goes away. */
    t.text('department').notNullable();
    t.text('motto');
    t.text('personal_statement');
    t.text('current_status');
    t.text('phone');
    t.text('email');
    for (const social of ['website', 'linkedin', 'twitter', 'instagram', 'facebook', 'tiktok', 'bluesky'])
      t.text(social);
    t.text('role');
    t.text('profile_image');
    t.text('profile_status').notNullable().defaultTo('draft');
    t.text('default_visibility').notNullable().defaultTo('public');
    t.text('phone_visibility').notNullable().defaultTo('public');
    t.text('email_visibility').notNullable().defaultTo('public');
    t.jsonb('hidden_widgets').notNullable().defaultTo('[]');
    t.bigInteger('version').notNullable().defaultTo(1);
    t.timestamps(true, true);
    t.unique(['user_id'], { indexName: 'profiles_user_unique' });
    t.index(['department_id'], 'profiles_department_index');
    t.check("profile_status in ('draft', 'live')", [], 'profiles_status_check');
    for (const column of ['default_visibility', 'phone_visibility', 'email_visibility']) {
      t.check(`${column} in ('public', 'authenticated', 'private')`, [], `profiles_${column}_check`);
    }
    t.check('char_length(personal_statement) <= 500', [], 'profiles_personal_statement_length');
    t.check("jsonb_typeof(hidden_widgets) = 'array'", [], 'profiles_hidden_widgets_array');
  });

  await knex.schema.createTable('username_redirects', (t) => {
    /** Lower-cased old username. */
    t.text('username').primary();
    t.integer('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['profile_id'], 'username_redirects_profile_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('username_redirects');
  await knex.schema.dropTable('profiles');
}
