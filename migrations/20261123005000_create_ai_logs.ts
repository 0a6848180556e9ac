import type { Knex } from 'knex';

/**
 * Logs of AI-assisted interactions (spec 01 §3 "AI log"): one row per call to the model, successful or not.
 * input = {type, content, context}; output = {enhanced, description, confidence 0–1} (null when the call
 * failed, with `error` saying why); accepted is null until the user who asked answers, once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ai_logs', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').nullable().references('users.id').onDelete('SET NULL');
    t.text('type').notNullable();
    t.jsonb('input').notNullable();
    t.jsonb('output').nullable();
    t.double('confidence').nullable();
    t.text('error').nullable();
    t.text('model').nullable();
    t.integer('duration_ms').nullable();
    t.boolean('accepted').nullable();
    t.timestamp('timestamp', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('feedback_timestamp', { useTz: true }).nullable();
    t.check("type in ('enhancement', 'photo_analysis')", [], 'ai_logs_type_check');
    t.check('confidence is null or (confidence >= 0 and confidence <= 1)', [], 'ai_logs_confidence_check');
    t.check('(accepted is null) = (feedback_timestamp is null)', [], 'ai_logs_feedback_check');
  });
  // The admin tab pages newest first, per type and pending.
  await knex.raw('create index ai_logs_timestamp_idx on ai_logs (timestamp desc, id desc)');
  await knex.raw('create index ai_logs_type_timestamp_idx on ai_logs (type, timestamp desc, id desc)');
  await knex.raw('create index ai_logs_pending_idx on ai_logs (timestamp desc, id desc) where accepted is null');
  await knex.raw('create index ai_logs_user_idx on ai_logs (user_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ai_logs');
}
