/** Test data for verified membership (issue 23 §4): a user linked to a department with an approved verification. */
import { Model } from 'objection';

export async function verifyMember(userId: number, departmentId: number): Promise<void> {
  const knex = Model.knex();
  await knex('user_departments')
    .insert({ user_id: userId, department_id: departmentId, is_primary: false })
    .onConflict(['user_id', 'department_id'])
    .ignore();
  await knex('membership_verifications').insert({
    user_id: userId,
    department_id: departmentId,
    status: 'approved',
    decided_at: new Date(),
  });
}

/** Two official departments' ids, for a colleague and an outsider. */
export async function twoDepartments(): Promise<[number, number]> {
  const ids = (await Model.knex()('departments').orderBy('id').limit(2).pluck('id')) as number[];
  return [ids[0]!, ids[1]!];
}
