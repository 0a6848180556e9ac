import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { User } from './User';
import type { ProfileStatus, SectionPart, WidgetKey } from '../validation/profiles';
import type { Visibility } from '../validation/visibility';
import type { ResumeSectionKey } from '../validation/share';
import type { VerifiedMembershipJson } from '../validation/verifiedBadge';

/** A firefighter's profile (spec 02 §3); one per user. The username lives on the user (Account Settings). */
export class Profile extends BaseModel {
  static override tableName = 'profiles';
  static override hasUpdatedAt = true;

  id!: number;
  userId!: number;
  name!: string;
  rank!: string;
  title!: string | null;
  badgeNumber!: string | null;
  departmentId!: number | null;
  department!: string;
  motto!: string | null;
  personalStatement!: string | null;
  currentStatus!: string | null;
  phone!: string | null;
  email!: string | null;
  website!: string | null;
  linkedin!: string | null;
  twitter!: string | null;
  instagram!: string | null;
  facebook!: string | null;
  tiktok!: string | null;
  bluesky!: string | null;
  role!: string | null;
  /** An external profile image (https only); the owner's own photo is a photo link instead (imageStorageKey). */
  profileImageUrl!: string | null;
  profileStatus!: ProfileStatus;
  defaultVisibility!: Visibility;
  phoneVisibility!: Visibility;
  emailVisibility!: Visibility;
  hiddenWidgets!: WidgetKey[];
  /** The résumé sections the owner chose (docs/decisions/share.md); null: all of them. */
  resumeSections!: ResumeSectionKey[] | null;
  /** Grows with every write to the profile or what it shows; pg returns bigint as a string. */
  version!: string;
  /**
   * The `version` at which each part of the read sections last changed (a list's key, `photos`, or `*` for all):
   * kept sections are named by it (src/pageCache/profilePages.ts `sectionStamps`).
   */
  sectionVersions!: Partial<Record<SectionPart, number>>;
  /** When the owner closed the guided start's checklist (docs/decisions/guided-start.md); null: not closed. */
  guidedStartDismissedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  /** The owner's username, selected with the profile (profilesWithUsername); not a column of profiles. */
  username?: string | null;
  /** The photo linked as the profile image (photo_links), selected with the profile (profilesWithUsername). */
  imagePhotoId?: number | null;
  imageStorageKey?: string | null;
  /** The banner (docs/decisions/headshot-and-banner.md): one of the profile's own photos, public while it is shown. */
  bannerPhotoId!: number | null;
  /** The banner photo's storage key while that photo is public (profilesWithUsername), else null. */
  bannerStorageKey?: string | null;
  /** The owner's verified memberships, selected with the profile (profilesWithUsername; docs/decisions/verified-membership.md). */
  verifiedMemberships?: VerifiedMembershipJson[];
  /** The department's name when it has a page (profilesWithUsername; docs/decisions/verified-membership.md). */
  departmentPageName?: string | null;
  user?: User;

  static override jsonAttributes = ['hiddenWidgets', 'resumeSections', 'sectionVersions'];

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'profiles.userId', to: 'users.id' },
    },
  });
}
