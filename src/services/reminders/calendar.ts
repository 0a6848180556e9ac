/**
 * The calendar feed (docs/decisions/expiry-reminders.md): one all-day event per dated certification, license, readiness date or hiring-tracker window, on its last valid day,
 * with a display alarm at each of the user's reminder days (and on the day when that notice is on).
 */
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import type { User } from '../../models/User';
import { withoutControls } from '../../validation/common';
import { isoDay } from '../../validation/lists/rules';
import { reminderNounTitle, type ExpiringItem } from '../../validation/reminders';
import { filterForWidget } from '../../validation/profileWidgets';
import { expiringItemsByUser } from './items';
import { Model } from 'objection';

const DAY_SECONDS = 86_400;

export function calendarText(
  user: Pick<User, 'reminderDays' | 'reminderOnDay'>,
  items: ExpiringItem[],
  config: { baseUrl: string; productName: string },
): string {
  const calendar = ical({
    name: `${config.productName} expiry dates`,
    prodId: { company: config.productName, product: 'expiry-dates', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 6 * 3600,
  });
  const triggers = [...user.reminderDays, ...(user.reminderOnDay ? [0] : [])];
  for (const stored of items) {
    // ical-generator escapes line breaks, `;`, `,` and `\`; a control character it would write as it is.
    const item = { ...stored, name: withoutControls(stored.name) };
    const approximate = item.end.precision === 'year';
    const day = isoDay(item.end);
    calendar.createEvent({
      id: `${item.list}-${item.id}-${day}@${new URL(config.baseUrl).host}`,
      start: new Date(Date.UTC(item.end.year, item.end.month - 1, item.end.day)),
      allDay: true,
      timezone: null,
      floating: true,
      summary: `${item.name} expires${approximate ? ' (approximate)' : ''}`,
      description: `${reminderNounTitle(item.list)} on your ${config.productName} profile.${
        approximate ? ' Only the year is known, so this date (31 December) is approximate.' : ''
      }`,
      url: `${config.baseUrl}/profiles/${item.profileId}?edit=1&widget=${filterForWidget(item.list)}#section-${item.list}`,
      alarms: triggers.map((days) => ({
        type: ICalAlarmType.display,
        triggerBefore: days * DAY_SECONDS,
        description: days ? `${item.name} expires in ${days} days` : `${item.name} expires today`,
      })),
    });
  }
  return calendar.toString();
}

/** The feed of one user: every dated item on their profiles. */
export async function calendarFor(user: User, config: { baseUrl: string; productName: string }): Promise<string> {
  const items = (await expiringItemsByUser(Model.knex(), (q) => q.where('users.id', user.id))).get(user.id) ?? [];
  return calendarText(user, items, config);
}
