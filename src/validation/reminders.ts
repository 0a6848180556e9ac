/**
 * Expiry reminders and the calendar feed (docs/decisions/expiry-reminders.md): the settings' JSON shape and schema with their
 * messages, and which reminder is due for an item on a given day (pure, with the clock as a parameter).
 */
import { boolean, mixed, object, string } from 'yup';
import { daysRemaining, isoDay, type ExpiryEnd } from './lists/rules';

export const DEFAULT_REMINDER_DAYS = [60, 30, 14, 7, 1] as const;
/** A missed on-the-day notice is still sent this many days after the expiry (a job that was down), never later. */
export const EXPIRED_NOTICE_GRACE_DAYS = 7;
export const REMINDER_DAYS_MAX = 10;

export const REMINDER_MESSAGES = {
  daysFormat: 'Enter whole numbers of days from 1 to 365, separated by commas',
  daysTooMany: `At most ${REMINDER_DAYS_MAX} reminder days`,
  saved: { title: 'Notifications updated', description: 'Your reminder settings have been saved.' },
  created: {
    title: 'Calendar link created',
    description: 'Add the address below to your calendar app. It is shown only this once.',
  },
  rotated: {
    title: 'Calendar link replaced',
    description: 'The old calendar link no longer works. Subscribe again with the new one.',
  },
  unsubscribed: 'Expiry reminders are off. You can turn them back on in Account Settings.',
  badToken: 'This unsubscribe link is not valid.',
} as const;

/** The reminder settings as the settings page shows them. */
export interface ReminderSettingsJson {
  remindersEnabled: boolean;
  reminderDays: number[];
  reminderOnDay: boolean;
  /** E-mail when a colleague endorses one of the user's skills (docs/decisions/endorsements.md). */
  endorsementEmails: boolean;
  /** The calendar feed's address (secret): only right after it is made, the one time it is shown; else null. */
  calendarUrl: string | null;
  /** Whether the user has a feed address (its secret is stored hashed and cannot be shown again). */
  hasCalendar: boolean;
}

const DAY = /^(?:[1-9]\d?|[12]\d\d|3[0-5]\d|36[0-5])$/;

/**
 * "60, 30, 14" (a form) or [60, 30, 14] (JSON) → distinct days, most first; a part that is not a whole day
 * from 1 to 365 (or a value of another type) becomes NaN and is refused with the field's message.
 */
const reminderDays = mixed<number[]>()
  .transform((_value: unknown, original: unknown) => {
    if (original === undefined) return undefined;
    const parts = typeof original === 'string' ? original.split(/[\s,]+/).filter(Boolean) : original;
    if (!Array.isArray(parts)) return [NaN];
    const days = parts.map((part) => (DAY.test(String(part).trim()) ? Number(String(part).trim()) : NaN));
    return [...new Set(days)].sort((a, b) => b - a);
  })
  .test('format', REMINDER_MESSAGES.daysFormat, (value) => !value || value.every((day) => Number.isInteger(day)))
  .test('count', REMINDER_MESSAGES.daysTooMany, (value) => !value || value.length <= REMINDER_DAYS_MAX)
  .default(() => [...DEFAULT_REMINDER_DAYS]);

/** An unticked checkbox posts nothing: absent is off. JSON sends booleans. */
const flag = () => boolean().typeError('Must be true or false').default(false);

export const reminderSettingsSchema = object({
  remindersEnabled: flag(),
  reminderDays,
  reminderOnDay: flag(),
  endorsementEmails: flag(),
});

export const calendarRotateSchema = object({});

export const unsubscribeParams = object({
  token: string().required(REMINDER_MESSAGES.badToken).max(200, REMINDER_MESSAGES.badToken),
});

export const calendarParams = object({
  file: string()
    .required()
    .matches(/^[0-9a-f]{32,64}\.ics$/, { message: 'Not found', excludeEmptyString: true }),
});

export type ReminderList = 'certifications' | 'licenses' | 'readinessDates' | 'hiringTracker';

/** What each list's item is called in a reminder and on the calendar. */
export const REMINDER_NOUNS: Record<ReminderList, string> = {
  certifications: 'certification',
  licenses: 'license',
  readinessDates: 'readiness date',
  hiringTracker: 'hiring tracker entry',
};
/** The noun as a line starts it: "Readiness date". */
export const reminderNounTitle = (list: ReminderList) =>
  REMINDER_NOUNS[list].charAt(0).toUpperCase() + REMINDER_NOUNS[list].slice(1);

/** An item that may need reminding: its expiry's last valid day and how precise it is. */
export interface ExpiringItem {
  list: ReminderList;
  id: number;
  profileId: number;
  name: string;
  end: ExpiryEnd;
}

/** A reminder due today: the threshold it answers (days before; 0 is the notice on the day) and the days left. */
export interface DueReminder extends ExpiringItem {
  threshold: number;
  daysLeft: number;
  /** `YYYY-MM-DD` of the last valid day. */
  expiresOn: string;
}

/**
 * The reminder due for an item today, if any: the smallest of the user's thresholds not yet past (an item
 * added 45 days before expiry gets the 60-day one now, saying 45 days), or the notice on the day (also sent up
 * to a week late if the job missed it); nothing before the largest threshold or once the grace is over.
 * Whether it was already sent is the delivery table's business.
 */
export function dueReminder(
  item: ExpiringItem,
  settings: { reminderDays: readonly number[]; reminderOnDay: boolean },
  now: Date,
): DueReminder | null {
  const daysLeft = daysRemaining(item.end, now);
  const due = (threshold: number) => ({ ...item, threshold, daysLeft, expiresOn: isoDay(item.end) });
  if (daysLeft <= 0) {
    return settings.reminderOnDay && daysLeft >= -EXPIRED_NOTICE_GRACE_DAYS ? due(0) : null;
  }
  const ahead = settings.reminderDays.filter((day) => day >= daysLeft);
  return ahead.length ? due(Math.min(...ahead)) : null;
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** When it expires, as precisely as it is known: a year-only expiry says its date is approximate. */
export function expiryWords(end: ExpiryEnd): string {
  const date = new Date(Date.UTC(end.year, end.month - 1, end.day));
  if (end.precision === 'year') return `by the end of ${end.year} (only the year is known; the date is approximate)`;
  if (end.precision === 'month') return `at the end of ${MONTH_YEAR.format(date)}`;
  return `on ${LONG_DATE.format(date)}`;
}

/** The group an item is listed under: the days left, today, or expired. */
export function whenHeading(daysLeft: number): string {
  if (daysLeft > 0) return `Expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
  return daysLeft === 0 ? 'Expires today' : 'Expired';
}

/** The owner's "Expiring soon" notice on their profile in edit mode (and the setting, once, on first sign-in). */
export interface ExpiringSoonJson {
  items: Array<{ key: string; name: string; noun: string; when: string; expired: boolean; href: string }>;
  remindersEnabled: boolean;
  /** The first time the owner sees their profile since reminders exist: the setting is shown. */
  welcome: string | null;
  settingsHref: string;
}

/** The settings schema's array of days, shown back in a text field. */
export const reminderDaysText = (days: readonly number[]) => days.join(', ');
