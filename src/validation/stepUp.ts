/**
 * Step-up authentication (docs/api.md "Step-up"): the proof's schema; the window, messages and the 401 answer's
 * shape are in stepUpMessages.ts (yup-free, for the islands' API layer).
 */
import { object, string } from 'yup';
import { trimmed } from './common';
import { STEP_UP_MESSAGES } from './stepUpMessages';

export * from './stepUpMessages';

/** POST /api/auth/reauthenticate. */
export const reauthenticateSchema = object({
  password: string().required(STEP_UP_MESSAGES.passwordRequired).max(1024, STEP_UP_MESSAGES.passwordWrong),
  code: string().transform(trimmed).max(32, STEP_UP_MESSAGES.codeRequired),
});
