/**
 * The blacklist's check (spec 01 §5): an address that is on the active blacklist, or whose domain is, may not
 * register nor become an account's e-mail. Entries are kept lower-cased (src/services/blacklist/admin.ts).
 */
import type { Knex } from 'knex';
import { ValidationError } from '../../errors';
import { BlacklistEntry } from '../../models/BlacklistEntry';
import type { Viewer } from '../../policies/viewer';
import { AUTH_MESSAGES } from '../../validation/auth';

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

async function isBlacklisted(trx: Knex.Transaction, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const hit = await BlacklistEntry.query(trx)
    .where('isActive', true)
    .where((q) =>
      q
        .where((e) => e.where('type', 'email').where('value', address))
        .orWhere((d) => d.where('type', 'domain').where('value', emailDomain(address))),
    )
    .first();
  return Boolean(hit);
}

/**
 * A step of the mutations that take an e-mail (registration, an account's new e-mail), in their transaction:
 * a blacklisted address is a 400 on the e-mail field. The actor (a visitor registering, or the user) does not
 * change the answer.
 */
export async function refuseBlacklistedEmail(
  trx: Knex.Transaction,
  _actor: Viewer | null,
  input: { email: string },
): Promise<void> {
  if (await isBlacklisted(trx, input.email)) {
    throw new ValidationError(AUTH_MESSAGES.emailNotAllowed, { email: AUTH_MESSAGES.emailNotAllowed });
  }
}
