/**
 * The e-mail to each owner whose recovery codes an upgrade retired (docs/decisions/recovery-codes-keyed-hash.md):
 * the migration can only write a `recovery_codes_retired` event, so the account-data job mails each such owner once.
 * An event is claimed with `skip locked` and marked `mailed` in its detail in the transaction that sends, so two
 * workers never mail the same owner and a failed send is tried again on the next run.
 */
import type { Knex } from 'knex';
import { SecurityEvent } from '../../models/SecurityEvent';
import { User } from '../../models/User';
import { securityPageUrl } from '../mail';
import type { SecurityMail } from './notify';

/** The next event of this kind not yet mailed (locked for this transaction), or undefined. */
async function claimUnmailed(trx: Knex.Transaction): Promise<SecurityEvent | undefined> {
  return SecurityEvent.query(trx)
    .where('kind', 'recovery_codes_retired')
    .whereRaw("detail->>'mailed' is null")
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .first();
}

/** Mails one owner about their retired codes; answers false when none is left to mail. */
export async function mailNextRetiredCodesNotice(trx: Knex.Transaction, mail: SecurityMail): Promise<boolean> {
  const event = await claimUnmailed(trx);
  if (!event) return false;
  const owner = await User.query(trx).findById(event.userId).where('isActive', true);
  if (owner) {
    await mail.mailer.send({
      to: owner.email,
      subject: `Make new recovery codes for your ${mail.productName} account`,
      text: [
        `Hello ${owner.name},`,
        '',
        `An upgrade of ${mail.productName} retired the recovery codes of your account: they were stored in an older`,
        'way that made every sign-in attempt slow to check, and they no longer work.',
        '',
        'Two-factor sign-in stays on, and your authenticator app and passkeys work as before. Make new recovery',
        `codes in Account Settings → Security and keep them somewhere safe: ${securityPageUrl(mail.baseUrl)}`,
      ].join('\n'),
    });
  }
  await SecurityEvent.query(trx)
    .findById(event.id)
    .patch({ detail: { ...event.detail, mailed: Boolean(owner) } });
  return true;
}
