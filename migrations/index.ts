/**
 * Every migration, in order. A static list (rather than a directory scan) keeps migrations inside the
 * bundled production server. Add each new migration file here.
 */
import type { Knex } from 'knex';
import * as createUsersAndInvites from './20261122000100_create_users_and_invites';
import * as createSessionsAndResetTokens from './20261122000200_create_sessions_and_reset_tokens';
import * as createDepartments from './20261122000300_create_departments';
import * as departmentsSearchText from './20261122000310_departments_search_text';
import * as departmentsSearchScale from './20261122000400_departments_search_scale';
import * as createProfiles from './20261123001000_create_profiles';
import * as createProfileLists from './20261123002000_create_profile_lists';
import * as createPhotos from './20261123004000_create_photos';
import * as createAiLogs from './20261123005000_create_ai_logs';
import * as adminDashboardIndexes from './20261123006000_admin_dashboard_indexes';
import * as departmentsSearchWalk from './20261123007000_departments_search_walk';
import * as departmentWords from './20261123007100_department_words';
import * as departmentSearchBounds from './20261123007200_department_search_bounds';
import * as departmentSearchState from './20261123007300_department_search_state';
import * as photoLinks from './20261123008000_photo_links';
import * as licenseExpirationUnset from './20261123008100_license_expiration_unset';
import * as shareInsights from './20261123009000_share_insights';
import * as sessionChangeNotify from './20261123009100_session_change_notify';
import * as departmentWordsPerStatement from './20261124000100_department_words_per_statement';
import * as preciseExpiry from './20261124230100_precise_expiry';
import * as expiryReminders from './20261124230200_expiry_reminders';
import * as trustAndSecurityTables from './20261125000100_trust_and_security_tables';
import * as profileCreatedSessionNotify from './20261125000200_profile_created_session_notify';
import * as verificationSessionNotify from './20261125000300_verification_session_notify';
import * as departmentRegistryFacts from './20261125002000_department_registry_facts';
import * as credentialCatalogue from './20261125003100_credential_catalogue';
import * as endorsementEmails from './20261125003200_endorsement_emails';
import * as twoFactorAndPasskeys from './20261125005000_two_factor_and_passkeys';
import * as devicesExportsDeletions from './20261125006100_devices_exports_deletions';
import * as departmentReadsNotify from './20261126000100_department_reads_notify';
import * as profileSectionVersions from './20261127000100_profile_section_versions';
import * as stepUpAndEmailChanges from './20261129090000_step_up_and_email_changes';
import * as oneChangeChannel from './20261129100000_one_change_channel';
import * as recoveryCodeDigests from './20261129300000_recovery_code_digests';
import * as calendarSecretDigests from './20261129300100_calendar_secret_digests';
import * as headshotBanner from './20261130010000_headshot_banner';
import * as guidedStartDismissed from './20261130020000_guided_start_dismissed';
import * as departmentMergesAndImports from './20261130040000_department_merges_and_imports';
import * as verifiableCredentials from './20261201010000_verifiable_credentials';
import * as departmentReadiness from './20261201020000_department_readiness';
import * as readinessDigests from './20261201021000_readiness_digests';
import * as proofDocuments from './20261201030000_proof_documents';
import * as profileImports from './20261201040000_profile_imports';
import * as certificationCredentialId from './20261201040100_certification_credential_id';
import * as profileTraining from './20261201050000_profile_training';
import * as credentialCardToken from './20261202010000_credential_card_token';
import * as attestationCredentials from './20261202010100_attestation_credentials';
import * as readinessDatesAndHiringTracker from './20261202020000_readiness_dates_and_hiring_tracker';
import * as attestationDepartmentRename from './20261202030000_attestation_department_rename';
import * as rosterLinks from './20261202030100_roster_links';

export const migrations: Record<string, Knex.Migration> = {
  '20261122000100_create_users_and_invites': createUsersAndInvites,
  '20261122000200_create_sessions_and_reset_tokens': createSessionsAndResetTokens,
  '20261122000300_create_departments': createDepartments,
  '20261122000310_departments_search_text': departmentsSearchText,
  '20261122000400_departments_search_scale': departmentsSearchScale,
  '20261123001000_create_profiles': createProfiles,
  '20261123002000_create_profile_lists': createProfileLists,
  '20261123004000_create_photos': createPhotos,
  '20261123005000_create_ai_logs': createAiLogs,
  '20261123006000_admin_dashboard_indexes': adminDashboardIndexes,
  '20261123007000_departments_search_walk': departmentsSearchWalk,
  '20261123007100_department_words': departmentWords,
  '20261123007200_department_search_bounds': departmentSearchBounds,
  '20261123007300_department_search_state': departmentSearchState,
  '20261123008000_photo_links': photoLinks,
  '20261123008100_license_expiration_unset': licenseExpirationUnset,
  '20261123009000_share_insights': shareInsights,
  '20261123009100_session_change_notify': sessionChangeNotify,
  '20261124000100_department_words_per_statement': departmentWordsPerStatement,
  '20261124230100_precise_expiry': preciseExpiry,
  '20261124230200_expiry_reminders': expiryReminders,
  '20261125000100_trust_and_security_tables': trustAndSecurityTables,
  '20261125000200_profile_created_session_notify': profileCreatedSessionNotify,
  '20261125000300_verification_session_notify': verificationSessionNotify,
  '20261125002000_department_registry_facts': departmentRegistryFacts,
  '20261125003100_credential_catalogue': credentialCatalogue,
  '20261125003200_endorsement_emails': endorsementEmails,
  '20261125005000_two_factor_and_passkeys': twoFactorAndPasskeys,
  '20261125006100_devices_exports_deletions': devicesExportsDeletions,
  '20261126000100_department_reads_notify': departmentReadsNotify,
  '20261127000100_profile_section_versions': profileSectionVersions,
  '20261129090000_step_up_and_email_changes': stepUpAndEmailChanges,
  '20261129100000_one_change_channel': oneChangeChannel,
  '20261129300000_recovery_code_digests': recoveryCodeDigests,
  '20261129300100_calendar_secret_digests': calendarSecretDigests,
  '20261130010000_headshot_banner': headshotBanner,
  '20261130020000_guided_start_dismissed': guidedStartDismissed,
  '20261130040000_department_merges_and_imports': departmentMergesAndImports,
  '20261201010000_verifiable_credentials': verifiableCredentials,
  '20261201020000_department_readiness': departmentReadiness,
  '20261201021000_readiness_digests': readinessDigests,
  '20261201030000_proof_documents': proofDocuments,
  '20261201040000_profile_imports': profileImports,
  '20261201040100_certification_credential_id': certificationCredentialId,
  '20261201050000_profile_training': profileTraining,
  '20261202010000_credential_card_token': credentialCardToken,
  '20261202010100_attestation_credentials': attestationCredentials,
  '20261202020000_readiness_dates_and_hiring_tracker': readinessDatesAndHiringTracker,
  '20261202030000_attestation_department_rename': attestationDepartmentRename,
  '20261202030100_roster_links': rosterLinks,
};
