/**
 * Colleagues' endorsements of skills as the page, the profile document and the islands get them (docs/decisions/endorsements.md):
 * only the endorser's public information, and the status only for the owner and admins (everyone else is given
 * approved ones alone: src/services/endorsements/load.ts).
 */
import type { SkillEndorsement } from '../models/SkillEndorsement';
import { isOwnerOrAdmin, type Viewer } from '../policies/viewer';
import type { EndorsementRow } from '../services/endorsements/load';
import type { EndorsementWriteJson, SkillEndorsementJson } from '../validation/endorsements';
import { iso } from './iso';
import { photoUrl } from '../services/photos';

export function presentSkillEndorsement(
  row: EndorsementRow,
  viewer: Viewer | null,
  ownerId: number,
): SkillEndorsementJson {
  return {
    id: row.id,
    skillId: row.skillId,
    endorser: {
      name: row.endorserName,
      rank: row.endorserRank,
      department: row.department,
      profileUrl: row.endorserProfileId === null ? null : `/profiles/${row.endorserProfileId}/public`,
      image: row.endorserImageKey ? photoUrl(row.endorserImageKey, 'thumbnail', 'jpeg') : null,
    },
    comment: row.comment,
    createdAt: iso(row.createdAt),
    status: isOwnerOrAdmin(viewer, ownerId) ? row.status : null,
  };
}

/** What the endorse and decide routes answer: the endorsement as its endorser or the owner sees it. */
export function presentEndorsementWrite(endorsement: SkillEndorsement, _viewer: Viewer): EndorsementWriteJson {
  return {
    id: endorsement.id,
    skillId: endorsement.skillId,
    comment: endorsement.comment,
    status: endorsement.status,
    createdAt: iso(endorsement.createdAt),
    decidedAt: endorsement.decidedAt ? iso(endorsement.decidedAt) : null,
  };
}
