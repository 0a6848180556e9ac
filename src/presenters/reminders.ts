import type { User } from '../models/User';
import type { ReminderSettingsJson } from '../validation/reminders';

/** The owner's reminder settings and calendar address (only ever presented to the user themself). */
export function presentReminderSettings(user: User, baseUrl: string): ReminderSettingsJson {
  return {
    remindersEnabled: user.remindersEnabled,
    reminderDays: [...user.reminderDays],
    reminderOnDay: user.reminderOnDay,
    calendarUrl: `${baseUrl}/calendar/${user.calendarSecret}.ics`,
  };
}
