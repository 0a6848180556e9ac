/** Training hours' year totals (docs/decisions/training-hours.md) on an injected clock. */
import test from 'ava';
import { TRAINING_CATEGORIES, isTrainingDate, trainingYearTotals } from '../../src/validation/lists/rules';

const now = new Date('2026-06-15T12:00:00Z');
const byCategory = (entries: Parameters<typeof trainingYearTotals>[0], clock = now) =>
  Object.fromEntries(trainingYearTotals(entries, clock).map((total) => [total.category, total]));

test('every ISO category, in order, with its yearly figure; none logged is 0 and short', (t) => {
  const totals = trainingYearTotals([], now);
  t.deepEqual(
    totals.map((total) => total.category),
    [...TRAINING_CATEGORIES],
  );
  t.deepEqual(
    totals.map((total) => total.target),
    [192, 18, 12, 12, 6, 60, 240],
  );
  t.true(totals.every((total) => total.hours === 0 && !total.met));
});

test('only this year’s entries count, summed by category; reaching the figure is met', (t) => {
  const totals = byCategory([
    { date: '2026-01-01', category: 'hazmat', hours: 4 },
    { date: '2026-12-31', category: 'hazmat', hours: 2 },
    { date: '2025-12-31', category: 'hazmat', hours: 8 },
    { date: '2026-02-02', category: 'facility', hours: 17.75 },
    { date: '2026-02-03', category: 'officer', hours: '1.5' },
  ]);
  t.like(totals.hazmat, { hours: 6, target: 6, met: true });
  t.like(totals.facility, { hours: 17.75, met: false });
  t.like(totals.officer, { hours: 1.5 });
});

test('the year turns with the clock (UTC)', (t) => {
  const entries = [{ date: '2026-12-31', category: 'company', hours: 5 }];
  t.is(byCategory(entries, new Date('2026-12-31T23:59:59Z')).company!.hours, 5);
  t.is(byCategory(entries, new Date('2027-01-01T00:00:00Z')).company!.hours, 0);
});

test('unknown categories and unreadable hours count nothing', (t) => {
  const totals = trainingYearTotals(
    [
      { date: '2026-05-01', category: 'swimming', hours: 9 },
      { date: '2026-05-01', category: 'company', hours: 'many' },
      { date: null, category: 'company', hours: 3 },
    ],
    now,
  );
  t.true(totals.every((total) => total.hours === 0));
});

test('a training date is a real YYYY-MM-DD day', (t) => {
  t.true(isTrainingDate('2028-02-29'));
  t.false(isTrainingDate('2027-02-29'));
  t.false(isTrainingDate('03/14/2026'));
});
