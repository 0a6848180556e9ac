/** The lateral view (docs/decisions/hiring-tracker.md): spans of verified service and the breaks between them. */
import test from 'ava';
import { lateralView, serviceEntries, servicePeriod, type ServiceEntry } from '../../src/validation/lateral';

const TODAY = '2026-11-29';
const entry = (department: string, start: string, end: string | null, verified = true): ServiceEntry => ({
  department,
  start,
  end,
  verified,
});

test('overlapping memberships are one span, counted once', (t) => {
  const view = lateralView(
    [entry('Austin FD', '2015-01-01', '2018-12-31'), entry('Travis County ESD', '2018-06-01', '2020-05-31')],
    TODAY,
  );
  t.deepEqual(view.spans, [
    { start: '2015-01-01', end: '2020-05-31', departments: ['Austin FD', 'Travis County ESD'], days: 1978 },
  ]);
  t.deepEqual(view.breaks, []);
  t.is(view.totalDays, 1978);
});

test('an open-ended current job runs to today, and the break before it has its length', (t) => {
  const view = lateralView(
    [entry('Round Rock FD', '2021-01-01', null), entry('Austin FD', '2015-01-01', '2020-06-30')],
    TODAY,
  );
  t.deepEqual(view.spans, [
    { start: '2015-01-01', end: '2020-06-30', departments: ['Austin FD'], days: 2008 },
    { start: '2021-01-01', end: null, departments: ['Round Rock FD'], days: 2159 },
  ]);
  t.deepEqual(view.breaks, [{ from: '2020-07-01', to: '2020-12-31', days: 184 }]);
});

test('a gap of exactly one day is a break of one day; the next day is no break', (t) => {
  const oneDay = lateralView([entry('A', '2019-01-01', '2019-06-30'), entry('B', '2019-07-02', '2019-12-31')], TODAY);
  t.deepEqual(oneDay.breaks, [{ from: '2019-07-01', to: '2019-07-01', days: 1 }]);
  t.is(oneDay.spans.length, 2);
  const adjacent = lateralView([entry('A', '2019-01-01', '2019-06-30'), entry('B', '2019-07-01', '2019-12-31')], TODAY);
  t.deepEqual(adjacent.breaks, []);
  t.deepEqual(adjacent.spans, [{ start: '2019-01-01', end: '2019-12-31', departments: ['A', 'B'], days: 365 }]);
});

test('unverified memberships count nothing: they neither fill a break nor add service', (t) => {
  const view = lateralView(
    [
      entry('A', '2010-01-01', '2010-12-31'),
      entry('Unverified', '2011-01-01', '2011-12-31', false),
      entry('B', '2012-01-01', '2012-12-31'),
    ],
    TODAY,
  );
  t.deepEqual(view.breaks, [{ from: '2011-01-01', to: '2011-12-31', days: 365 }]);
  t.is(view.totalDays, 365 + 366);
  t.deepEqual(lateralView([entry('Unverified', '2011-01-01', null, false)], TODAY), {
    spans: [],
    breaks: [],
    totalDays: 0,
  });
});

test('a membership inside another changes nothing; one that starts after today is left out', (t) => {
  const view = lateralView(
    [entry('A', '2015-01-01', null), entry('B', '2016-01-01', '2016-02-01'), entry('C', '2027-01-01', null)],
    TODAY,
  );
  t.deepEqual(view.spans, [{ start: '2015-01-01', end: null, departments: ['A', 'B'], days: 4351 }]);
});

test('a timeline entry’s span from its text; entries of departments that verified the owner are verified', (t) => {
  t.deepEqual(servicePeriod('2015-2019'), { start: '2015-01-01', end: '2019-12-31' });
  t.deepEqual(servicePeriod('2017-present'), { start: '2017-01-01', end: null });
  t.deepEqual(servicePeriod('2015-03-01 – 2019-06-30'), { start: '2015-03-01', end: '2019-06-30' });
  t.deepEqual(servicePeriod('02/2016 to 06/2019'), { start: '2016-02-01', end: '2019-06-30' });
  t.deepEqual(servicePeriod('2019'), { start: '2019-01-01', end: '2019-12-31' });
  t.is(servicePeriod('2019-02-30'), null);
  t.is(servicePeriod('a while ago'), null);
  const entries = serviceEntries(
    [
      { department: 'Austin Fire Department', year: '2015-2019', date: null },
      { department: ' austin fire department ', year: '2020', date: '2020-01-01 - present' },
      { department: 'Elsewhere FD', year: '2012-2014' },
      { department: null, year: '2010' },
      { department: 'Austin Fire Department', year: 'someday' },
    ],
    [{ departmentId: 1, departmentName: 'Austin Fire Department', year: 2021 }],
  );
  t.deepEqual(entries, [
    { department: 'Austin Fire Department', start: '2015-01-01', end: '2019-12-31', verified: true },
    { department: 'austin fire department', start: '2020-01-01', end: null, verified: true },
    { department: 'Elsewhere FD', start: '2012-01-01', end: '2014-12-31', verified: false },
  ]);
});
