/**
 * What each unique constraint means to a user. The error middleware turns a unique violation into a 409 with
 * this message (on this field), so services need not catch them: they insert, and a race or a duplicate
 * answers the same way. A constraint missing here still answers 409, with a generic message.
 */
import { ADMIN_MESSAGES } from '../validation/admin';
import { AUTH_MESSAGES } from '../validation/auth';
import { DEPARTMENT_MESSAGES } from '../validation/departments';
import { ENDORSEMENT_MESSAGES } from '../validation/endorsements';
import { PROFILE_MESSAGES } from '../validation/profiles';
import { VERIFICATION_MESSAGES } from '../validation/verification';
import { TWO_FACTOR_MESSAGES } from '../validation/twoFactor';
import { READINESS_MESSAGES } from '../validation/readiness';

export interface ConstraintMeaning {
  message: string;
  field?: string;
}

export const UNIQUE_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  users_email_lower_unique: { message: AUTH_MESSAGES.emailTaken, field: 'email' },
  users_username_lower_unique: { message: AUTH_MESSAGES.usernameTaken, field: 'username' },
  user_departments_user_department_unique: { message: DEPARTMENT_MESSAGES.alreadyLinked },
  profiles_user_unique: { message: PROFILE_MESSAGES.alreadyExists },
  beta_codes_code_unique: { message: ADMIN_MESSAGES.codeTaken, field: 'code' },
  blacklist_type_value_unique: { message: ADMIN_MESSAGES.alreadyBlacklisted, field: 'value' },
  skill_endorsements_skill_endorser_unique: { message: ENDORSEMENT_MESSAGES.duplicate },
  membership_verifications_one_pending: { message: VERIFICATION_MESSAGES.alreadyPending },
  membership_verifications_one_approved: { message: VERIFICATION_MESSAGES.alreadyVerified },
  department_verifiers_department_user_unique: { message: VERIFICATION_MESSAGES.alreadyVerifier, field: 'userId' },
  passkeys_credential_unique: { message: TWO_FACTOR_MESSAGES.passkeyKnown },
  department_officers_department_user_unique: { message: READINESS_MESSAGES.alreadyOfficer, field: 'email' },
  position_requirements_department_name_unique: { message: READINESS_MESSAGES.positionTaken, field: 'name' },
  credential_attestations_item_department_unique: { message: READINESS_MESSAGES.alreadyAttested },
};

export const GENERIC_CONFLICT = 'This already exists.';
