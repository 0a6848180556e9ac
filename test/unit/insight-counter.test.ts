/**
 * The insights counter (src/services/insights/counter.ts) tallies queued views in batches: a visitor is one
 * visitor per profile and UTC day however often they come back, a new day starts a new count (and a new salt),
 * bots never count. Its one statement per flush is captured here instead of sent to a database.
 */
import test from 'ava';
import type { Knex } from 'knex';
import { InsightCounter } from '../../src/services/insights/counter';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function counterAt(clock: { now: Date }) {
  const written: Array<Record<string, number>> = [];
  const db = {
    raw: async (
      _sql: string,
      [ids, days, metrics, keys, counts]: [number[], string[], string[], string[], number[]],
    ) => {
      const batch: Record<string, number> = {};
      ids.forEach((id, i) => (batch[`${id} ${days[i]} ${metrics[i]}${keys[i] ? ` ${keys[i]}` : ''}`] = counts[i]!));
      written.push(batch);
    },
  } as unknown as Knex;
  const counter = new InsightCounter({ now: () => clock.now, db: () => db, intervalMs: 60_000 });
  return { counter, written };
}

const view = (profileId: number, address: string, extra: Record<string, unknown> = {}) => ({
  profileId,
  kind: 'view' as const,
  address,
  userAgent: BROWSER,
  ownHost: 'turnout.example',
  ...extra,
});

test('repeat views are one visitor per profile and day; a new UTC day counts them again', async (t) => {
  const clock = { now: new Date('2026-11-24T23:59:58Z') };
  const { counter, written } = counterAt(clock);
  counter.record(view(1, '203.0.113.7'));
  counter.record(view(1, '203.0.113.7', { referrer: 'https://www.facebook.com/groups/1' }));
  counter.record(view(2, '203.0.113.7', { fromQr: true }));
  counter.record(view(1, '198.51.100.2', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }));
  counter.record({ ...view(1, '203.0.113.7'), kind: 'vcard' });
  clock.now = new Date('2026-11-25T00:00:01Z');
  counter.record(view(1, '203.0.113.7'));
  await counter.flush();
  t.deepEqual(written, [
    {
      '1 2026-11-24 view': 2,
      '1 2026-11-24 visitor': 1,
      '1 2026-11-24 referrer facebook.com': 1,
      '2 2026-11-24 view': 1,
      '2 2026-11-24 visitor': 1,
      '2 2026-11-24 qr': 1,
      '1 2026-11-24 vcard': 1,
      '1 2026-11-25 view': 1,
      '1 2026-11-25 visitor': 1,
    },
  ]);
  await counter.close();
});
