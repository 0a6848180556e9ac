/**
 * The colleagues' endorsements of a profile's skills as a page or document shows them (docs/decisions/endorsements.md), in one
 * statement for every skill the viewer may see:
 * - endorsers who are deactivated are left out (deleted ones are gone by cascade), so they leave the count
 *   and the list at once;
 * - the owner and admins get every status (pending ones to decide, hidden ones to show again); everyone else
 *   only approved ones;
 * - with each, only the endorser's public information: their live profile's name, rank and page (or, without a
 *   live profile, their account name alone), and the department they are verified in alongside the owner.
 */
import type { Knex } from 'knex';
import type { ListItem } from '../../models/ListItem';
import { Model } from 'objection';
import { isOwnerOrAdmin, type Viewer } from '../../policies/viewer';
import type { EndorsementStatus } from '../../validation/endorsements';
import { VERIFIED_MEMBERSHIP_SQL } from '../verification/verifiedMemberships';

export interface EndorsementRow {
  id: number;
  skillId: number;
  endorserId: number;
  comment: string | null;
  status: EndorsementStatus;
  createdAt: Date;
  endorserName: string;
  endorserRank: string | null;
  /** The endorser's live profile, if any. */
  endorserProfileId: number | null;
  department: string | null;
}

/** A skill with its colleagues' endorsements attached (loadProfileContent). */
export type EndorsedItem = ListItem & { colleagueEndorsements?: EndorsementRow[] };

const VERIFIED_OWNER = VERIFIED_MEMBERSHIP_SQL.replaceAll('mv.', 'owner_mv.');

export async function loadSkillEndorsements(
  viewer: Viewer | null,
  owner: { userId: number },
  skillIds: number[],
  db?: Knex,
): Promise<EndorsementRow[]> {
  // Asked even for no skills: a profile's reads cost the same whatever it holds (test/integration/profile-document).
  const knex = db ?? Model.knex();
  const everyStatus = isOwnerOrAdmin(viewer, owner.userId);
  const { rows } = (await knex.raw(
    `select se.id, se.skill_id, se.endorser_id, se.comment, se.status, se.created_at,
            case when p.profile_status = 'live' then p.name else u.name end as endorser_name,
            case when p.profile_status = 'live' then p.rank end as endorser_rank,
            case when p.profile_status = 'live' then p.id end as endorser_profile_id,
            (select d.name
               from membership_verifications mv
               join departments d on d.id = mv.department_id
              where mv.user_id = se.endorser_id and ${VERIFIED_MEMBERSHIP_SQL}
                and exists (select 1 from membership_verifications owner_mv
                             where owner_mv.user_id = ? and owner_mv.department_id = mv.department_id
                               and ${VERIFIED_OWNER})
              order by d.name, d.id limit 1) as department
       from skill_endorsements se
       join users u on u.id = se.endorser_id and u.is_active
       left join profiles p on p.user_id = se.endorser_id
      where se.skill_id = any(?::int[]) ${everyStatus ? '' : "and se.status = 'approved'"}
      order by se.created_at, se.id`,
    [owner.userId, skillIds],
  )) as {
    rows: Array<{
      id: number;
      skill_id: number;
      endorser_id: number;
      comment: string | null;
      status: EndorsementStatus;
      created_at: Date;
      endorser_name: string;
      endorser_rank: string | null;
      endorser_profile_id: number | null;
      department: string | null;
    }>;
  };
  return rows.map((row) => ({
    id: row.id,
    skillId: row.skill_id,
    endorserId: row.endorser_id,
    comment: row.comment,
    status: row.status,
    createdAt: row.created_at,
    endorserName: row.endorser_name,
    endorserRank: row.endorser_rank || null,
    endorserProfileId: row.endorser_profile_id,
    department: row.department,
  }));
}

/** Each skill the viewer sees gets its colleagues' endorsements that the viewer may see (`colleagueEndorsements`). */
export async function attachColleagueEndorsements(
  viewer: Viewer | null,
  owner: { userId: number },
  skills: ListItem[],
  db?: Knex,
): Promise<void> {
  const rows = await loadSkillEndorsements(
    viewer,
    owner,
    skills.map((skill) => skill.id),
    db,
  );
  for (const skill of skills as EndorsedItem[]) {
    skill.colleagueEndorsements = rows.filter((row) => row.skillId === skill.id);
  }
}
