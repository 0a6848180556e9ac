/**
 * Contact and social links as the header card and JSON-LD show them. Only http(s) URLs ever leave here, so a
 * stored value like `javascript:…` can never become a live link; handles become the network's profile URL.
 */
import { SOCIAL_FIELD_LABELS, SOCIAL_FIELDS, type ProfileJson, type SocialField } from '../../src/validation/profiles';

export interface ProfileLink {
  kind: SocialField | 'phone' | 'email';
  label: string;
  href: string;
  text: string;
}

/** Each network's profile URL for a bare handle. */
const PROFILE_URL: Record<SocialField, (handle: string) => string> = {
  website: (h) => `https://${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  bluesky: (h) => `https://bsky.app/profile/${h}`,
};

/** A stored value as a safe absolute URL: http(s) kept, a bare handle or domain made into the network's URL. */
export function socialUrl(field: SocialField, value: string): string {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const handle = trimmed.replace(/^@/, '').replace(/^[a-z]+:/i, '');
  return PROFILE_URL[field](encodeURI(handle));
}

function displayText(value: string): string {
  return value.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}

/** The links that are set, in the card's order: phone, e-mail, then the socials. */
export function profileLinks(profile: ProfileJson): ProfileLink[] {
  const links: ProfileLink[] = [];
  if (profile.phone)
    links.push({
      kind: 'phone',
      label: 'Phone',
      href: `tel:${profile.phone.replace(/[^\d+]/g, '')}`,
      text: profile.phone,
    });
  if (profile.email)
    links.push({ kind: 'email', label: 'Email', href: `mailto:${profile.email}`, text: profile.email });
  for (const field of SOCIAL_FIELDS) {
    const value = profile[field];
    if (value)
      links.push({
        kind: field,
        label: SOCIAL_FIELD_LABELS[field].label,
        href: socialUrl(field, value),
        text: displayText(value),
      });
  }
  return links;
}

/** A profile image that is safe to put in an <img> (our own media, or an http(s) URL); else none. */
export function safeImageUrl(value: string | null): string | null {
  if (!value) return null;
  if (value.startsWith('/media/') || /^https?:\/\//i.test(value)) return value;
  return null;
}
