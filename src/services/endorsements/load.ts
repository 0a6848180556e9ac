/**
 * The colleagues' endorsements of a profile's skills as a page or document shows them (docs/decisions/endorsements.md), in one
 * query for every skill the viewer may see (the skills' visibility scope, then skillEndorsementPolicy's scope:
 * the owner and admins get every status — pending ones to decide, hidden ones to show again — everyone else only
 * approved ones):
 * - endorsers who are deactivated are left out (deleted ones are gone by cascade), so they leave the count
 *   and the list at once;
 * - with each, only the endorser's public information: their live profile's name, rank and page (or, without a
 *   live profile, their account name alone), and the department they are verified in alongside the owner.
 */
import type { Knex } from 'knex';
import { Department } from '../../models/Department';
import { MembershipVerification } from '../../models/MembershipVerification';
import type { ListItem } from '../../models/ListItem';
import type { Profile } from '../../models/Profile';
import { SkillEndorsement } from '../../models/SkillEndorsement';
import { isAdmin, scopeVisibility, skillEndorsementPolicy, visibilitiesFor, type Viewer } from '../../policies';
import { builtOnce } from '../../db/builtOnce';
import type { EndorsementStatus } from '../../validation/endorsements';
import { skills } from '../../validation/lists/skills';
import type { ProfileStatus } from '../../validation/profiles';
import { whereVerified } from '../verification/verifiedMemberships';

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
  /** Their live profile's headshot: the storage key of its public photo, if any. */
  endorserImageKey: string | null;
  department: string | null;
}

/** A skill with its colleagues' endorsements attached (loadProfileContent). */
export type EndorsedItem = ListItem & { colleagueEndorsements?: EndorsementRow[] };

/** What the query reads beside the endorsement: its endorser's account and profile, and the shared department. */
interface ReadEndorsement extends Pick<EndorsementRow, 'id' | 'skillId' | 'endorserId' | 'comment' | 'status'> {
  createdAt: Date;
  accountName: string;
  endorserProfileId: number | null;
  endorserProfileStatus: ProfileStatus | null;
  endorserProfileName: string | null;
  endorserProfileRank: string | null;
  endorserImageKey: string | null;
  department: string | null;
}

const SKILLS_TABLE = skills.table;

/** The first department (by name) in which both the endorser (of the outer row) and the owner are verified. */
const sharedDepartment = (ownerId: number) =>
  Department.query()
    .select('departments.name')
    .join('membershipVerifications as endorserMv', 'endorserMv.departmentId', 'departments.id')
    .whereColumn('endorserMv.userId', 'skillEndorsements.endorserId')
    .modify(whereVerified, 'endorserMv')
    .whereExists(
      MembershipVerification.query()
        .alias('ownerMv')
        .where('ownerMv.userId', ownerId)
        .whereColumn('ownerMv.departmentId', 'endorserMv.departmentId')
        .modify(whereVerified, 'ownerMv'),
    )
    .orderBy(['departments.name', 'departments.id'])
    .limit(1);

/** The statement, once per viewer class (admin, member, visitor) and set of skill visibilities they may see. */
const readEndorsements = builtOnce();

const viewerShape = (viewer: Viewer | null) => (isAdmin(viewer) ? 'admin' : viewer ? 'member' : 'visitor');

export async function loadSkillEndorsements(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
  db: Knex = SkillEndorsement.knex(),
): Promise<EndorsementRow[]> {
  const shape = `${viewerShape(viewer)}:${visibilitiesFor(viewer, profile.userId).join()}`;
  // The visibilities are worked out for the real viewer and owner (the shape names them); ids are stand-ins.
  const member = viewer && shape.startsWith('member') ? [viewer.id] : []; // the policy's scope names only a member
  const build = (profileId: number, ownerId: number, viewerId = 0) =>
    SkillEndorsement.query(db)
      .select(
        'skillEndorsements.id',
        'skillEndorsements.skillId',
        'skillEndorsements.endorserId',
        'skillEndorsements.comment',
        'skillEndorsements.status',
        'skillEndorsements.createdAt',
        'users.name as accountName',
        'endorserProfiles.id as endorserProfileId',
        'endorserProfiles.profileStatus as endorserProfileStatus',
        'endorserProfiles.name as endorserProfileName',
        'endorserProfiles.rank as endorserProfileRank',
        'endorserImage.storageKey as endorserImageKey',
        sharedDepartment(ownerId).as('department'),
      )
      .join(SKILLS_TABLE, `${SKILLS_TABLE}.id`, 'skillEndorsements.skillId')
      .join('profiles', 'profiles.id', `${SKILLS_TABLE}.profileId`)
      .join('users', 'users.id', 'skillEndorsements.endorserId')
      .leftJoin('profiles as endorserProfiles', 'endorserProfiles.userId', 'skillEndorsements.endorserId')
      // Their headshot: the profile image link, always a public photo (src/services/photos/links.ts).
      .leftJoin('photoLinks as endorserImageLink', (join) =>
        join.on('endorserImageLink.profileId', 'endorserProfiles.id').andOnVal('endorserImageLink.target', 'profile'),
      )
      .leftJoin('photos as endorserImage', (join) =>
        join.on('endorserImage.id', 'endorserImageLink.photoId').andOnVal('endorserImage.visibility', 'public'),
      )
      .where('profiles.id', profileId)
      .where('users.isActive', true)
      .modify(scopeVisibility, viewer, profile.userId, `${SKILLS_TABLE}.visibility`)
      .modify(skillEndorsementPolicy.scope, viewer && { ...viewer, id: viewerId })
      .orderBy(['skillEndorsements.createdAt', 'skillEndorsements.id']);
  const rows = await readEndorsements<ReadEndorsement>(db, shape, [profile.id, profile.userId, ...member], build);
  return rows.map(({ accountName, endorserProfileStatus, endorserProfileName, endorserProfileRank, ...row }) => {
    const live = endorserProfileStatus === 'live';
    return {
      ...row,
      endorserName: live ? endorserProfileName! : accountName,
      endorserRank: (live && endorserProfileRank) || null,
      endorserProfileId: live ? row.endorserProfileId : null,
      endorserImageKey: live ? row.endorserImageKey : null,
    };
  });
}

/** Each skill the viewer sees gets its colleagues' endorsements that the viewer may see (`colleagueEndorsements`). */
export async function attachColleagueEndorsements(
  viewer: Viewer | null,
  profile: Pick<Profile, 'id' | 'userId'>,
  skillItems: ListItem[],
  db?: Knex,
): Promise<void> {
  const rows = await loadSkillEndorsements(viewer, profile, db);
  for (const skill of skillItems as EndorsedItem[]) {
    skill.colleagueEndorsements = rows.filter((row) => row.skillId === skill.id);
  }
}
