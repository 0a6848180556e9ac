/**
 * Profiles (spec 01 §6, spec 02 §6):
 * - a live profile is seen by everyone; a draft only by its owner and admins (everyone else: not found);
 * - the owner, an admin or a super_admin may edit it and change its status;
 * - the own endpoints (GET /api/profiles/own/{id}) answer only the owner and admins;
 * - the visibility toggle is the owner's alone in the interface (spec 01 §2); the server lets admins too,
 *   since they may edit any profile.
 * What of a readable profile each viewer sees field by field is the presenter's job (visibility.ts rules).
 */
import { Profile } from '../models/Profile';
import { PROFILE_MESSAGES } from '../validation/profiles';
import { definePolicy } from './policy';
import { isAdmin, isOwnerOrAdmin, type Viewer } from './viewer';

const canEdit = (viewer: Viewer | null, profile: Pick<Profile, 'userId'>) => isOwnerOrAdmin(viewer, profile.userId);

/** Live for everyone; a draft for its owner and admins only. Needs only the owner and the status. */
export function canReadProfile(viewer: Viewer | null, profile: Pick<Profile, 'userId' | 'profileStatus'>): boolean {
  return profile.profileStatus === 'live' || canEdit(viewer, profile);
}

export const profilePolicy = definePolicy<Profile, 'update' | 'readOwn'>({
  notFoundMessage: PROFILE_MESSAGES.notFound,
  rules: {
    read: canReadProfile,
    readOwn: canEdit,
    update: canEdit,
  },
  scope: (query, viewer) => {
    if (isAdmin(viewer)) return query;
    return query.where((q) => {
      q.where('profiles.profileStatus', 'live');
      if (viewer) q.orWhere('profiles.userId', viewer.id);
    });
  },
});

/** Edit controls appear to those who may edit, and never on the public view (spec 02 §6). */
export function canEditProfile(viewer: Viewer | null, profile: Pick<Profile, 'userId'>): boolean {
  return canEdit(viewer, profile);
}

/** The visibility toggle shows for the profile's owner only (spec 01 §2). */
export function isProfileOwner(viewer: Viewer | null, profile: Pick<Profile, 'userId'>): boolean {
  return viewer !== null && viewer.id === profile.userId;
}

/**
 * Which of the viewers who see a profile alike this one is: visitors see public items; every other member
 * public and members-only ones; the owner and admins everything, with the visibility settings. What a
 * profile answer shows depends on the viewer only through this (a cache or ETag may key on it).
 */
export type ProfileViewerClass = 'visitor' | 'member' | 'editor';
export function profileViewerClass(viewer: Viewer | null, profile: Pick<Profile, 'userId'>): ProfileViewerClass {
  if (!viewer) return 'visitor';
  return canEdit(viewer, profile) ? 'editor' : 'member';
}
