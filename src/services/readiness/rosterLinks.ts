/**
 * The departments whose readiness roster a user reads — as its training officer or its verifier
 * (docs/decisions/department-readiness.md) — for the user menu's "Readiness" links. A session fact: read in the
 * session's one query (src/services/sessions.ts) and kept with it; the change trigger tells the user's sessions
 * when they gain or lose the role or the department is renamed (migrations/20261202030100_roster_links.ts).
 */
import type { Knex } from 'knex';
import { raw } from 'objection';
import { Department } from '../../models/Department';
import { DepartmentOfficer } from '../../models/Readiness';
import { User } from '../../models/User';

export interface RosterLink {
  id: number;
  name: string;
}

/** The user's roster departments by name, as one JSON column (`[]` for none) of a query naming the user's id `userColumn`. */
export const rosterLinksColumn = (userColumn: string) =>
  Department.query()
    .alias('rd')
    .where((roles) =>
      roles
        .whereExists(
          DepartmentOfficer.query()
            .alias('ro')
            .whereColumn('ro.department_id', 'rd.id')
            .whereColumn('ro.user_id', userColumn),
        )
        .orWhereExists((verifier) =>
          verifier
            .from('department_verifiers as rv')
            .whereRaw('rv.department_id = rd.id')
            .whereRaw('rv.user_id = ??', [userColumn]),
        ),
    )
    .select(raw("coalesce(json_agg(json_build_object('id', rd.id, 'name', rd.name) order by rd.name, rd.id), '[]')"))
    .as('rosterLinks');

/** The same for a user read without their session's facts (one query). */
export async function rosterLinksOf(userId: number, db?: Knex): Promise<RosterLink[]> {
  const row = (await User.query(db).findById(userId).select(rosterLinksColumn('users.id'))) as unknown as
    { rosterLinks: RosterLink[] } | undefined;
  return row?.rosterLinks ?? [];
}
