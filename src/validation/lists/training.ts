/**
 * Training hours (docs/decisions/training-hours.md): a log of training by ISO Fire Suppression Rating Schedule
 * category, each entry a day's hours on one topic. Year totals against the schedule's figures are
 * `trainingYearTotals` (./rules.ts).
 */
import { number } from 'yup';
import { defineList, optionalText, requiredChoice, requiredText, LIST_LONG_TEXT_MAX, type ItemOf } from './define';
import { TRAINING_CATEGORIES, TRAINING_CATEGORY_LABELS, isTrainingDate } from './rules';

/** Hours a single entry may log: more than none, at most one day's. */
export const TRAINING_HOURS_MAX = 24;

export const TRAINING_MESSAGES = {
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a real date as YYYY-MM-DD',
  categoryRequired: 'Training category is required',
  hoursRequired: 'Hours are required',
  hoursInvalid: `Hours must be a number more than 0 and at most ${TRAINING_HOURS_MAX}`,
  topicRequired: 'Topic is required',
} as const;

/** Hours as a number (a form's text is cast; blank is missing), kept to two decimals (a quarter hour is 0.25). */
const hours = () =>
  number()
    .transform((value: unknown, original: unknown) =>
      typeof original === 'string' && original.trim() === '' ? undefined : value,
    )
    .typeError(TRAINING_MESSAGES.hoursInvalid)
    .moreThan(0, TRAINING_MESSAGES.hoursInvalid)
    .max(TRAINING_HOURS_MAX, TRAINING_MESSAGES.hoursInvalid)
    .transform((value: unknown) => (typeof value === 'number' ? Math.round(value * 100) / 100 : value))
    .required(TRAINING_MESSAGES.hoursRequired)
    .meta({ label: 'Hours', input: 'number', help: `Up to ${TRAINING_HOURS_MAX} per entry, e.g. 1.5`, primary: true });

export const training = defineList({
  key: 'training',
  path: 'training',
  table: 'profile_training',
  noun: 'Training entry',
  titleField: 'topic',
  // Training records are the owner's own until they share them (docs/decisions/training-hours.md).
  defaultVisibility: 'private',
  fields: {
    topic: requiredText('Topic', TRAINING_MESSAGES.topicRequired),
    date: requiredText('Date', TRAINING_MESSAGES.dateRequired, 10, 'text')
      .test('date', TRAINING_MESSAGES.dateInvalid, (value) => value === undefined || isTrainingDate(value))
      .meta({ label: 'Date', input: 'text', help: 'YYYY-MM-DD' }),
    category: requiredChoice(
      'Category',
      TRAINING_CATEGORIES,
      TRAINING_MESSAGES.categoryRequired,
      TRAINING_CATEGORY_LABELS,
    ).meta({ help: 'ISO Fire Suppression Rating Schedule category' }),
    hours: hours(),
    notes: optionalText('Notes', LIST_LONG_TEXT_MAX),
  },
  order: (items) => [...items].sort((a, b) => String(b.date).localeCompare(String(a.date))),
});
export type TrainingItemJson = ItemOf<typeof training.fields>;
