import test from 'ava';
import { iso } from '../../src/presenters/iso';

test("iso() gives Date's own ISO text for Postgres' UTC timestamps, other offsets and Dates", (t) => {
  const values: Array<Date | string> = [
    '2026-11-24T05:31:14.123456+00:00',
    '2026-11-24T05:31:14.999999+00:00',
    '2026-11-24T05:31:14+00:00',
    '2026-11-24T05:31:14.1+00:00',
    '2024-02-29T23:59:59.9995+00:00',
    '2026-11-24T05:31:14.123456+01:00',
    '2026-11-24T05:31:14.5-05:30',
    '2026-11-24',
    new Date('2026-01-02T03:04:05.678Z'),
  ];
  for (const value of values) t.is(iso(value), new Date(value).toISOString(), String(value));
});

test('iso() refuses what Date refuses', (t) => {
  t.throws(() => iso('2026-11-24T05:31:14+00'), { instanceOf: RangeError });
  t.throws(() => iso('not a date'), { instanceOf: RangeError });
});
