/**
 * Two-factor sign-in's and passkeys' messages, apart from the schemas in twoFactor.ts: the passkey sign-in
 * island (/login/passkey) needs only these, and importing twoFactor.ts would bring yup into that page.
 */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  codeWrong: 'That code is not valid. Check the time on your device and try again.',
  challengeExpired: 'Your sign-in has expired. Sign in again.',
  notEnrolled: 'Two-factor sign-in is not turned on for this account.',
  alreadyEnrolled: 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.',
  noPendingEnrolment: 'Start the set-up again: scan a new QR code.',
  passwordRequired: 'Enter your current password',
  passwordWrong: 'Current password is incorrect',
  requiredForAdmins: 'Two-factor sign-in is required for admins: it cannot be turned off.',
  enrolRequiredApi:
    'Two-factor sign-in is required for admins. Sign in in the browser once to set up an authenticator app.',
  passkeyNameRequired: 'Give the passkey a name',
  passkeyNameMax: 'At most 60 characters',
  passkeyFailed: 'The passkey could not be verified',
  passkeyUnknown: 'This passkey is not registered here',
  passkeysUnsupported: 'This browser cannot use passkeys. Sign in with your password instead.',
  passkeyKnown: 'This passkey is already registered',
  enrolled: { title: 'Two-factor sign-in is on', description: 'Keep your recovery codes somewhere safe.' },
  disabled: { title: 'Two-factor sign-in is off', description: 'Sign-in now asks only for your password.' },
  regenerated: { title: 'New recovery codes', description: 'The old ones no longer work. Keep these somewhere safe.' },
  passkeyAdded: { title: 'Passkey added', description: 'You can now sign in with it.' },
  passkeyRemoved: { title: 'Passkey removed', description: 'It can no longer be used to sign in.' },
  adminSetting: { title: 'Setting saved', description: 'Two-factor sign-in requirement for admins updated.' },
} as const;
