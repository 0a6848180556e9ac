/**
 * Private readiness dates (docs/decisions/readiness-dates.md): a respirator fit test, the day one is cleared for
 * duty through, immunizations (name and date) and a CPAT. Only the owner (and admins) ever see them; a department
 * sees them only when the member shares "readiness dates" with it (docs/decisions/department-readiness.md).
 */
import { defineList, optionalText, requiredChoice, requiredText, type ItemOf } from './define';
import { isIsoDay, isoDayEnd, windowEnd, type ExpiryEnd, type Validity } from './rules';

export const READINESS_DATE_KINDS = ['fit_test', 'cleared_for_duty', 'immunization', 'cpat'] as const;
export type ReadinessDateKind = (typeof READINESS_DATE_KINDS)[number];

export const READINESS_DATE_LABELS: Record<ReadinessDateKind, string> = {
  fit_test: 'Respirator fit test',
  cleared_for_duty: 'Cleared for duty',
  immunization: 'Immunization',
  cpat: 'CPAT',
};

/** How long each kind holds from its date when the owner states no end (a fit test is yearly: OSHA 1910.134(f)(2)). */
export const READINESS_DATE_VALIDITY: Record<ReadinessDateKind, Validity | null> = {
  fit_test: { months: 12 },
  cleared_for_duty: { days: 0 },
  immunization: null,
  cpat: { months: 12 },
};

export const READINESS_DATE_MESSAGES = {
  kindRequired: 'Choose what the date is for',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a real date as YYYY-MM-DD',
  validUntilInvalid: 'Valid until must be a real date as YYYY-MM-DD',
  nameRequired: 'Name the immunization',
} as const;

const isoDayField = (label: string, message: string) =>
  optionalText(label, 10)
    .test('date', message, (value) => value === null || value === undefined || isIsoDay(value))
    .meta({ label, input: 'text', help: 'YYYY-MM-DD' });

export const readinessDates = defineList({
  key: 'readinessDates',
  path: 'readiness-dates',
  table: 'profile_readiness_dates',
  noun: 'Readiness date',
  titleField: 'kind',
  defaultVisibility: 'private',
  ownerOnly: true,
  fields: {
    kind: requiredChoice('Date of', READINESS_DATE_KINDS, READINESS_DATE_MESSAGES.kindRequired, READINESS_DATE_LABELS),
    date: requiredText('Date', READINESS_DATE_MESSAGES.dateRequired, 10, 'text')
      .test('date', READINESS_DATE_MESSAGES.dateInvalid, (value) => value === undefined || isIsoDay(value))
      .meta({ label: 'Date', input: 'text', help: 'YYYY-MM-DD (cleared for duty: the last day)' }),
    name: optionalText('Immunization name')
      .when('kind', {
        is: 'immunization',
        then: (schema) => schema.required(READINESS_DATE_MESSAGES.nameRequired),
      })
      .meta({ label: 'Immunization name', input: 'text', primary: true }),
    validUntil: isoDayField('Valid until', READINESS_DATE_MESSAGES.validUntilInvalid),
  },
  order: (items) => [...items].sort((a, b) => String(b.date).localeCompare(String(a.date))),
});
export type ReadinessDateItemJson = ItemOf<typeof readinessDates.fields>;

/** The item's words: its kind, and an immunization's name. */
export function readinessDateTitle(item: { kind?: unknown; name?: unknown }): string {
  const label = READINESS_DATE_LABELS[item.kind as ReadinessDateKind] ?? String(item.kind ?? '');
  return item.kind === 'immunization' && item.name ? `${label}: ${String(item.name)}` : label;
}

/** The last day a readiness date holds: its stated end, else its kind's validity from the date (none: null). */
export function readinessDateEnd(item: { kind?: unknown; date?: unknown; validUntil?: unknown }): ExpiryEnd | null {
  if (item.validUntil) return isoDayEnd(item.validUntil);
  const validity = READINESS_DATE_VALIDITY[item.kind as ReadinessDateKind];
  return validity ? windowEnd(item.date, validity) : null;
}
