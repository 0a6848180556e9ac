/** The contact card's text rules (RFC 6350 §3.2, §3.4): escaping and folding at 75 octets, never inside a character. */
import test from 'ava';
import ICAL from 'ical.js';
import { escapeComponent, escapeText, foldLine } from '../../src/render/share/vcard';

test('text values escape backslash, comma and newlines; components escape semicolons too', (t) => {
  t.is(escapeText('a\\b, c;d\ne\r\nf'), 'a\\\\b\\, c;d\\ne\\nf');
  t.is(escapeComponent('a;b,c'), 'a\\;b\\,c');
});

test('a long line of multi-byte letters folds at 75 octets without splitting a character, and unfolds whole', (t) => {
  const value = 'Ærøskøbing brandvæsen — Ótaí Ó Briain — 消防士 — '.repeat(6);
  const folded = foldLine(`NOTE:${escapeText(value)}`);
  const lines = folded.split('\r\n');
  t.true(lines.length > 3);
  for (const line of lines) {
    t.true(Buffer.byteLength(line) <= 75, line);
    t.false(line.includes('\uFFFD'));
  }
  t.true(lines.slice(1).every((line) => line.startsWith(' ')));
  t.is(folded.replace(/\r\n /g, ''), `NOTE:${escapeText(value)}`);
  const card = new ICAL.Component(
    ICAL.parse(`BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\n${folded}\r\nEND:VCARD\r\n`) as unknown as unknown[],
  );
  t.is(card.getFirstPropertyValue('note'), value, 'an independent parser reads the folded line back whole');
});
