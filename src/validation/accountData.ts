/**
 * docs/decisions/signed-in-devices.md, docs/decisions/data-export.md, docs/decisions/account-deletion.md: signed-in devices, export my data, delete my account. The JSON types the presenters return,
 * the messages, and the schemas the page forms (and any island) validate with.
 */
import { boolean, object, string } from 'yup';
import { id, trimmed } from './common';
import { foldRecoveryTwin } from './recoveryTwin';

/** One signed-in session as its owner sees it: browser and OS, never an address. */
export interface DeviceJson {
  id: number;
  browser: string;
  os: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session this page was asked for with. */
  current: boolean;
}

export interface DevicesJson {
  devices: DeviceJson[];
  newDeviceAlerts: boolean;
}

export const ACCOUNT_DATA_MESSAGES = {
  deviceNotFound: 'That device is no longer signed in.',
  deviceSignedOut: { title: 'Device signed out', description: 'That device will need to sign in again.' },
  othersSignedOut: { title: 'Other devices signed out', description: 'Only this device is still signed in.' },
  alertsSaved: { title: 'Sign-in alerts saved', description: 'Your new-device e-mail setting has been saved.' },
  exportQueued: {
    title: 'Export is being prepared',
    description: 'Your data is large, so we are preparing it in the background. We will e-mail you a download link.',
  },
  exportLinkUsed: 'This download link has already been used or has expired. Request a new export in Account Settings.',
  passwordRequired: 'Enter your password to delete your account',
  passwordWrong: 'Password is incorrect',
  confirmRequired: 'Tick the box to confirm that you understand this cannot be undone',
} as const;

const flag = () => boolean().typeError('Must be true or false').default(false);

export const signOutDeviceSchema = object({ sessionId: id(ACCOUNT_DATA_MESSAGES.deviceNotFound).required() });
export const signOutOthersSchema = object({});
export const deviceAlertsSchema = object({ newDeviceAlerts: flag() });
export const exportRequestSchema = object({});

export const deleteAccountSchema = object({
  password: string().required(ACCOUNT_DATA_MESSAGES.passwordRequired).max(1024),
  /** With two-factor sign-in on: a code from the authenticator app or a recovery code (checked by the service). */
  secondFactor: string().transform(trimmed).max(40),
  confirm: flag().oneOf([true], ACCOUNT_DATA_MESSAGES.confirmRequired),
  /** The recovery code's own field (src/validation/recoveryTwin.ts), folded into `secondFactor`. */
  secondFactorRecovery: string().max(64),
}).transform(foldRecoveryTwin('secondFactor'));

/** The export's one-time download link: `/account/export/{token}`. */
export const exportTokenParams = object({
  token: string()
    .required()
    .matches(/^[A-Za-z0-9_-]{20,100}$/),
});
