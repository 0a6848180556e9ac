import type { Knex } from 'knex';

/**
 * A session carries the departments its user is verified in (src/services/sessions.ts: approved and still
 * linked) and whether they verify a department, so a verification decision, a revocation, a department link added
 * or removed and a verifier role granted or taken are changes to what that user's sessions carry: every node's session cache hears of it on `session_changed`, as it does for
 * `users` and `sessions` (migrations/20261123009100_session_change_notify.ts).
 */
export async function up(knex: Knex): Promise<void> {
  // notify_row_user_session_changed(column): created with the profiles trigger (20261125000200).
  await knex.raw(`
    create trigger membership_verifications_session_changed after insert or update or delete on membership_verifications
    for each row execute function notify_row_user_session_changed('user_id')`);
  await knex.raw(`
    create trigger user_departments_session_changed after insert or delete on user_departments
    for each row execute function notify_row_user_session_changed('user_id')`);
  await knex.raw(`
    create trigger department_verifiers_session_changed after insert or delete on department_verifiers
    for each row execute function notify_row_user_session_changed('user_id')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists department_verifiers_session_changed on department_verifiers');
  await knex.raw('drop trigger if exists user_departments_session_changed on user_departments');
  await knex.raw('drop trigger if exists membership_verifications_session_changed on membership_verifications');
}
