/** Whether two members are colleagues for endorsements (issue 23 §5): verified in at least one same department. */
import type { Knex } from 'knex';
import { verifiedDepartmentIds } from '../verification/verifiedMemberships';

/** The departments both users are verified in, ascending. */
export async function sharedVerifiedDepartments(userId: number, otherId: number, db?: Knex): Promise<number[]> {
  if (userId === otherId) return [];
  const [mine, theirs] = await Promise.all([verifiedDepartmentIds(userId, db), verifiedDepartmentIds(otherId, db)]);
  const other = new Set(theirs);
  return mine.filter((id) => other.has(id));
}
