import type { User } from '../models/User';
import { filterForWidget } from '../validation/profileWidgets';
import {
  expiryWords,
  reminderNounTitle,
  type ExpiringItem,
  type ExpiringSoonJson,
  type ReminderSettingsJson,
} from '../validation/reminders';

/**
 * The owner's reminder settings (only ever presented to the user themself), with the calendar address when its
 * secret was just made (`freshSecret`, the one time it exists in clear).
 */
export function presentReminderSettings(
  user: User,
  baseUrl: string,
  freshSecret?: string | null,
): ReminderSettingsJson {
  return {
    remindersEnabled: user.remindersEnabled,
    reminderDays: [...user.reminderDays],
    reminderOnDay: user.reminderOnDay,
    endorsementEmails: user.endorsementEmails,
    calendarUrl: freshSecret ? `${baseUrl}/calendar/${freshSecret}.ics` : null,
    hasCalendar: user.calendarSecretHash !== null,
  };
}

/** "expires on May 2, 2027 · in 12 days", "expires today", "expired on May 2, 2027". */
function whenWords(item: ExpiringItem & { daysLeft: number }): string {
  if (item.daysLeft < 0) return `expired ${expiryWords(item.end)}`;
  if (item.daysLeft === 0) return 'expires today';
  return `expires ${expiryWords(item.end)} · in ${item.daysLeft} day${item.daysLeft === 1 ? '' : 's'}`;
}

/** The owner's "Expiring soon" notice (null when there is nothing to say). */
export function presentExpiringSoon(
  items: Array<ExpiringItem & { daysLeft: number }>,
  owner: User,
  welcome: boolean,
): ExpiringSoonJson | null {
  if (!items.length && !welcome) return null;
  return {
    items: items.map((item) => ({
      key: `${item.list}:${item.id}`,
      name: item.name,
      noun: reminderNounTitle(item.list),
      when: whenWords(item),
      expired: item.daysLeft < 0,
      href: `?edit=1&widget=${filterForWidget(item.list)}#section-${item.list}`,
    })),
    remindersEnabled: owner.remindersEnabled,
    welcome: welcome
      ? owner.remindersEnabled
        ? `Expiry reminders are on: we e-mail you ${owner.reminderDays.join(', ')} days before a certification, license, readiness date or hiring test expires${owner.reminderOnDay ? ', and on the day' : ''}.`
        : 'Expiry reminders are off. Turn them on to get an e-mail before a certification, license, readiness date or hiring test expires.'
      : null,
    settingsHref: '/account-settings#notifications',
  };
}
