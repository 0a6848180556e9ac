/**
 * The dated credentials a reminder or the calendar feed speaks of: every certification with an expiry (its
 * month or date when given, else its year) and every license with a readable expiry, on the user's profiles;
 * every readiness date that holds until a day (docs/decisions/readiness-dates.md) and every hiring tracker
 * window (docs/decisions/hiring-tracker.md).
 */
import type { Knex } from 'knex';
import { Model } from 'objection';
import { certificationExpiry, daysRemaining, expiryEnd } from '../../validation/lists/rules';
import { hiringEntryTitle, hiringWindowEnd } from '../../validation/lists/hiringTracker';
import { readinessDateEnd, readinessDateTitle } from '../../validation/lists/readinessDates';
import type { ExpiringItem } from '../../validation/reminders';
import { readTogether } from '../../db/readTogether';

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
  const [certifications, licenses, readinessDates, tracker] = await readTogether(db, [
    () =>
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
    () =>
      base('profile_licenses').select<Array<Row & { expires: string }>>(
        'p.userId',
        'i.profileId',
        'i.id',
        'i.name',
        'i.expires',
      ),
    () =>
      base('profile_readiness_dates').select<
        Array<Omit<Row, 'name'> & { kind: string; name: string | null; date: string; validUntil: string | null }>
      >('p.userId', 'i.profileId', 'i.id', 'i.kind', 'i.name', 'i.date', 'i.validUntil'),
    () =>
      base('profile_hiring_tracker').select<
        Array<
          Omit<Row, 'name'> & { test: string; department: string | null; takenOn: string; validUntil: string | null }
        >
      >('p.userId', 'i.profileId', 'i.id', 'i.test', 'i.department', 'i.takenOn', 'i.validUntil'),
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
  for (const row of readinessDates)
    add({ ...row, name: readinessDateTitle(row) }, 'readinessDates', readinessDateEnd(row));
  for (const row of tracker) add({ ...row, name: hiringEntryTitle(row) }, 'hiringTracker', hiringWindowEnd(row));
  return byUser;
}

/** How far ahead the profile's "Expiring soon" notice looks when the user's reminder days reach less far. */
export const EXPIRING_SOON_DAYS = 60;
/** How long an expired item stays in the notice. */
export const EXPIRED_SHOWN_DAYS = 30;

/**
 * The owner's items on one profile that expire within their furthest reminder day (at least 60 days) or expired
 * in the last 30, soonest first.
 */
export async function expiringSoon(
  owner: { id: number; reminderDays: number[] },
  profileId: number,
  now: Date,
): Promise<Array<ExpiringItem & { daysLeft: number }>> {
  const horizon = Math.max(EXPIRING_SOON_DAYS, ...owner.reminderDays);
  const items = (await expiringItemsByUser(Model.knex(), (q) => q.where('users.id', owner.id))).get(owner.id) ?? [];
  return items
    .filter((item) => item.profileId === profileId)
    .map((item) => ({ ...item, daysLeft: daysRemaining(item.end, now) }))
    .filter((item) => item.daysLeft <= horizon && item.daysLeft >= -EXPIRED_SHOWN_DAYS)
    .sort((a, b) => a.daysLeft - b.daysLeft);
}
