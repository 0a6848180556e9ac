/**
 * Profiles as the API returns them and the views and islands receive them, filtered for the viewer before
 * anything leaves the server: a contact field the viewer may not see is null, and the visibility settings
 * themselves are the owner's (and admins') business.
 */
import type { Profile } from '../models/Profile';
import { canSee } from '../policies/visibility';
import { isOwnerOrAdmin, type Viewer } from '../policies/viewer';
import type { ProfileContent } from '../services/profileContent';
import type { OrderOptions } from '../validation/lists';
import type { ProfileDocumentJson, ProfileJson, ProfileSummaryJson } from '../validation/profiles';

type ProfileDocumentLists = Omit<ProfileDocumentJson, keyof ProfileJson | 'photoGallery' | 'photoFolders'>;
import { iso } from './iso';
import { departmentPath } from '../validation/verifiedBadge';
import { presentProfileLists } from './lists';
import { presentBanner, presentGallery, presentProfileImage } from './photos';

export function presentProfile(profile: Profile, viewer: Viewer | null): ProfileJson {
  const sees = (visibility: Profile['phoneVisibility']) => canSee(viewer, profile.userId, visibility);
  return {
    id: profile.id,
    userId: profile.userId,
    username: profile.username ?? null,
    name: profile.name,
    rank: profile.rank,
    title: profile.title,
    badgeNumber: profile.badgeNumber,
    departmentId: profile.departmentId,
    department: profile.department,
    departmentPage:
      profile.departmentId && profile.departmentPageName
        ? departmentPath({ id: profile.departmentId, name: profile.departmentPageName })
        : null,
    motto: profile.motto,
    personalStatement: profile.personalStatement,
    currentStatus: profile.currentStatus,
    phone: sees(profile.phoneVisibility) ? profile.phone : null,
    email: sees(profile.emailVisibility) ? profile.email : null,
    website: profile.website,
    linkedin: profile.linkedin,
    twitter: profile.twitter,
    instagram: profile.instagram,
    facebook: profile.facebook,
    tiktok: profile.tiktok,
    bluesky: profile.bluesky,
    role: profile.role,
    profileImage: presentProfileImage(profile),
    profileImagePhotoId: profile.imagePhotoId ?? null,
    banner: presentBanner(profile),
    profileStatus: profile.profileStatus,
    defaultVisibility: profile.defaultVisibility,
    fieldVisibility: isOwnerOrAdmin(viewer, profile.userId)
      ? { phone: profile.phoneVisibility, email: profile.emailVisibility }
      : null,
    hiddenWidgets: profile.hiddenWidgets ?? [],
    verifiedMemberships: profile.verifiedMemberships ?? [],
    createdAt: iso(profile.createdAt),
    updatedAt: iso(profile.updatedAt),
  };
}

export function presentProfileSummary(profile: Profile, _viewer: Viewer | null): ProfileSummaryJson {
  return {
    id: profile.id,
    userId: profile.userId,
    username: profile.username ?? null,
    profileStatus: profile.profileStatus,
    name: profile.name,
  };
}

/** The whole profile (spec 02 §3): its fields and every list, as presentProfile and the page present them. */
export function presentProfileDocument(
  profile: Profile,
  content: ProfileContent,
  viewer: Viewer | null,
  options: OrderOptions,
): ProfileDocumentJson {
  const { photoGallery, photoFolders } = presentGallery(content.gallery, viewer);
  return {
    ...presentProfile(profile, viewer),
    // Every definition's key (LISTS is typed loosely; the test checks the document holds each list).
    ...(presentProfileLists(content.lists, viewer, profile.userId, options) as ProfileDocumentLists),
    photoGallery,
    photoFolders,
  };
}
