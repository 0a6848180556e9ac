/**
 * The dated credentials a reminder or the calendar feed speaks of: every certification with an expiry (its
 * month or date when given, else its year) and every license with a readable expiry, on the user's profiles.
 */
import type { Knex } from 'knex';
import { certificationExpiry, expiryEnd } from '../../validation/lists/rules';
import type { ExpiringItem } from '../../validation/reminders';

interface Row {
  userId: number;
  profileId: number;
  id: number;
  name: string;
}

/** Dated items per user, for the users `users` selects (a subquery of user ids). */
export async function expiringItemsByUser(
  db: Knex | Knex.Transaction,
  users: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<Map<number, ExpiringItem[]>> {
  const base = (table: string) =>
    db(`${table} as i`)
      .join('profiles as p', 'p.id', 'i.profileId')
      .whereIn('p.userId', users(db('users').select('users.id')))
      .orderBy(['p.userId', 'i.profileId', 'i.position']);
  const [certifications, licenses] = await Promise.all([
    base('profile_certifications')
      .where((q) => q.whereNotNull('i.expires').orWhereNotNull('i.expiresOn'))
      .select<Array<Row & { expires: number | null; expiresOn: string | null }>>(
        'p.userId',
        'i.profileId',
        'i.id',
        'i.name',
        'i.expires',
        'i.expiresOn',
      ),
    base('profile_licenses').select<Array<Row & { expires: string }>>(
      'p.userId',
      'i.profileId',
      'i.id',
      'i.name',
      'i.expires',
    ),
  ]);
  const byUser = new Map<number, ExpiringItem[]>();
  const add = (row: Row, list: ExpiringItem['list'], end: ExpiringItem['end'] | null) => {
    if (!end) return;
    const items = byUser.get(row.userId) ?? [];
    items.push({ list, id: row.id, profileId: row.profileId, name: row.name, end });
    byUser.set(row.userId, items);
  };
  for (const row of certifications) add(row, 'certifications', certificationExpiry(row));
  for (const row of licenses) add(row, 'licenses', expiryEnd(row.expires));
  return byUser;
}
