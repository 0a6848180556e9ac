/**
 * Imports (docs/decisions/import-and-json-resume.md): a profile's import is its owner's alone — an admin may edit
 * any profile, but an import reads a file of the owner's own career into it. A waiting preview belongs to the user
 * who uploaded it; anyone else's is indistinguishable from a missing one.
 */
import type { Profile } from '../models/Profile';
import type { ProfileImport } from '../models/ProfileImport';
import { IMPORT_MESSAGES } from '../validation/imports';
import { PROFILE_MESSAGES } from '../validation/profiles';
import { canReadProfile, profilePolicy } from './profiles';
import { definePolicy, deny } from './policy';

const ownProfile = (viewer: { id: number } | null, profile: Profile) =>
  viewer !== null && viewer.id === profile.userId ? true : deny('Only the profile’s owner may import into it');

export const profileImportingPolicy = definePolicy<Profile, 'import'>({
  notFoundMessage: PROFILE_MESSAGES.notFound,
  rules: { read: canReadProfile, import: ownProfile },
  scope: (query, viewer) => profilePolicy.scope(query, viewer),
});

const ownPreview = (viewer: { id: number } | null, preview: ProfileImport) =>
  viewer !== null && preview.userId === viewer.id;

export const profileImportPolicy = definePolicy<ProfileImport, 'add' | 'cancel'>({
  notFoundMessage: IMPORT_MESSAGES.previewGone,
  rules: { read: ownPreview, add: ownPreview, cancel: ownPreview },
  scope: (query, viewer) => (viewer ? query.where('profile_imports.userId', viewer.id) : query.whereRaw('false')),
});
