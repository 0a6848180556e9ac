/** The computed rules of spec 02 §4 at their boundaries, on an injected clock. */
import test from 'ava';
import {
  certificationStatus,
  daysRemaining,
  expirationShown,
  expiryEnd,
  licenseStatus,
  monthsRemaining,
  sortCertifications,
  sortLicenses,
  sortTimeline,
  timelineTime,
} from '../../src/validation/lists/rules';

const now = new Date(2025, 5, 15); // June 2025

test('license status: expired before this month, expiring this month through 3 months ahead, then active', (t) => {
  t.is(licenseStatus('05/2025', now), 'expired');
  t.is(licenseStatus('06/2025', now), 'expiring', 'this month');
  t.is(licenseStatus('09/2025', now), 'expiring', 'exactly 3 months ahead');
  t.is(licenseStatus('10/2025', now), 'active', '4 months ahead');
  t.is(licenseStatus('01/2026', now), 'active');
  t.is(monthsRemaining('06/2026', now), 12);
});

test('license status: a legacy YYYY expires at the end of its year; unreadable keeps the stored status', (t) => {
  t.is(licenseStatus('2024', now), 'expired');
  t.is(licenseStatus('2025', now), 'active', 'December 2025 is 6 months ahead');
  t.is(licenseStatus('2025', new Date(2025, 8, 1)), 'expiring', 'in September, December is 3 months ahead');
  t.is(licenseStatus('soon', now, 'expiring'), 'expiring');
  t.is(licenseStatus('13/2025', now), 'active');
});

test('certification status from the expiry year', (t) => {
  t.is(certificationStatus(null, now), 'permanent');
  t.is(certificationStatus(2024, now), 'expired');
  t.is(certificationStatus(2025, now), 'expiring');
  t.is(certificationStatus(2026, now), 'current');
});

test('order: expired, expiring, active (most months left first), permanent; expired and expiring by fewest', (t) => {
  const licenses = [
    { name: 'active-far', expires: '12/2030' },
    { name: 'expired-recent', expires: '05/2025' },
    { name: 'expiring-later', expires: '09/2025' },
    { name: 'active-near', expires: '12/2025' },
    { name: 'expired-old', expires: '2020' },
    { name: 'expiring-now', expires: '06/2025' },
  ];
  t.deepEqual(
    sortLicenses(licenses, now).map((l) => l.name),
    ['expired-old', 'expired-recent', 'expiring-now', 'expiring-later', 'active-far', 'active-near'],
  );
  const certifications = [
    { name: 'permanent', expires: null },
    { name: 'current-far', expires: 2040 },
    { name: 'expiring', expires: 2025 },
    { name: 'current-near', expires: 2027 },
    { name: 'expired', expires: 2019 },
  ];
  t.deepEqual(
    sortCertifications(certifications, now).map((c) => c.name),
    ['expired', 'expiring', 'current-far', 'current-near', 'permanent'],
  );
});

test('expiry end: a year, a month or a day expires at its end; impossible days are unreadable', (t) => {
  t.deepEqual(expiryEnd(2026), { year: 2026, month: 12, day: 31, precision: 'year' });
  t.deepEqual(expiryEnd('2026'), { year: 2026, month: 12, day: 31, precision: 'year' });
  t.deepEqual(expiryEnd('02/2028'), { year: 2028, month: 2, day: 29, precision: 'month' }, 'leap February');
  t.deepEqual(expiryEnd('04/15/2027'), { year: 2027, month: 4, day: 15, precision: 'day' });
  t.is(expiryEnd('02/30/2027'), null);
  t.is(expiryEnd('13/01/2027'), null);
  t.is(daysRemaining(expiryEnd('06/15/2025')!, now), 0, 'the day itself');
  t.is(daysRemaining(expiryEnd('06/2025')!, now), 15, 'a month counts to its last day');
  t.is(daysRemaining(expiryEnd('06/14/2025')!, now), -1);
});

