/**
 * Reading profile insights (docs/decisions/insights.md): a profile's counts for its owner (and admins, who may edit it), and the
 * site's totals for the admin dashboard. Periods end today (UTC) and include it.
 */
import { Model } from 'objection';
import type { Profile } from '../../models/Profile';
import { adminUserPolicy, authorize, authorizeOnCollection, profilePolicy, type Viewer } from '../../policies';
import type { InsightCounts } from '../../presenters/share';
import type { InsightPeriod, InsightsJson } from '../../validation/share';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_REFERRERS = 10;

/** The period's days, oldest first, as YYYY-MM-DD (UTC). */
export function periodDays(days: InsightPeriod, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

interface Row {
  day: string;
  metric: string;
  key: string;
  count: number;
}

const emptyTotals = (): InsightsJson['totals'] => ({
  views: 0,
  visitors: 0,
  qrScans: 0,
  vcardDownloads: 0,
  pdfDownloads: 0,
});

function addToTotals(totals: InsightsJson['totals'], metric: string, count: number): void {
  if (metric === 'view') totals.views += count;
  else if (metric === 'visitor') totals.visitors += count;
  else if (metric === 'qr') totals.qrScans += count;
  else if (metric === 'vcard') totals.vcardDownloads += count;
  else if (metric === 'pdf') totals.pdfDownloads += count;
}

/** A profile's insights: for those who may edit it (the owner, admins); 404 for anyone else. */
export async function profileInsights(
  viewer: Viewer | null,
  profile: Profile,
  days: InsightPeriod,
  now = new Date(),
): Promise<InsightCounts> {
  authorize(profilePolicy, viewer, 'readOwn', profile);
  const period = periodDays(days, now);
  const rows = (await Model.knex()
    .select(Model.knex().raw("to_char(day, 'YYYY-MM-DD') as day"), 'metric', 'key', 'count')
    .from('profile_insights')
    .where('profile_id', profile.id)
    .whereBetween('day', [period[0]!, period[period.length - 1]!])) as Row[];
  const byDay = new Map(period.map((day) => [day, { day, views: 0, visitors: 0 }]));
  const totals = emptyTotals();
  const referrers = new Map<string, number>();
  for (const row of rows) {
    const count = Number(row.count);
    addToTotals(totals, row.metric, count);
    const daily = byDay.get(row.day);
    if (daily && row.metric === 'view') daily.views += count;
    if (daily && row.metric === 'visitor') daily.visitors += count;
    if (row.metric === 'referrer') referrers.set(row.key, (referrers.get(row.key) ?? 0) + count);
  }
  return {
    daily: [...byDay.values()],
    totals,
    referrers: [...referrers]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP_REFERRERS)
      .map(([domain, views]) => ({ domain, views })),
  };
}

/** Every profile's counts added up, for the admin dashboard (admins only: 403 for anyone else). */
export async function siteInsightTotals(
  viewer: Viewer | null,
  days: InsightPeriod,
  now = new Date(),
): Promise<InsightsJson['totals']> {
  authorizeOnCollection(adminUserPolicy, viewer, 'stats');
  const period = periodDays(days, now);
  const rows = (await Model.knex()
    .select('metric')
    .sum({ count: 'count' })
    .from('profile_insights')
    .whereBetween('day', [period[0]!, period[period.length - 1]!])
    .whereNot('metric', 'referrer')
    .groupBy('metric')) as Array<{ metric: string; count: string | number }>;
  const totals = emptyTotals();
  for (const row of rows) addToTotals(totals, row.metric, Number(row.count));
  return totals;
}
