/**
 * The contact card against hostile values: every profile field the card writes gets generated text built from
 * line breaks, vCard structure (`END:VCARD`, `TEL:`, `;`, `,`, `\`), control, bidi and zero-width characters,
 * URLs and long runs that fold. Whatever the input rules let through, the card must stay one card holding only
 * the properties the owner set, each with its own value — read by a strict line reader of our own (RFC 6350
 * §3.2–3.3: CRLF only, every line `NAME[;PARAM=…]:value`) and by an independent parser (ical.js).
 */
import test from 'ava';
import ICAL from 'ical.js';
import { hostileText, seededRandom } from '../helpers/fuzz';
import { contactCard, escapeUri } from '../../src/render/share/vcard';
import type { ContactCardJson } from '../../src/presenters/share';
import { SOCIAL_FIELDS } from '../../src/validation/profiles';
import { socialUrl } from '../../views/profile/links';

const BASE = 'https://turnout.example';

const PIECES = [
  '\r\n',
  '\n',
  '\r',
  '\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Fire Chief (Official)\r\n',
  '\r\nTEL:+15555550199',
  '\nEMAIL:attacker@evil.example',
  '\r\nNOTE:injected',
  ';TYPE=work',
  ':',
  ';',
  ',',
  '\\',
  '\\n',
  '"',
  ' ',
  '\t',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u200b',
  '\ufeff',
  'https://',
  'https://example.com/a,b;c\\d',
  'http://x.example/?q=1&r=2#f',
  'javascript:alert(1)',
  '@handle',
  'Seán Ó Briain',
  '消防士',
  '👨‍🚒',
  'Ærøskøbing brandvæsen — '.repeat(5),
  'x',
  'Station 7',
];

const TEXT_FIELDS = ['name', 'rank', 'title', 'role', 'department', 'email', 'phone'] as const;
const URL_FIELDS = [...SOCIAL_FIELDS, 'profileImage'] as const;

type Values = Record<(typeof TEXT_FIELDS)[number] | (typeof URL_FIELDS)[number], string>;

function cardOf(values: Values): ContactCardJson {
  const profile = { ...values, id: 7, username: 'sean' } as unknown as ContactCardJson['profile'];
  return { profile, url: `${BASE}/profiles/7/public`, revised: new Date('2026-01-02T03:04:05Z') };
}

/** What a text value reads back as: controls dropped, every line break one `\n` (the card's escaping rules). */
const expectedText = (value: string) =>
  value
    .trim()
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    .replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\n');

/**
 * The strict reader: CRLF line ends only (no bare CR or LF anywhere), folded lines unfolded, each line a
 * property name, optional `;NAME=value` parameters and a colon; answers the property names in order.
 */
function strictPropertyNames(text: string): string[] {
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) throw new Error('a bare CR or LF');
  if (!text.endsWith('\r\n')) throw new Error('no final CRLF');
  const lines = text.slice(0, -2).replace(/\r\n /g, '').split('\r\n');
  return lines.map((line) => {
    const match = /^([A-Z][A-Z0-9-]*)(?:;[A-Z-]+=[A-Za-z0-9-]+)*:/.exec(line);
    if (!match) throw new Error(`not a content line: ${JSON.stringify(line)}`);
    return match[1]!;
  });
}

/** The properties the owner's values should produce, by name and count. */
function expectedProperties(values: Values): string[] {
  const names = ['BEGIN', 'VERSION', 'N', 'URL', 'REV', 'END'];
  if (values.name.trim()) names.push('FN');
  if (values.department.trim()) names.push('ORG');
  if (values.rank.trim() || values.title.trim()) names.push('TITLE');
  if (values.role.trim()) names.push('ROLE');
  if (values.email.trim()) names.push('EMAIL');
  if (values.phone) names.push('TEL');
  if (/^https?:\/\//i.test(values.profileImage) && escapeUri(values.profileImage)) names.push('PHOTO');
  for (const field of SOCIAL_FIELDS) {
    if (values[field] && escapeUri(socialUrl(field, values[field])))
      names.push(field === 'website' ? 'URL' : 'X-SOCIALPROFILE');
  }
  return names.sort();
}

const ITERATIONS = 1000;

test(`${ITERATIONS} hostile values in every field: always one card, only the owner's properties, values intact`, (t) => {
  const next = seededRandom(44);
  let checked = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const values = Object.fromEntries(
      [...TEXT_FIELDS, ...URL_FIELDS].map((field) => [field, hostileText(next, PIECES)]),
    ) as unknown as Values;
    const text = contactCard(cardOf(values), BASE);
    const where = `case ${i}: ${JSON.stringify(values)}`;

    const names = strictPropertyNames(text);
    t.is(names[0], 'BEGIN', where);
    t.is(names.at(-1), 'END', where);
    t.is(names.filter((name) => name === 'BEGIN').length, 1, where);
    t.deepEqual([...names].sort(), expectedProperties(values), where);

    const parsed = ICAL.parse(text) as unknown as unknown[];
    const cards = Array.isArray(parsed[0]) ? parsed : [parsed];
    t.is(cards.length, 1, `exactly one card: ${where}`);
    const card = new ICAL.Component(cards[0] as unknown[]);
    const value = (name: string) => card.getAllProperties(name).map((p) => String(p.getFirstValue()));
    if (values.name.trim()) t.deepEqual(value('fn'), [expectedText(values.name)], where);
    if (values.role.trim()) t.deepEqual(value('role'), [expectedText(values.role)], where);
    if (values.email.trim()) t.deepEqual(value('email'), [expectedText(values.email)], where);
    for (const property of [...card.getAllProperties('url'), ...card.getAllProperties('x-socialprofile')]) {
      const written = String(property.getFirstValue());
      t.regex(new URL(written).protocol, /^https?:$/, where);
      t.notRegex(written, /[\s,;\\]/, where);
    }
    checked++;
  }
  t.is(checked, ITERATIONS);
});

test('a name holding a line break stays in FN: no property line of its own (the name escape)', (t) => {
  const values = Object.fromEntries([...TEXT_FIELDS, ...URL_FIELDS].map((field) => [field, ''])) as unknown as Values;
  values.name = 'Pat Doe\nTEL:+15555550199\nNOTE:added';
  const text = contactCard(cardOf(values), BASE);
  t.deepEqual(strictPropertyNames(text).sort(), expectedProperties(values));
  t.false(/\r\n(TEL|NOTE)[:;]/.test(text));
});

test('URIs: structure characters percent-encoded, anything but http(s) left out', (t) => {
  t.is(escapeUri('https://example.com/a,b;c\\d e"f'), 'https://example.com/a%2Cb%3Bc/d%20e%22f');
  t.is(escapeUri('https://example.com/\r\nTEL:1'), 'https://example.com/TEL:1');
  t.is(escapeUri('javascript:alert(1)'), null);
  t.is(escapeUri('not a url'), null);
  t.is(escapeUri('/media/photos/x/medium.jpg', BASE), `${BASE}/media/photos/x/medium.jpg`);
});
