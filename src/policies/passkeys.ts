/** Passkeys (docs/decisions/passkeys.md): each belongs to one user, who alone sees, names and removes it (others get 404). */
import type { Passkey } from '../models/Passkey';
import { TWO_FACTOR_MESSAGES } from '../validation/twoFactor';
import { definePolicy } from './policy';
import type { Viewer } from './viewer';

const own = (viewer: Viewer | null, passkey: Passkey) => viewer !== null && viewer.id === passkey.userId;

export const passkeyPolicy = definePolicy<Passkey, 'delete'>({
  notFoundMessage: TWO_FACTOR_MESSAGES.passkeyUnknown,
  rules: { read: own, delete: own },
  scope: (query, viewer) => (viewer ? query.where('passkeys.userId', viewer.id) : query.whereRaw('false')),
});
