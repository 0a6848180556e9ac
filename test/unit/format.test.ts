/**
 * The dashboard's dates (views/ui/format.ts) read exactly as Date's own toLocale… methods give them with the same
 * locale and options — the formatters are made once instead of per call — in UTC, and "—" for no date.
 */
import test from 'ava';
import { DATE_OPTIONS, DATE_TIME_OPTIONS, formatDate, formatDateTime } from '../../views/ui/format';

const DATES = [
  '2026-11-27T15:04:05.000Z',
  '2024-02-29T00:00:00Z',
  '1999-12-31T23:59:59.999Z',
  '2026-07-04',
  'not a date',
];

test('a date reads as toLocaleDateString gives it', (t) => {
  for (const iso of DATES) {
    t.is(formatDate(iso), new Date(iso).toLocaleDateString('en-US', DATE_OPTIONS), iso);
  }
  t.is(formatDate('2026-11-27T15:04:05.000Z'), 'Nov 27, 2026');
  t.is(formatDate(null), '—');
});

test('a date and time reads as toLocaleString gives it, with its zone', (t) => {
  for (const iso of DATES) {
    t.is(formatDateTime(iso), new Date(iso).toLocaleString('en-US', DATE_TIME_OPTIONS), iso);
  }
  t.is(formatDateTime('2026-11-27T15:04:05.000Z'), 'Nov 27, 2026, 03:04 PM UTC');
});
