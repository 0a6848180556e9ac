/**
 * Step-up authentication's constants, messages and answer shape (docs/api.md "Step-up"), apart from the schema in
 * stepUp.ts: the islands' shared API layer needs only these, and importing stepUp.ts would bring yup with it.
 */

/** How long a proof lasts: one window for every sensitive change. */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

export const STEP_UP_MESSAGES = {
  required: 'Please confirm it’s you: enter your password to continue.',
  requiredWithCode: 'Please confirm it’s you: enter your password and a code from your authenticator app.',
  passwordRequired: 'Enter your password',
  passwordWrong: 'Incorrect password',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  passkeyOtherAccount: 'This passkey belongs to another account',
  confirmTitle: 'Confirm it’s you',
  confirmed: 'Confirmed',
  passkeyFailed: 'Your passkey could not confirm it’s you. Try again, or use your password.',
  passkeyNoticeFailed: 'We could not e-mail you about the new passkey, so it was not added. Please try again.',
  passkeyRemovedByLink: 'The passkey was removed. It can no longer be used to sign in.',
} as const;

/** The body of the 401 a sensitive change answers without a recent proof. */
export interface ReauthenticationRequiredJson {
  error: string;
  reauthenticationRequired: true;
  /** The proof must carry a code as well (two-factor sign-in is on). */
  secondFactorRequired: boolean;
  /** A wrong password or code given inline, by field. */
  fields?: Record<string, string>;
}

/** The fields a no-script form adds when it is asked for the proof inline (never echoed back: see formAction). */
export const INLINE_PROOF_FIELDS = { password: 'reauthPassword', code: 'reauthCode' } as const;

export const isReauthenticationRequired = (body: unknown): body is ReauthenticationRequiredJson =>
  typeof body === 'object' &&
  body !== null &&
  (body as { reauthenticationRequired?: unknown }).reauthenticationRequired === true;
