/**
 * The hiring tracker (docs/decisions/hiring-tracker.md): the tests an applicant took and the eligibility lists they
 * placed on, each with the day taken and how long the department says it holds. Only the owner (and admins) ever
 * see it. Windows without a stated end follow HIRING_VALIDITY.
 */
import {
  defineList,
  optionalNumber,
  optionalText,
  requiredChoice,
  requiredText,
  LIST_LONG_TEXT_MAX,
  type ItemOf,
} from './define';
import { isIsoDay, isoDayEnd, windowEnd, type ExpiryEnd, type Validity } from './rules';

export const HIRING_TESTS = ['cpat', 'ntn', 'pst', 'written', 'oral', 'agility', 'eligibility_list'] as const;
export type HiringTest = (typeof HIRING_TESTS)[number];

export const HIRING_TEST_LABELS: Record<HiringTest, string> = {
  cpat: 'CPAT',
  ntn: 'NTN (FireTEAM)',
  pst: 'PST',
  written: 'Written exam',
  oral: 'Oral board',
  agility: 'Agility test',
  eligibility_list: 'Eligibility list',
};

/**
 * How long a result holds when the department states nothing else (docs/decisions/hiring-tracker.md). A
 * department's own written, oral and agility tests have no common figure: their window is what the owner enters.
 */
export const HIRING_VALIDITY: Record<HiringTest, Validity | null> = {
  cpat: { months: 12 },
  ntn: { months: 12 },
  pst: { days: 180 },
  written: null,
  oral: null,
  agility: null,
  eligibility_list: { months: 24 },
};

export const HIRING_MESSAGES = {
  testRequired: 'Choose the test or list',
  takenRequired: 'Date taken is required',
  takenInvalid: 'Date taken must be a real date as YYYY-MM-DD',
  validUntilInvalid: 'Valid until must be a real date as YYYY-MM-DD',
  validUntilBefore: 'Valid until must not be before the date taken',
  rankInvalid: 'Rank must be a whole number from 1 to 100000',
} as const;

export const hiringTracker = defineList({
  key: 'hiringTracker',
  path: 'hiring-tracker',
  table: 'profile_hiring_tracker',
  noun: 'Tracker entry',
  titleField: 'test',
  defaultVisibility: 'private',
  ownerOnly: true,
  fields: {
    test: requiredChoice('Test or list', HIRING_TESTS, HIRING_MESSAGES.testRequired, HIRING_TEST_LABELS),
    department: optionalText('Department').meta({ label: 'Department', input: 'department', primary: true }),
    takenOn: requiredText('Date taken', HIRING_MESSAGES.takenRequired, 10, 'text')
      .test('date', HIRING_MESSAGES.takenInvalid, (value) => value === undefined || isIsoDay(value))
      .meta({ label: 'Date taken', input: 'text', help: 'YYYY-MM-DD', primary: true }),
    validUntil: optionalText('Valid until', 10)
      .test(
        'date',
        HIRING_MESSAGES.validUntilInvalid,
        (value) => value === null || value === undefined || isIsoDay(value),
      )
      .test('after', HIRING_MESSAGES.validUntilBefore, (value, context) => {
        const taken = (context.parent as { takenOn?: unknown }).takenOn;
        return !value || typeof taken !== 'string' || !isIsoDay(taken) || value >= taken;
      })
      .meta({
        label: 'Valid until',
        input: 'text',
        help: 'YYYY-MM-DD, as the department states it; blank: the usual window for the test',
      }),
    rank: optionalNumber('Rank on the list', HIRING_MESSAGES.rankInvalid, 1, 100_000),
    notes: optionalText('Notes', LIST_LONG_TEXT_MAX),
  },
  order: (items) => [...items].sort((a, b) => String(b.takenOn).localeCompare(String(a.takenOn))),
});
export type HiringTrackerItemJson = ItemOf<typeof hiringTracker.fields>;

/** The last day an entry holds: the end the department states, else the usual window (none: null). */
export function hiringWindowEnd(item: { test?: unknown; takenOn?: unknown; validUntil?: unknown }): ExpiryEnd | null {
  if (item.validUntil) return isoDayEnd(item.validUntil);
  const validity = HIRING_VALIDITY[item.test as HiringTest];
  return validity ? windowEnd(item.takenOn, validity) : null;
}

/** An entry's words: the test and, when named, the department. */
export function hiringEntryTitle(item: { test?: unknown; department?: unknown }): string {
  const label = HIRING_TEST_LABELS[item.test as HiringTest] ?? String(item.test ?? '');
  return item.department ? `${label} — ${String(item.department)}` : label;
}