test('license status from a full date: expired the day after, expiring up to three calendar months ahead', (t) => {
  t.is(licenseStatus('06/14/2025', now), 'expired');
  t.is(licenseStatus('06/15/2025', now), 'expiring', 'expires at the end of today');
  t.is(licenseStatus('09/15/2025', now), 'expiring', 'exactly three months ahead');
  t.is(licenseStatus('09/16/2025', now), 'active');
  t.is(licenseStatus('09/2025', now), 'expiring', 'MM/YYYY keeps the spec rule');
});

test('certification status: a month or date decides over the year; the year alone keeps the spec rule', (t) => {
  t.is(certificationStatus(2025, now, '12/31/2025'), 'current', 'the date is more than three months away');
  t.is(certificationStatus(2025, now), 'expiring', 'the year alone: expiring all year');
  t.is(certificationStatus(2025, now, '06/10/2025'), 'expired');
  t.is(certificationStatus(2025, now, '08/2025'), 'expiring');
  t.is(certificationStatus(2026, now, '03/2026'), 'current');
  t.is(certificationStatus(null, now, '07/2025'), 'expiring', 'a date without a year');
});

test('order uses the most precise value: a date sorts within its month and year', (t) => {
  const certifications = [
    { name: 'year-2025', expires: 2025 },
    { name: 'jul-1', expires: 2025, expiresOn: '07/01/2025' },
    { name: 'jun-20', expires: 2025, expiresOn: '06/20/2025' },
    { name: 'jun-1', expires: 2025, expiresOn: '06/01/2025' },
    { name: 'permanent', expires: null },
  ];
  t.deepEqual(
    sortCertifications(certifications, now).map((c) => c.name),
    ['jun-1', 'jun-20', 'jul-1', 'year-2025', 'permanent'],
  );
  const licenses = [
    { name: 'end-of-june', expires: '06/2025' },
    { name: 'june-20', expires: '06/20/2025' },
    { name: 'far', expires: '01/02/2030' },
    { name: 'farther', expires: '01/2030' },
  ];
  t.deepEqual(
    sortLicenses(licenses, now).map((l) => l.name),
    ['june-20', 'end-of-june', 'farther', 'far'],
  );
});

test('timeline time: a year range uses its start, a four-digit year, a month name plus year, an ISO date', (t) => {
  t.is(timelineTime('2015-2019'), Date.UTC(2015, 0, 1));
  t.is(timelineTime('2017 - Present'), Date.UTC(2017, 0, 1));
  t.is(timelineTime('2012'), Date.UTC(2012, 0, 1));
  t.is(timelineTime('March 2018'), Date.UTC(2018, 2, 1));
  t.is(timelineTime('Sept. 2010'), Date.UTC(2010, 8, 1));
  t.is(timelineTime('2021-07-04'), Date.UTC(2021, 6, 4));
  t.is(timelineTime('someday'), null);
  t.is(timelineTime(''), null);
});

test('timeline sort: newest or oldest first, by date else year; undated last', (t) => {
  const events = [
    { event: 'a', year: '2015-2019' },
    { event: 'b', year: '2018', date: 'March 2018' },
    { event: 'c', year: 'n/a' },
    { event: 'd', year: '2018', date: 'January 2018' },
    { event: 'e', year: '2010' },
  ];
  t.deepEqual(
    sortTimeline(events, 'newest').map((e) => e.event),
    ['b', 'd', 'a', 'e', 'c'],
  );
  t.deepEqual(
    sortTimeline(events, 'oldest').map((e) => e.event),
    ['e', 'a', 'd', 'b', 'c'],
  );
});

test('license expiration visibility: unset is shown to everyone (spec 02 §6); private only for the owner and admins', (t) => {
  const visitor = ['public'] as const;
  const member = ['public', 'authenticated'] as const;
  const owner = ['public', 'authenticated', 'private'] as const;
  t.true(expirationShown(undefined, visitor));
  t.true(expirationShown(null, visitor));
  t.true(expirationShown(null, member));
  t.false(expirationShown('authenticated', visitor));
  t.true(expirationShown('public', visitor));
  t.true(expirationShown('authenticated', member));
  t.false(expirationShown('private', member));
  t.true(expirationShown('private', owner));
});
