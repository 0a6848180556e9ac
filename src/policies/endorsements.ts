/**
 * Endorsements from verified colleagues (docs/decisions/endorsements.md):
 * - create: a signed-in member endorses, as themself, a skill of someone else's that they can see, when both are
 *   verified members of one department (the service works that out: `colleague` on the would-be row); never
 *   their own skills (403 with the reason), a visitor 401;
 * - read: an approved endorsement is seen with its skill; a pending or hidden one only by its endorser and by
 *   the profile's owner and admins (everyone else: not found);
 * - decide (approve, hide): the profile's owner, or an admin (who may edit any profile).
 * The rows carry `ownerId` (the skill's profile's owner), read with them.
 */
import { SkillEndorsement } from '../models/SkillEndorsement';
import { ENDORSEMENT_MESSAGES } from '../validation/endorsements';
import { can, definePolicy, deny, type Verdict } from './policy';
import { isAdmin, isOwnerOrAdmin, type Viewer } from './viewer';

const ownerOf = (endorsement: SkillEndorsement) => endorsement.ownerId ?? 0;

function mayEndorse(viewer: Viewer | null, endorsement: SkillEndorsement): Verdict {
  if (!viewer || viewer.id !== endorsement.endorserId) return false;
  if (viewer.id === ownerOf(endorsement)) return deny(ENDORSEMENT_MESSAGES.self);
  return endorsement.colleague === true || deny(ENDORSEMENT_MESSAGES.notColleague);
}

export const skillEndorsementPolicy = definePolicy<SkillEndorsement, 'create' | 'decide'>({
  notFoundMessage: ENDORSEMENT_MESSAGES.notFound,
  rules: {
    read: (viewer, endorsement) =>
      endorsement.status === 'approved' ||
      viewer?.id === endorsement.endorserId ||
      isOwnerOrAdmin(viewer, ownerOf(endorsement)),
    create: mayEndorse,
    decide: (viewer, endorsement) =>
      isOwnerOrAdmin(viewer, ownerOf(endorsement)) || deny(ENDORSEMENT_MESSAGES.notOwner),
  },
  // Rows joined with their profile (`profiles` as in the loaders): approved ones, and the viewer's own to decide.
  scope: (query, viewer) => {
    if (isAdmin(viewer)) return query;
    return query.where((q) => {
      q.where('skill_endorsements.status', 'approved');
      if (viewer) q.orWhere('profiles.userId', viewer.id);
    });
  },
});

/** The would-be endorsement of a skill of `ownerId`'s by the viewer. */
export const endorsementCandidate = (viewer: Viewer, skillId: number, ownerId: number, colleague: boolean) =>
  SkillEndorsement.fromJson({ skillId, endorserId: viewer.id, status: 'pending' }, { skipValidation: true }).$set({
    ownerId,
    colleague,
  });

/** Whether the viewer may endorse `ownerId`'s skills (the Endorse links ask this). */
export function canEndorse(viewer: Viewer | null, ownerId: number, colleague: boolean): boolean {
  return (
    viewer !== null &&
    can(skillEndorsementPolicy, viewer, 'create', endorsementCandidate(viewer, 0, ownerId, colleague))
  );
}
