/**
 * Account Settings → Security and the admin's user detail (docs/decisions/two-factor.md, docs/decisions/passkeys.md, docs/decisions/security-events.md): passkeys and security events as
 * their owner (or an admin) sees them. Event details never hold a secret; the label says what happened.
 */
import type { Passkey } from '../models/Passkey';
import type { SecurityEvent } from '../models/SecurityEvent';
import type { PasskeyJson, SecurityEventJson } from '../validation/twoFactor';
import { iso } from './iso';

const EVENT_LABELS: Record<string, string> = {
  totp_enrolled: 'Two-factor sign-in turned on',
  totp_disabled: 'Two-factor sign-in turned off',
  recovery_code_used: 'Recovery code used',
  recovery_codes_regenerated: 'New recovery codes made',
  recovery_codes_retired: 'Old recovery codes retired by an upgrade: make new ones',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  session_revoked: 'Signed out a device',
  other_sessions_revoked: 'Signed out all other devices',
  password_changed: 'Password changed',
  export_requested: 'Data export requested',
  account_deleted: 'Account deleted',
  email_change_requested: 'E-mail change requested',
  email_changed: 'E-mail address changed',
  email_change_cancelled: 'E-mail change stopped from the old address; every device signed out',
  password_reset: 'Password reset by e-mail link; every device signed out',
  readiness_shared: 'Readiness shared with a department',
  readiness_withdrawn: 'Readiness sharing withdrawn',
};

const passkeysRemoved = (n: number) => (n ? `; ${n} passkey${n === 1 ? '' : 's'} removed` : '');

export function presentSecurityEvent(event: SecurityEvent): SecurityEventJson {
  const name = typeof event.detail?.name === 'string' ? `: ${event.detail.name}` : '';
  const left = typeof event.detail?.left === 'number' ? ` (${event.detail.left} left)` : '';
  const to = typeof event.detail?.newEmail === 'string' ? ` (to ${event.detail.newEmail})` : '';
  const removed =
    typeof event.detail?.passkeysRemoved === 'number' ? passkeysRemoved(event.detail.passkeysRemoved) : '';
  return {
    id: String(event.id),
    kind: event.kind,
    label: `${EVENT_LABELS[event.kind] ?? event.kind}${name}${to}${left}${removed}`,
    createdAt: iso(event.createdAt),
  };
}

export function presentPasskey(passkey: Passkey): PasskeyJson {
  return {
    id: passkey.id,
    name: passkey.name,
    device: [passkey.browser, passkey.os].filter(Boolean).join(' on ') || null,
    createdAt: iso(passkey.createdAt),
    lastUsedAt: passkey.lastUsedAt ? iso(passkey.lastUsedAt) : null,
  };
}
