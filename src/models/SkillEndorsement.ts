import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { User } from './User';

export type SkillEndorsementStatus = 'pending' | 'approved' | 'hidden';

/** A verified colleague's endorsement of one skill (docs/decisions/endorsements.md); shows only once the owner approves it. */
export class SkillEndorsement extends BaseModel {
  static override tableName = 'skill_endorsements';

  id!: number;
  /** profile_skills.id */
  skillId!: number;
  endorserId!: number;
  comment!: string | null;
  status!: SkillEndorsementStatus;
  createdAt!: Date;
  decidedAt!: Date | null;
  endorser?: User;
  /** Read with the row (a join, never stored): the skill's profile and that profile's owner. */
  profileId?: number;
  ownerId?: number;
  /** A would-be endorsement only (never stored): whether the endorser is verified where the owner is. */
  colleague?: boolean;

  static override relationMappings = (): RelationMappings => ({
    endorser: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'skill_endorsements.endorserId', to: 'users.id' },
    },
  });
}
