/**
 * A kept profile page is kept per day (src/pageCache/profilePages.ts): license and certification statuses are
 * worked out from today's date and an expiry may name a day, so a page kept yesterday must not be served today.
 */
import test from 'ava';
import { dayOf, pageVariant, profileDocumentTag } from '../../src/pageCache/profilePages';

const query = { widget: undefined, sort: 'newest' } as const;

test('the same day shares a kept page; the next day, even in the same month, gets its own', (t) => {
  const morning = new Date(2026, 10, 24, 0, 0, 1);
  const evening = new Date(2026, 10, 24, 23, 59, 59);
  const nextDay = new Date(2026, 10, 25, 0, 0, 0);
  t.is(pageVariant(true, query, morning).key, pageVariant(true, query, evening).key);
  t.not(pageVariant(true, query, evening).key, pageVariant(true, query, nextDay).key);
  const profile = { id: 1, version: '7' };
  t.not(profileDocumentTag(profile, 'visitor', evening), profileDocumentTag(profile, 'visitor', nextDay));
});

test('the day is the local date, the one statuses are computed from', (t) => {
  t.is(dayOf(new Date(2026, 0, 5, 12)), '2026-01-05');
  t.is(dayOf(new Date(2026, 11, 31, 23, 59)), '2026-12-31');
  t.is(dayOf(new Date(2027, 0, 1, 0, 0)), '2027-01-01');
  t.is(dayOf(new Date(2026, 11, 31, 8)), '2026-12-31', 'going back in time is answered too');
});
