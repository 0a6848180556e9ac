/**
 * Endorsing a colleague's skill, and the owner's decision on it (docs/decisions/endorsements.md). Invariants:
 * - an endorsement is made by the acting member, of a skill on a profile they may read, that they may see
 *   (otherwise the skill does not exist for them: 404), and only when skillEndorsementPolicy allows it — both
 *   verified in one department, never one's own skill (403 with the reason);
 * - one per endorser and skill: the unique index answers a second one (409, src/db/constraints.ts);
 * - it starts pending; the owner (or an admin) approves it, or hides it, at any time after;
 * - every write bumps the profile's version (the database's trigger, docs/architecture.md, Kept pages), so no
 *   kept page shows an endorsement a moment longer than it should — or misses one;
 * - the owner is e-mailed about a new one once it is stored (afterCommit), unless their endorsement e-mails are
 *   off (Account Settings → Notifications) or their account is deactivated.
 */
import type { Knex } from 'knex';
import { afterCommit } from '../../db/transaction';
import { NotFoundError } from '../../errors';
import { Department } from '../../models/Department';
import { listItemModel } from '../../models/ListItem';
import { Profile } from '../../models/Profile';
import { SkillEndorsement } from '../../models/SkillEndorsement';
import { User } from '../../models/User';
import { authorize, canReadProfile, canSee } from '../../policies';
import { endorsementCandidate, skillEndorsementPolicy } from '../../policies/endorsements';
import type { Viewer } from '../../policies/viewer';
import { ENDORSEMENT_MESSAGES, type EndorsementDecision } from '../../validation/endorsements';
import { LISTS } from '../../validation/lists';
import type { Visibility } from '../../validation/visibility';
import type { Mailer } from '../mail';
import { sharedVerifiedDepartments } from './colleagues';
import { readTogether } from '../../db/readTogether';

export interface EndorsementMailDeps {
  mailer: Mailer;
  baseUrl: string;
  productName: string;
}

/** A skill as the endorse form and e-mail show it. */
type Skill = { id: number; profileId: number; visibility: Visibility; name: string };

const SKILLS = LISTS.find((list) => list.key === 'skills')!;

/** The skill on this profile as the viewer may see it, with its profile; 404 for anything they may not. */
export async function findEndorsableSkill(
  viewer: Viewer | null,
  input: { profileId: number; skillId: number },
  db?: Knex,
): Promise<{ profile: Profile; skill: Skill }> {
  const profile = await Profile.query(db).findById(input.profileId);
  if (!profile || !canReadProfile(viewer, profile)) throw new NotFoundError(ENDORSEMENT_MESSAGES.skillNotFound);
  const item = await listItemModel(SKILLS).query(db).findOne({ id: input.skillId, profileId: profile.id });
  if (!item || !canSee(viewer, profile.userId, item.visibility)) {
    throw new NotFoundError(ENDORSEMENT_MESSAGES.skillNotFound);
  }
  const { id, profileId, visibility, name } = item;
  return { profile, skill: { id, profileId, visibility, name: String(name) } };
}

/** The viewer's own endorsement of this skill, if they made one. */
export async function findOwnEndorsement(viewer: Viewer, skillId: number): Promise<SkillEndorsement | null> {
  return (await SkillEndorsement.query().findOne({ skillId, endorserId: viewer.id })) ?? null;
}

/** Refuses (401/403 with the reason) unless the viewer may endorse the owner's skill. */
export async function authorizeEndorsing(viewer: Viewer, skillId: number, ownerId: number, db?: Knex): Promise<void> {
  const shared = await sharedVerifiedDepartments(viewer.id, ownerId, db);
  authorize(
    skillEndorsementPolicy,
    viewer,
    'create',
    endorsementCandidate(viewer, skillId, ownerId, shared.length > 0),
  );
}

export async function endorseSkill(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { profileId: number; skillId: number; comment: string | null },
  deps: EndorsementMailDeps,
): Promise<SkillEndorsement> {
  const { profile, skill } = await findEndorsableSkill(actor, input, trx);
  await authorizeEndorsing(actor, skill.id, profile.userId, trx);
  const shared = await sharedVerifiedDepartments(actor.id, profile.userId, trx);
  const endorsement = await SkillEndorsement.query(trx).insertAndFetch({
    skillId: skill.id,
    endorserId: actor.id,
    comment: input.comment,
    status: 'pending',
  });

  const [owner, endorser, department] = await readTogether(trx, [
    () => User.query(trx).findById(profile.userId),
    () => User.query(trx).findById(actor.id),
    () => Department.query(trx).findById(shared[0]!),
  ]);
  if (owner?.isActive && owner.endorsementEmails && endorser) {
    // The owner's normal view, where the waiting notice decides it in place (docs/decisions/endorsements.md).
    const review = `${deps.baseUrl}/profiles/${profile.id}#endorsements-waiting`;
    const message = {
      to: owner.email,
      subject: `${endorser.name} endorsed your skill “${skill.name}”`,
      text: [
        `Hello ${owner.name},`,
        '',
        `${endorser.name}${department ? ` (verified at ${department.name})` : ''} endorsed your skill “${skill.name}” on ${deps.productName}.`,
        ...(input.comment ? ['', `“${input.comment}”`] : []),
        '',
        'It shows on your profile once you approve it. Approve or hide it here:',
        review,
        '',
        `You get this e-mail because endorsement e-mails are on. Turn them off under Notifications in Account Settings: ${deps.baseUrl}/account-settings#notifications`,
      ].join('\n'),
    };
    // The endorsement is stored either way; the owner also finds it in edit mode, so a failed send is not the
    // endorser's error (the mailer logs it).
    afterCommit(trx, () => deps.mailer.send(message).catch(() => undefined));
  }
  return endorsement;
}

/** The endorsement with its skill's profile and owner, locked for a change; 404 when the actor may not see it. */
async function endorsementForChange(trx: Knex.Transaction, actor: Viewer, id: number): Promise<SkillEndorsement> {
  const found = await SkillEndorsement.query(trx)
    .select('skill_endorsements.*', 'profiles.id as profileId', 'profiles.userId as ownerId')
    .join('profile_skills', 'profile_skills.id', 'skill_endorsements.skillId')
    .join('profiles', 'profiles.id', 'profile_skills.profileId')
    .join('users', 'users.id', 'skill_endorsements.endorserId')
    .where('skill_endorsements.id', id)
    .where('users.isActive', true)
    .forUpdate()
    .first();
  return authorize(skillEndorsementPolicy, actor, 'decide', found);
}

/**
 * The owner approves an endorsement (it shows) or hides it (it stops showing); either may follow the other.
 * `profileId`, when the request names one (the edit page's form), must be the endorsement's.
 */
export async function decideEndorsement(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; status: EndorsementDecision; profileId?: number },
): Promise<SkillEndorsement> {
  const endorsement = await endorsementForChange(trx, actor, input.id);
  if (input.profileId !== undefined && endorsement.profileId !== input.profileId) {
    throw new NotFoundError(ENDORSEMENT_MESSAGES.notFound);
  }
  if (endorsement.status === input.status) return endorsement;
  const updated = await SkillEndorsement.query(trx).patchAndFetchById(endorsement.id, {
    status: input.status,
    decidedAt: new Date(),
  });
  return Object.assign(updated, { profileId: endorsement.profileId, ownerId: endorsement.ownerId });
}
