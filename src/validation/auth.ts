/**
 * Accounts: the JSON shapes the API returns and islands receive, the spec's messages (spec 01 §§5, 8), the
 * server's own answers, and the request schemas. Shared by the server and the form islands (no server imports).
 */
import { array, number, object, string } from 'yup';
import { trimmed, trimmedLine, lowerCased, upperCased } from './common';

export type Role = 'user' | 'admin' | 'super_admin';

/** A user as the API returns it (spec 01 §3). Never carries the password hash. */
export interface UserJson {
  id: number;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  username: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

/** The account settings page's summary of the signed-in user (spec 01 §2: role, status and e-mail cards). */
export interface AccountJson {
  name: string;
  email: string;
  role: Role;
  username: string | null;
  isActive: boolean;
  /** Whether the e-mail card shows Verified. */
  emailVerified: boolean;
}

/**
 * PATCH /api/auth/profile's answer: the user (the name is saved at once) and, when the e-mail was changed, the new
 * address waiting for its confirmation (the account keeps its address until then).
 */
export interface ProfileUpdateJson extends UserJson {
  pendingEmail: string | null;
}

/** Login and register answer {user, token} (spec 01 §3). */
export interface AuthResponse {
  user: UserJson;
  token: string;
}

/** Login also says where the user lands (admins on /admin, others on /), so the browser need not work it out. */
export interface LoginResponse extends AuthResponse {
  redirectTo: string;
}

export const MESSAGES = {
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  nameMin: 'Name must be at least 2 characters',
  inviteRequired: 'Beta invite code is required',
  passwordsDontMatch: "Passwords don't match",
  resetPasswordMin: 'Password must be at least 6 characters long',
  invalidResetLink: 'Invalid reset link. Please request a new password reset.',
  validEmail: 'Please enter a valid email address',
  currentPasswordRequired: 'Current password is required',
  newPasswordMin: 'New password must be at least 6 characters',
  confirmPasswordRequired: 'Please confirm your new password',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be less than 30 characters',
  usernameChars: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameReserved: 'This username is reserved',
} as const;

/** The server's answers that the spec does not word (the islands show the spec's own texts around them). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  emailNotAllowed: 'Registration is not available for this email address',
  inviteUnknown: 'Invalid invite code',
  inviteInactive: 'This invite code is no longer active',
  inviteExpired: 'This invite code has expired',
  inviteUsedUp: 'This invite code has already been fully used',
  currentPasswordWrong: 'Current password is incorrect',
  usernameTaken: 'This username is already taken',
  passwordChanged: 'Password changed',
  signedOut: 'Signed out',
  resetRequested: 'If an account exists for that email, a password reset link has been sent.',
  resetInvalidToken: 'This reset link is invalid or has expired. Please request a new password reset.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
} as const;

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Words that cannot be a public profile address ({host}/{username}). */
export const RESERVED_USERNAMES = ['login', 'register', 'admin', 'profile', 'profiles', 'account-settings', 'health'];

// yup's email() accepts some odd forms; this is the pragmatic shape (something@domain.tld).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = (message: string) =>
  string()
    .transform(trimmed)
    .transform(lowerCased)
    .required(message)
    .matches(EMAIL_PATTERN, { message, excludeEmptyString: false })
    .max(254, message);

/** A confirmation field: required, then equal to `field` (only one message at a time). */
const confirmationOf = (field: string, requiredMessage: string) =>
  string()
    .required(requiredMessage)
    .test('match', MESSAGES.passwordsDontMatch, function (value) {
      return !value || value === this.parent[field];
    });

export const loginSchema = object({
  email: email(MESSAGES.invalidEmail),
  password: string().required(MESSAGES.passwordMin).min(PASSWORD_MIN, MESSAGES.passwordMin).max(1024),
});

export const registerSchema = object({
  name: string().transform(trimmedLine).required(MESSAGES.nameMin).min(NAME_MIN, MESSAGES.nameMin).max(100),
  email: email(MESSAGES.invalidEmail),
  password: string().required(MESSAGES.passwordMin).min(PASSWORD_MIN, MESSAGES.passwordMin).max(1024),
  inviteCode: string()
    .transform(trimmed)
    .transform(upperCased)
    .required(MESSAGES.inviteRequired)
    .min(1, MESSAGES.inviteRequired)
    .max(64),
});

export const forgotPasswordSchema = object({
  email: email(MESSAGES.invalidEmail),
});

/** The reset form (two fields); the API takes the token and one password. */
export const resetPasswordFormSchema = object({
  password: string().required(MESSAGES.resetPasswordMin).min(PASSWORD_MIN, MESSAGES.resetPasswordMin).max(1024),
  confirmPassword: confirmationOf('password', MESSAGES.passwordsDontMatch),
});

export const resetPasswordSchema = object({
  token: string().transform(trimmed).required(MESSAGES.invalidResetLink),
  password: string().required(MESSAGES.resetPasswordMin).min(PASSWORD_MIN, MESSAGES.resetPasswordMin).max(1024),
  /** The passkeys to keep; left out, those added in the last 24 hours are removed (docs/api.md "Step-up"). */
  keepPasskeyIds: array(number().integer().positive().max(2147483647).required()).max(100).optional(),
});

/**
 * The no-script reset form's passkey choice: `passkeysListed` says the list was shown (so no ticked box means
 * keep none), and each ticked "Keep" box posts its id; one box posts a lone value, several an array.
 */
export const resetPasskeyChoiceSchema = object({
  passkeysListed: string().oneOf(['1'], 'Must be 1').optional(),
  keepPasskeyIds: array(number().integer().positive().max(2147483647).required())
    .transform((_value: unknown, original: unknown) =>
      original === undefined || Array.isArray(original) ? original : [original],
    )
    .max(100)
    .optional(),
});

export const profileUpdateSchema = object({
  name: string().transform(trimmedLine).required(MESSAGES.nameMin).min(NAME_MIN, MESSAGES.nameMin).max(100),
  email: email(MESSAGES.validEmail),
});

export const changePasswordSchema = object({
  currentPassword: string().required(MESSAGES.currentPasswordRequired),
  newPassword: string().required(MESSAGES.newPasswordMin).min(PASSWORD_MIN, MESSAGES.newPasswordMin).max(1024),
  confirmPassword: confirmationOf('newPassword', MESSAGES.confirmPasswordRequired),
});

/** Username is optional: an empty value clears it. */
export const usernameSchema = object({
  username: string()
    .transform(trimmed)
    .defined()
    .test('length-min', MESSAGES.usernameMin, (v) => !v || v.length >= USERNAME_MIN)
    .test('length-max', MESSAGES.usernameMax, (v) => !v || v.length <= USERNAME_MAX)
    .test('chars', MESSAGES.usernameChars, (v) => !v || /^[A-Za-z0-9_-]+$/.test(v))
    .test('reserved', MESSAGES.usernameReserved, (v) => !v || !RESERVED_USERNAMES.includes(v.toLowerCase())),
});
