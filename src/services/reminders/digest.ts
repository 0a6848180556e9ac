/**
 * The daily digest e-mail: what expires at each threshold and what has expired, each with a link to edit it;
 * a plain-text part (always) and a small HTML part; RFC 8058 one-click unsubscribe headers.
 */
import type { MailMessage } from '../mail';
import { expiryWords, whenHeading, REMINDER_NOUNS, type DueReminder } from '../../validation/reminders';
import { filterForWidget } from '../../validation/profileWidgets';
import { unsubscribeToken } from './tokens';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function digestSubject(reminders: DueReminder[]): string {
  if (reminders.length > 1) return `${reminders.length} credentials need your attention`;
  const [only] = reminders as [DueReminder];
  if (only.daysLeft > 0) return `${only.name} expires in ${plural(only.daysLeft, 'day')}`;
  return only.daysLeft === 0 ? `${only.name} expires today` : `${only.name} has expired`;
}

export const editLink = (baseUrl: string, r: DueReminder) =>
  `${baseUrl}/profiles/${r.profileId}?edit=1&widget=${filterForWidget(r.list)}#section-${r.list}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface DigestInput {
  to: string;
  name: string;
  userId: number;
  reminders: DueReminder[];
  settings: { reminderDays: readonly number[]; reminderOnDay: boolean };
}

export function composeDigest(
  config: { baseUrl: string; productName: string; sessionSecret: string },
  input: DigestInput,
): MailMessage {
  const unsubscribe = `${config.baseUrl}/reminders/unsubscribe/${unsubscribeToken(config.sessionSecret, input.userId)}`;
  const settingsUrl = `${config.baseUrl}/account-settings#notifications`;
  const ordered = [...input.reminders].sort((a, b) => a.daysLeft - b.daysLeft || a.name.localeCompare(b.name));
  const groups = new Map<string, DueReminder[]>();
  for (const r of ordered) groups.set(whenHeading(r.daysLeft), [...(groups.get(whenHeading(r.daysLeft)) ?? []), r]);
  const line = (r: DueReminder) =>
    `${r.name} (${REMINDER_NOUNS[r.list]}) ${r.daysLeft < 0 ? 'expired' : 'expires'} ${expiryWords(r.end)}`;
  const days = input.settings.reminderDays.join(', ');
  const schedule = `You get these reminders ${days} days before an expiry${input.settings.reminderOnDay ? ' and on the day' : ''}.`;

  const text = [
    `Hello ${input.name},`,
    '',
    `Here is what is expiring on your ${config.productName} profile.`,
    '',
    ...[...groups].flatMap(([heading, items]) => [
      heading,
      ...items.flatMap((r) => [`- ${line(r)}`, `  Edit: ${editLink(config.baseUrl, r)}`]),
      '',
    ]),
    schedule,
    `Change your reminders: ${settingsUrl}`,
    `Stop these e-mails: ${unsubscribe}`,
    '',
  ].join('\n');

  const html = [
    `<p>Hello ${escapeHtml(input.name)},</p>`,
    `<p>Here is what is expiring on your ${escapeHtml(config.productName)} profile.</p>`,
    ...[...groups].map(
      ([heading, items]) =>
        `<h2>${escapeHtml(heading)}</h2><ul>${items
          .map((r) => `<li>${escapeHtml(line(r))} — <a href="${escapeHtml(editLink(config.baseUrl, r))}">Edit</a></li>`)
          .join('')}</ul>`,
    ),
    `<p>${escapeHtml(schedule)} <a href="${escapeHtml(settingsUrl)}">Change your reminders</a> · <a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a></p>`,
  ].join('\n');

  return {
    to: input.to,
    subject: digestSubject(input.reminders),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
