/** Who may see or do what. One module per kind of resource; see policy.ts for the shape. */
export {
  authorize,
  authorizeOnCollection,
  can,
  canOnCollection,
  definePolicy,
  deny,
  type CollectionPolicy,
  type Policy,
  type RowPolicy,
} from './policy';
export { isAdmin, isOwnerOrAdmin, type Viewer } from './viewer';
export { canSee, scopeVisibility, visibilitiesFor } from './visibility';
export { departmentPolicy, userDepartmentPolicy } from './departments';
export {
  profilePolicy,
  canEditProfile,
  canReadProfile,
  isProfileOwner,
  profileViewerClass,
  type ProfileViewerClass,
} from './profiles';
export {
  adminAiLogPolicy,
  adminDepartmentPolicy,
  adminUserPolicy,
  betaCodePolicy,
  blacklistPolicy,
  databaseSetupPolicy,
  isSuperAdmin,
} from './admin';
export { aiSuggestionPolicy } from './aiAssist';
export { profileImportPolicy, profileImportingPolicy } from './imports';
export { issuedCredentialPolicy } from './credentials';
export { skillEndorsementPolicy, canEndorse, endorsementCandidate } from './endorsements';
