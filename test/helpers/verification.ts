/** Test data for verified membership (docs/decisions/verified-membership.md): a user linked to a department with an approved verification. */
import { Model } from 'objection';
import { inTransaction } from '../../src/db/transaction';

/**
 * Links the user and records an approved verification in one transaction. The trigger on both tables tells the
 * user's sessions (`user:<id>` on `turnout_changes`); in one transaction Postgres folds those identical
 * notifications into one, so a node that waits to hear of the change hears all of it at once. Two separate
 * statements sent two, and a test that waited for the first could see the second evict a session it had just
 * re-read.
 */
export async function verifyMember(userId: number, departmentId: number): Promise<void> {
  await inTransaction(Model.knex(), async (trx) => {
    await trx('user_departments')
      .insert({ user_id: userId, department_id: departmentId, is_primary: false })
      .onConflict(['user_id', 'department_id'])
      .ignore();
    await trx('membership_verifications').insert({
      user_id: userId,
      department_id: departmentId,
      status: 'approved',
      decided_at: new Date(),
    });
  });
}

/** Two official departments' ids, for a colleague and an outsider. */
export async function twoDepartments(): Promise<[number, number]> {
  const ids = (await Model.knex()('departments').orderBy('id').limit(2).pluck('id')) as number[];
  return [ids[0]!, ids[1]!];
}
