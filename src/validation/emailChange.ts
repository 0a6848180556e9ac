/** The two-step e-mail change's messages and link schema (src/services/emailChanges.ts, docs/api.md "Step-up"). */
import { object, string } from 'yup';
import { trimmed } from './common';

export const EMAIL_CHANGE_MESSAGES = {
  linkInvalid: 'This link is invalid or has expired.',
  pending: {
    title: 'Check your new address',
    description: 'We sent a confirmation link to your new e-mail address. Your address changes once you open it.',
  },
  confirmed: 'Your e-mail address was changed',
  cancelled: 'The change was stopped',
} as const;

export const emailChangeLinkQuery = object({
  token: string().transform(trimmed).required(EMAIL_CHANGE_MESSAGES.linkInvalid).max(200),
});
