/**
 * An e-mail to the account's owner when its sign-in factors change (docs/decisions/security-events.md; ASVS 6.3.7): two-factor on or
 * off, new recovery codes, a recovery code used, a passkey added or removed, the password changed or reset. Sent after commit; it names what
 * changed and when, never a code or key. A notice that cannot be sent does not undo or fail the change (the
 * change is already stored, and the event is in Security).
 */
import type { Knex } from 'knex';
import { afterCommit } from '../../db/transaction';
import type { User } from '../../models/User';
import { securityPageUrl, type Mailer } from '../mail';
import type { SecurityEventKind } from '../securityEvents';

export interface SecurityMail {
  mailer: Mailer;
  productName: string;
  baseUrl: string;
}

const WHAT: Partial<Record<SecurityEventKind, string>> = {
  totp_enrolled: 'Two-factor sign-in was turned on',
  totp_disabled: 'Two-factor sign-in was turned off',
  recovery_codes_regenerated: 'New recovery codes were made (the old ones no longer work)',
  recovery_code_used: 'A recovery code was used to sign in',
  passkey_added: 'A passkey was added',
  passkey_removed: 'A passkey was removed',
  password_changed: 'Your password was changed',
  password_reset: 'Your password was reset',
};

export function mailSecurityChange(
  trx: Knex.Transaction,
  user: Pick<User, 'email' | 'name'>,
  kind: SecurityEventKind,
  mail: SecurityMail | undefined,
): void {
  const what = WHAT[kind];
  if (!mail || !what) return;
  afterCommit(trx, async () => {
    await mail.mailer
      .send({
        to: user.email,
        subject: `${what} on your ${mail.productName} account`,
        text: [
          `Hello ${user.name},`,
          '',
          `${what} on your ${mail.productName} account at ${new Date().toUTCString()}.`,
          '',
          `If this was you, there is nothing to do. If not, sign in, change your password and check Account`,
          `Settings → Security: ${securityPageUrl(mail.baseUrl)}`,
        ].join('\n'),
      })
      .catch(() => undefined);
  });
}
