/**
 * The roster in pages (src/validation/readiness.ts ROSTER_PAGE_SIZE): a department of hundreds is read a page of
 * members at a time, the filters' total kept, a page past the end answered with the last.
 */
import test from 'ava';
import type { Department } from '../../src/models/Department';
import { presentRoster } from '../../src/presenters/readiness';
import type { Roster } from '../../src/services/readiness/roster';
import { ROSTER_PAGE_SIZE, type RosterMemberJson } from '../../src/validation/readiness';

const member = (n: number): RosterMemberJson => ({
  userId: n,
  name: `Member ${n}`,
  profilePath: null,
  kinds: ['certifications'],
  cells: {},
  qualifiedFor: [],
  lacks: {},
});

const roster = (size: number): Roster => ({
  department: {
    id: 7,
    name: 'Springfield Fire Department',
    viewerIsOfficer: true,
    viewerIsVerifier: false,
  } as Department & { viewerIsOfficer: boolean; viewerIsVerifier: boolean },
  positions: [],
  credentials: [],
  members: Array.from({ length: size }, (_, i) => member(i + 1)),
  filter: { state: null, position: null },
});

const officer = { id: 99, role: 'user' as const };

test('a page holds ROSTER_PAGE_SIZE members in the roster order, with the total of every page', (t) => {
  const size = ROSTER_PAGE_SIZE * 2 + 20;
  const second = presentRoster(roster(size), officer, 2);
  t.deepEqual(
    second.members.map((m) => m.userId),
    Array.from({ length: ROSTER_PAGE_SIZE }, (_, i) => ROSTER_PAGE_SIZE + i + 1),
  );
  t.deepEqual(second.page, { number: 2, count: 3, total: size });
  t.is(presentRoster(roster(size), officer).members.length, ROSTER_PAGE_SIZE, 'no page: the first');
  const last = presentRoster(roster(size), officer, 3);
  t.is(last.members.length, 20);
});

test('a page past the end is the last; an empty roster is one empty page', (t) => {
  const past = presentRoster(roster(ROSTER_PAGE_SIZE + 1), officer, 40);
  t.deepEqual(past.page, { number: 2, count: 2, total: ROSTER_PAGE_SIZE + 1 });
  t.deepEqual(
    past.members.map((m) => m.userId),
    [ROSTER_PAGE_SIZE + 1],
  );
  const empty = presentRoster(roster(0), officer, 1);
  t.deepEqual(empty.page, { number: 1, count: 1, total: 0 });
  t.deepEqual(empty.members, []);
});
