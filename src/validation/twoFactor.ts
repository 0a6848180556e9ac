/**
 * Two-factor sign-in and passkeys (docs/decisions/two-factor.md, docs/decisions/passkeys.md, docs/decisions/security-events.md): the JSON shapes, messages and request schemas, shared by
 * the server and the passkey islands (no server imports).
 */
import { boolean, mixed, object, string } from 'yup';
import { onStrings, trimmed } from './common';
import { TWO_FACTOR_MESSAGES } from './twoFactorMessages';
import { foldRecoveryTwin } from './recoveryTwin';

export { TWO_FACTOR_MESSAGES };

export const RECOVERY_CODE_COUNT = 10;
/** A passkey's name (Security lists them). */
export const PASSKEY_NAME_MAX = 60;

/** A code as typed: spaces and dashes inside are the reader's, not the code's. */
const squeezed = onStrings((text) => text.replace(/[\s]+/g, '').toLowerCase());

export const twoFactorCode = () =>
  string()
    .transform(trimmed)
    .transform(squeezed)
    .required(TWO_FACTOR_MESSAGES.codeRequired)
    .max(32, TWO_FACTOR_MESSAGES.codeWrong);

/** The second step on /login/two-factor (the challenge rides in its own cookie). */
/** A code field's recovery twin (src/validation/recoveryTwin.ts): a posted field of the form, folded into it. */
export const recoveryCodeTwin = () => string().max(64, TWO_FACTOR_MESSAGES.codeWrong);

export const secondStepSchema = object({ code: twoFactorCode(), codeRecovery: recoveryCodeTwin() }).transform(
  foldRecoveryTwin('code'),
);

/** The bearer API's second call. */
export const secondStepApiSchema = object({
  challenge: string().transform(trimmed).required(TWO_FACTOR_MESSAGES.challengeExpired).max(200),
  code: twoFactorCode(),
});

/** Confirming an enrolment with the first code (Security, or an admin's forced enrolment at sign-in). */
export const totpConfirmSchema = object({ code: twoFactorCode() });

/** Turning two-factor off: the password and a code (or a recovery code). */
export const totpDisableSchema = object({
  password: string().required(TWO_FACTOR_MESSAGES.passwordRequired).max(1024),
  code: twoFactorCode(),
  codeRecovery: recoveryCodeTwin(),
}).transform(foldRecoveryTwin('code'));

export const passkeyNameSchema = object({
  name: string()
    .transform(trimmed)
    .required(TWO_FACTOR_MESSAGES.passkeyNameRequired)
    .max(PASSKEY_NAME_MAX, TWO_FACTOR_MESSAGES.passkeyNameMax),
});

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A WebAuthn credential as @simplewebauthn/browser sends it. Its inner parts stay as sent (the verifier reads
 * and checks them); only their shape is checked here, so a malformed one is a 400, never a 500.
 */
const credential = object({
  id: string().required(TWO_FACTOR_MESSAGES.passkeyFailed).max(1400),
  rawId: string().required(TWO_FACTOR_MESSAGES.passkeyFailed).max(1400),
  type: string().oneOf(['public-key'], TWO_FACTOR_MESSAGES.passkeyFailed).required(TWO_FACTOR_MESSAGES.passkeyFailed),
  response: mixed<Record<string, unknown>>()
    .test('object', TWO_FACTOR_MESSAGES.passkeyFailed, isObject)
    .required(TWO_FACTOR_MESSAGES.passkeyFailed),
  clientExtensionResults: mixed<Record<string, unknown>>()
    .test('object', TWO_FACTOR_MESSAGES.passkeyFailed, (v) => v === undefined || isObject(v))
    .default(() => ({})),
  authenticatorAttachment: string().max(40),
})
  .required(TWO_FACTOR_MESSAGES.passkeyFailed)
  .typeError(TWO_FACTOR_MESSAGES.passkeyFailed);

export const passkeyAddSchema = passkeyNameSchema.concat(object({ response: credential }));
export const passkeySignInSchema = object({ response: credential });

export const adminTwoFactorSettingSchema = object({
  requireTwoFactorForAdmins: boolean().typeError('Must be true or false').default(false),
});

/** Bearer login's first answer when a second factor is due. */
export interface TwoFactorRequiredResponse {
  twoFactorRequired: true;
  /** Single use, five minutes: send it back with the code to POST /api/auth/login/two-factor. */
  challenge: string;
}

export interface PasskeyJson {
  id: number;
  name: string;
  /** The browser and system it was added from, in words ("Chrome on macOS 14"), when known. */
  device: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SecurityEventJson {
  id: string;
  kind: string;
  /** What happened, in words. */
  label: string;
  createdAt: string;
}

/** Account Settings → Security. */
export interface SecurityJson {
  totpEnabled: boolean;
  /** Enrolment started: the QR code (an SVG data URL drawn on the server) and the secret to type instead. */
  pending: { qrDataUrl: string; secret: string } | null;
  recoveryCodesLeft: number;
  passkeys: PasskeyJson[];
  events: SecurityEventJson[];
}
