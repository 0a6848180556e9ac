import type { Knex } from 'knex';
import { BlacklistEntry } from '../../models/BlacklistEntry';

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** True when the address, or its domain, is on the active blacklist. */
export async function isBlacklisted(email: string, trx?: Knex.Transaction): Promise<boolean> {
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
