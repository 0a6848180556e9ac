/**
 * Step-up authentication (docs/api.md "Step-up"): the proof a sensitive change needs, its messages and the
 * 401 answer's shape. Shared by the server, the islands' prompt and the no-script forms' inline fields.
 */
import { object, string } from 'yup';
import { trimmed } from './common';

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

/** POST /api/auth/reauthenticate. */
export const reauthenticateSchema = object({
  password: string().required(STEP_UP_MESSAGES.passwordRequired).max(1024, STEP_UP_MESSAGES.passwordWrong),
  code: string().transform(trimmed).max(32, STEP_UP_MESSAGES.codeRequired),
});

/** The fields a no-script form adds when it is asked for the proof inline (never echoed back: see formAction). */
export const INLINE_PROOF_FIELDS = { password: 'reauthPassword', code: 'reauthCode' } as const;

export const isReauthenticationRequired = (body: unknown): body is ReauthenticationRequiredJson =>
  typeof body === 'object' &&
  body !== null &&
  (body as { reauthenticationRequired?: unknown }).reauthenticationRequired === true;
