/**
 * The calendar feed against hostile item names (a certification or license is named by its owner): line breaks,
 * iCalendar structure (`END:VEVENT`, `BEGIN:VEVENT`, `;`, `,`, `\`), control, bidi and zero-width characters and
 * long runs that fold. The feed must stay one calendar with one event per item, each summary the item's own name
 * — read by a strict line reader (RFC 5545 §3.1: CRLF only) and by an independent parser (ical.js).
 */
import test from 'ava';
import ICAL from 'ical.js';
import { hostileText, seededRandom } from '../helpers/fuzz';
import { calendarText } from '../../src/services/reminders/calendar';
import type { ExpiringItem } from '../../src/validation/reminders';

const PIECES = [
  '\r\n',
  '\n',
  '\r',
  '\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Pay the fine at evil.example\r\nDTSTART:20270101\r\n',
  '\r\nEND:VCALENDAR\r\n',
  '\nATTACH:https://evil.example/x',
  ';',
  ',',
  '\\',
  '\\n',
  ':',
  '"',
  '\t',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u200b',
  'EMT-Paramedic',
  '消防士 ',
  'Ærøskøbing brandvæsen — '.repeat(4),
];

/** The name as the feed should carry it: control characters dropped, every line break one `\n`. */
const expectedName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    .replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/\r\n|\r|\n/g, '\n');

const ITERATIONS = 1000;
const CONFIG = { baseUrl: 'https://turnout.example', productName: 'Turnout' };
const USER = { reminderDays: [30, 7], reminderOnDay: true };

test(`${ITERATIONS} hostile item names: one calendar, one event per item, each summary the item's own`, (t) => {
  const next = seededRandom(5545);
  for (let i = 0; i < ITERATIONS; i += 2) {
    const items: ExpiringItem[] = [0, 1].map((n) => ({
      list: n ? 'licenses' : 'certifications',
      id: i + n + 1,
      profileId: 3,
      name: hostileText(next, PIECES),
      end: { year: 2027, month: 3, day: 1 + n, precision: 'day' },
    }));
    const text = calendarText(USER, items, CONFIG);
    const where = `case ${i}: ${JSON.stringify(items.map((item) => item.name))}`;

    t.false(/\r(?!\n)|(?<!\r)\n/.test(text), `no bare CR or LF: ${where}`);
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
    for (const line of lines.filter(Boolean)) t.regex(line, /^[A-Z][A-Z0-9-]*(;[A-Z-]+=[^:;]*)*:/, where);
    t.is(lines.filter((line) => line === 'BEGIN:VCALENDAR').length, 1, where);
    t.is(lines.filter((line) => line === 'BEGIN:VEVENT').length, 2, where);

    const parsed = ICAL.parse(text) as unknown as unknown[];
    t.is(parsed[0], 'vcalendar', `one calendar: ${where}`);
    const events = new ICAL.Component(parsed).getAllSubcomponents('vevent');
    t.deepEqual(
      events.map((event) => event.getFirstPropertyValue('summary')),
      items.map((item) => `${expectedName(item.name)} expires`),
      where,
    );
    t.deepEqual(
      events.map((event) => event.getAllProperties().map((p) => p.name)),
      events.map(() => [
        'uid',
        'sequence',
        'dtstamp',
        'dtstart',
        'x-microsoft-cdo-alldayevent',
        'x-microsoft-msncalendar-alldayevent',
        'summary',
        'description',
        'url',
      ]),
      `no property the owner did not set: ${where}`,
    );
  }
});
