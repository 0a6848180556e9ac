import type { Knex } from 'knex';

/**
 * The tables that verified membership and department pages (docs/decisions/verified-membership.md), endorsements
 * (docs/decisions/endorsements.md) and security events (docs/decisions/security-events.md) share, created once so
 * each feature builds on the same rows.
 * - department_verifiers: a user a site admin made verifier for one department (the role is per department).
 * - membership_verifications: a member's request to be verified in a department and its decision. Rows are
 *   history: a declined or revoked request stays; at most one pending and one approved row per member and
 *   department (partial unique indexes), so a race between two requests answers 409. The row keys on the user
 *   and the department, not on the user_departments link, so removing the link keeps past verifications.
 * - user_departments.listed: whether a verified member chooses to appear on the department's page (off by default).
 * - skill_endorsements: a verified colleague's endorsement of one skill (one per endorser per skill); pending until
 *   the owner approves, hidden when the owner hides it later.
 * - security_events: what happened to an account's sign-in (enrol, disable, recovery code used, passkey added or
 *   removed, export requested, …), with a small JSON detail that never holds a secret.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('department_verifiers', (t) => {
    t.increments('id').primary();
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('granted_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('granted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['department_id', 'user_id'], { indexName: 'department_verifiers_department_user_unique' });
    t.index(['user_id'], 'department_verifiers_user_index');
  });

  await knex.schema.createTable('membership_verifications', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('department_id').notNullable().references('id').inTable('departments').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('decided_at', { useTz: true });
    t.integer('decided_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('reason');
    t.check("status in ('pending', 'approved', 'declined', 'revoked')", [], 'membership_verifications_status');
    t.index(['department_id', 'status'], 'membership_verifications_department_status_index');
  });
  await knex.raw(
    "create unique index membership_verifications_one_pending on membership_verifications (user_id, department_id) where status = 'pending'",
  );
  await knex.raw(
    "create unique index membership_verifications_one_approved on membership_verifications (user_id, department_id) where status = 'approved'",
  );

  await knex.schema.alterTable('user_departments', (t) => {
    t.boolean('listed').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('skill_endorsements', (t) => {
    t.increments('id').primary();
    t.integer('skill_id').notNullable().references('id').inTable('profile_skills').onDelete('CASCADE');
    t.integer('endorser_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('comment');
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('decided_at', { useTz: true });
    t.check("status in ('pending', 'approved', 'hidden')", [], 'skill_endorsements_status');
    t.check('comment is null or char_length(comment) <= 280', [], 'skill_endorsements_comment_length');
    t.unique(['skill_id', 'endorser_id'], { indexName: 'skill_endorsements_skill_endorser_unique' });
    t.index(['endorser_id'], 'skill_endorsements_endorser_index');
  });

  await knex.schema.createTable('security_events', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.jsonb('detail').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index security_events_user_recent on security_events (user_id, created_at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('security_events');
  await knex.schema.dropTable('skill_endorsements');
  await knex.schema.alterTable('user_departments', (t) => t.dropColumn('listed'));
  await knex.schema.dropTable('membership_verifications');
  await knex.schema.dropTable('department_verifiers');
}
