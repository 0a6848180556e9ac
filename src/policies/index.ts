/** Who may see or do what. One module per kind of resource; see policy.ts for the shape. */
export { authorize, can, definePolicy, type Policy } from './policy';
export { isAdmin, isOwnerOrAdmin, type Viewer } from './viewer';
export { canSee, scopeVisibility, visibilitiesFor } from './visibility';
export { departmentPolicy, userDepartmentPolicy } from './departments';
export { profilePolicy, canEditProfile, canReadProfile, isProfileOwner } from './profiles';
export {
  authorizeUserChange,
  isSuperAdmin,
  managedUserPolicy,
  requireAdmin,
  requireSuperAdmin,
  userChangeRefusal,
} from './admin';
export { aiSuggestionPolicy } from './aiAssist';
