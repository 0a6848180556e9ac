/**
 * Sharing metadata of a profile page (title, description, Open Graph, Twitter card, canonical URL, JSON-LD
 * ProfilePage → Person). Built from the profile as a visitor sees it, whoever is asking, so no tag ever
 * carries what only the owner or signed-in members may see.
 */
import type { HeadTag } from './renderDocument';
import type { ProfileJson } from '../validation/profiles';
import { profileLinks, safeImageUrl } from '../../views/profile/links';
import { OG_HEIGHT, OG_WIDTH } from './share/ogImage';

export interface ProfileMeta {
  title: string;
  description: string;
  canonical: string;
  head: HeadTag[];
}

export function canonicalProfileUrl(baseUrl: string, profile: Pick<ProfileJson, 'id' | 'username'>): string {
  return profile.username
    ? `${baseUrl}/${encodeURIComponent(profile.username)}`
    : `${baseUrl}/profiles/${profile.id}/public`;
}

/** Search results show about 160 characters of a description. */
export const DESCRIPTION_MAX = 160;

/**
 * Text on one line, at most `max` characters: a longer text is cut at the last word boundary that leaves room
 * for an ellipsis (a single word longer than that is cut inside it), never mid-word.
 */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max); // a space at index max - 1 still leaves room for the ellipsis
  const boundary = room.lastIndexOf(' ');
  const kept = boundary > 0 ? room.slice(0, boundary) : room.slice(0, max - 1);
  return `${kept.replace(/[\s,;:.!?–—-]+$/, '')}…`;
}

/** `visitorView` must be presentProfile(profile, null). */
export function profileMeta(visitorView: ProfileJson, baseUrl: string, productName: string): ProfileMeta {
  const profile = visitorView;
  const jobTitle = [profile.rank, profile.title].filter(Boolean).join(', ');
  const title = `${profile.name} — ${jobTitle}`;
  const summary = profile.personalStatement ? summarize(profile.personalStatement) : null;
  const description =
    summary ?? `${profile.name}, ${jobTitle} at ${profile.department}. A firefighter career profile on ${productName}.`;
  const canonical = canonicalProfileUrl(baseUrl, profile);
  const image = safeImageUrl(profile.profileImage);
  const imageUrl = image ? new URL(image, baseUrl).toString() : null;
  const previewImage = `${baseUrl}/profiles/${profile.id}/og.png?v=${encodeURIComponent(profile.updatedAt)}`;
  const sameAs = profileLinks(profile)
    .filter((link) => link.kind !== 'phone' && link.kind !== 'email')
    .map((link) => link.href);

  const meta = (attributes: Record<string, string>): HeadTag => ({ tag: 'meta', attributes });
  const head: HeadTag[] = [
    { tag: 'link', attributes: { rel: 'canonical', href: canonical } },
    meta({ property: 'og:type', content: 'profile' }),
    meta({ property: 'og:site_name', content: productName }),
    meta({ property: 'og:title', content: title }),
    meta({ property: 'og:description', content: description }),
    meta({ property: 'og:url', content: canonical }),
    meta({ name: 'twitter:card', content: 'summary_large_image' }),
    meta({ name: 'twitter:title', content: title }),
    meta({ name: 'twitter:description', content: description }),
    // The link preview image (docs/decisions/share.md): drawn from this same visitor's view (src/render/share/ogImage.ts).
    meta({ property: 'og:image', content: previewImage }),
    meta({ property: 'og:image:type', content: 'image/png' }),
    meta({ property: 'og:image:width', content: String(OG_WIDTH) }),
    meta({ property: 'og:image:height', content: String(OG_HEIGHT) }),
    meta({ property: 'og:image:alt', content: title }),
    meta({ name: 'twitter:image', content: previewImage }),
  ];
  head.push({
    tag: 'jsonld',
    data: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: canonical,
      mainEntity: {
        '@type': 'Person',
        name: profile.name,
        jobTitle,
        worksFor: { '@type': 'Organization', name: profile.department },
        ...(imageUrl ? { image: imageUrl } : {}),
        ...(sameAs.length ? { sameAs } : {}),
      },
    },
  });
  return { title, description, canonical, head };
}
