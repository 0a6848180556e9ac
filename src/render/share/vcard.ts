/**
 * The contact card (docs/decisions/share.md): vCard 4.0 (RFC 6350) of a profile as one viewer sees it — the contact card
 * presenter has already removed the e-mail address and phone number the viewer may not see.
 *
 * Every value is escaped for its type, whatever the input rules (docs/spec/02-profiles-widgets.md §5) let
 * through: a stored value can never end its line, start another property or another card.
 * - Text values escape `\`, `,` and newlines (§3.4); compound values (N, ORG) also escape `;` in each
 *   component and join the components with `;`. Other control characters are dropped (a line holds none).
 * - URI values (URL, PHOTO, X-SOCIALPROFILE) are re-serialised as URLs and every character vCard reads as
 *   structure (`\`, `,`, `;`, controls, spaces) is percent-encoded, so every parser reads one whole URI — some
 *   unescape `\,` in a URI and some do not. A value that is not an http(s) URL is left out.
 * - Lines are folded at 75 octets (§3.2) with CRLF and one space, never inside a UTF-8 character.
 */
import type { ContactCardJson } from '../../presenters/share';
import { withoutControls } from '../../validation/common';
import { SOCIAL_FIELDS } from '../../validation/profiles';
import { safeImageUrl, socialUrl } from '../../../views/profile/links';

const CRLF = '\r\n';
const LINE_OCTETS = 75;

/** A text value (§3.4, `text` in §3.3): backslash, comma and newlines escaped; a semicolon stays as it is. */
export function escapeText(value: string): string {
  return withoutControls(value)
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n');
}

/** What a URI value may not hold as it is: vCard's separators and escape, controls, spaces and quotes. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const URI_STRUCTURE = /[\\,;\u0000-\u0020\u007f-\u009f"]/g;

/**
 * A URI value (§5.1 `uri`): an absolute http(s) URL as the URL standard writes it, with every character vCard
 * reads as structure percent-encoded; null when the value is not such a URL (the property is then left out).
 */
export function escapeUri(value: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.href.replace(URI_STRUCTURE, (char) =>
    [...Buffer.from(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** One component of a compound value (N, ORG; `component` in §3.3): a semicolon is escaped too. */
export function escapeComponent(value: string): string {
  return escapeText(value).replace(/;/g, '\\;');
}

/** One content line folded at 75 octets; a continuation line starts with a space (which counts). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length ? LINE_OCTETS - 1 : LINE_OCTETS; // the leading space of a continuation
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The structured name from the one name a profile has: the last word is the family name, the rest given. */
function nameParts(name: string): { family: string; given: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { family: name.trim(), given: '' };
  return { family: words[words.length - 1]!, given: words.slice(0, -1).join(' ') };
}

/** The vCard text, CRLF line ends, every line folded. */
export function contactCard(card: ContactCardJson, baseUrl: string): string {
  const { profile } = card;
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:4.0'];
  const text = (property: string, value: string | null | undefined) => {
    if (value && value.trim()) lines.push(`${property}:${escapeText(value.trim())}`);
  };
  text('FN', profile.name);
  const { family, given } = nameParts(profile.name);
  lines.push(`N:${[family, given, '', '', ''].map(escapeComponent).join(';')}`);
  if (profile.department.trim()) lines.push(`ORG:${escapeComponent(profile.department.trim())}`);
  text('TITLE', [profile.rank, profile.title].filter((part) => part && part.trim()).join(', '));
  text('ROLE', profile.role);
  text('EMAIL', profile.email);
  if (profile.phone) {
    const digits = profile.phone.replace(/[^\d+]/g, '');
    lines.push(digits ? `TEL;VALUE=uri:tel:${digits}` : `TEL;VALUE=text:${escapeText(profile.phone)}`);
  }
  const uri = (property: string, value: string | null, base?: string) => {
    const escaped = value === null ? null : escapeUri(value, base);
    if (escaped) lines.push(`${property}:${escaped}`);
  };
  uri('URL;PREF=1', card.url);
  uri('PHOTO', safeImageUrl(profile.profileImage), baseUrl);
  for (const field of SOCIAL_FIELDS) {
    const value = profile[field];
    if (!value) continue;
    uri(field === 'website' ? 'URL;TYPE=work' : `X-SOCIALPROFILE;TYPE=${field}`, socialUrl(field, value));
  }
  lines.push(
    `REV:${card.revised
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')}`,
  );
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A download's file name from the profile's name: its ASCII letters and digits, else "profile". */
export function shareFileName(name: string, extension: 'vcf' | 'pdf' | 'jpg' | 'zip' | 'json'): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `${base || 'profile'}.${extension}`;
}
