/**
 * The career header's facts (docs/decisions/headshot-and-banner.md "Career header"), worked out from the lists: years
 * of service from the timeline, the current station and unit, the top certifications, the endorsers counted once.
 */
import test from 'ava';
import {
  currentStation,
  currentUnit,
  endorsersOf,
  serviceLine,
  topCertifications,
  yearsOfService,
} from '../../src/validation/career';
import type { SkillEndorsementJson } from '../../src/validation/endorsements';

test('years of service run from the first hire to the last retirement, or to this year', (t) => {
  const career = [
    { year: '2016', type: 'promoted' },
    { year: '2008', type: 'hired' },
    { year: '2004', type: 'training_completed' },
  ];
  t.is(yearsOfService(career, 2026), 18, 'from the hire, not the earlier academy');
  t.is(yearsOfService([...career, { year: '2024', type: 'retired' }], 2026), 16);
  t.is(yearsOfService([{ year: '2015-2019', type: 'assignment' }], 2026), 11, 'no hire: the earliest dated event');
  t.is(yearsOfService([{ date: 'March 2026', year: 'spring', type: 'joined' }], 2026), 0);
  t.is(yearsOfService([{ year: 'long ago', type: 'hired' }], 2026), null, 'nothing dated');
  t.is(yearsOfService([], 2026), null);
  t.is(serviceLine(18), '18 years of service');
  t.is(serviceLine(1), '1 year of service');
  t.is(serviceLine(0), 'First year of service');
  t.is(serviceLine(null), null);
});

test('the current station is the latest one still open; the unit one that runs to the present', (t) => {
  const stations = [
    { stationName: 'Station 3', startYear: '2008', endYear: '2015' },
    { stationName: 'Station 7', stationNumber: '7', startYear: '2016', position: 'Captain' },
    { stationName: 'Headquarters', stationNumber: '1', startYear: '2012', endYear: 'present' },
  ];
  t.is(currentStation(stations), 'Station 7 · Captain', 'its number already in its name');
  t.is(currentStation([{ stationName: 'Central', stationNumber: '1', endYear: 'Present' }]), 'Central · #1');
  t.is(currentStation([{ stationName: 'Old', endYear: '2001' }]), null);
  t.is(
    currentUnit([
      { name: 'Dive team', years: '2001-2009' },
      { name: 'Hazmat 1', years: '2012–present' },
    ]),
    'Hazmat 1',
  );
  t.is(currentUnit([{ name: 'Dive team', years: '2001-2009' }]), null);
});

test('top certifications: three on the main profile, those in force first', (t) => {
  const certs = [
    { name: 'A', status: 'expired', showOnMainProfile: true },
    { name: 'B', status: 'current', showOnMainProfile: true },
    { name: 'C', status: 'permanent', showOnMainProfile: false },
    { name: 'D', status: 'expiring', showOnMainProfile: true },
    { name: 'E', status: 'permanent', showOnMainProfile: true },
  ];
  t.deepEqual(
    topCertifications(certs).map((c) => c.name),
    ['B', 'E', 'D'],
  );
});

test('endorsers are counted once each, only for shown endorsements, most first', (t) => {
  const by = (name: string, profileUrl: string | null, status: SkillEndorsementJson['status'] = null) =>
    ({
      id: 0,
      skillId: 1,
      endorser: { name, rank: null, department: null, profileUrl, image: null },
      comment: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      status,
    }) satisfies SkillEndorsementJson;
  const endorsers = endorsersOf([
    by('Sam', '/profiles/2/public'),
    by('Kim', '/profiles/3/public'),
    by('Kim', '/profiles/3/public', 'approved'),
    by('Lee', null, 'pending'),
    by('Ray', null, 'hidden'),
  ]);
  t.deepEqual(
    endorsers.map((e) => [e.name, e.count]),
    [
      ['Kim', 2],
      ['Sam', 1],
    ],
  );
});
