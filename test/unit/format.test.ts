/**
 * The dashboard's dates (views/ui/format.ts) read exactly as Date's own toLocale… methods give them with the same
 * locale and options — the formatters are made once instead of per call — in UTC, and "—" for no date.
 */
import test from 'ava';
import { formatDate, formatDateTime } from '../../views/ui/format';

const DATES = [
  '2026-11-27T15:04:05.000Z',
  '2024-02-29T00:00:00Z',
  '1999-12-31T23:59:59.999Z',
  '2026-07-04',
  'not a date',
];

test('a date reads as toLocaleDateString gives it', (t) => {
  for (const iso of DATES) {
    const expected = new Date(iso).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    t.is(formatDate(iso), expected, iso);
  }
  t.is(formatDate('2026-11-27T15:04:05.000Z'), 'Nov 27, 2026');
  t.is(formatDate(null), '—');
});

test('a date and time reads as toLocaleString gives it, with its zone', (t) => {
  for (const iso of DATES) {
    const expected = new Date(iso).toLocaleString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
    t.is(formatDateTime(iso), expected, iso);
  }
  t.is(formatDateTime('2026-11-27T15:04:05.000Z'), 'Nov 27, 2026, 03:04 PM UTC');
});
