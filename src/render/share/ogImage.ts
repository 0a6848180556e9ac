/**
 * The link preview image (GET /profiles/{id}/og.png, docs/decisions/share.md): 1200×630, drawn by sharp (librsvg) from an
 * SVG built here — name, rank and title, department, the profile photo or the initials, in the product's
 * colours. The SVG is built from the visitor's view of the profile only (presentPreviewCard), and the photo is
 * the profile's own public photo, embedded as bytes: nothing private can be drawn, and nothing is fetched.
 * Text is drawn in Liberation Sans, which the container image installs (fontconfig finds it by name).
 */
import { loadSharp } from '../../services/photos/sharp';
import type { ProfileJson } from '../../validation/profiles';
import { theme } from '../../../views/ui/theme';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const FONT = "'Liberation Sans', 'DejaVu Sans', sans-serif";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** At most `max` characters on one line, cut at a word with an ellipsis. */
function fit(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const cut = room.lastIndexOf(' ');
  return `${(cut > max / 2 ? room.slice(0, cut) : room).trimEnd()}…`;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('');
}

/** The image's SVG source. `photo` is the profile's own public photo (JPEG bytes), or null for initials. */
export function ogSvg(profile: ProfileJson, photo: Buffer | null, productName: string): string {
  const { color } = theme;
  const name = fit(profile.name, 28);
  const nameSize = name.length > 22 ? 52 : name.length > 16 ? 60 : 72;
  const position = fit([profile.rank, profile.title].filter(Boolean).join(' · '), 40);
  const department = fit(profile.department, 44);
  const avatar = photo
    ? `<clipPath id="round"><circle cx="240" cy="300" r="150"/></clipPath>` +
      `<image href="data:image/jpeg;base64,${photo.toString('base64')}" x="90" y="150" width="300" height="300" preserveAspectRatio="xMidYMid slice" clip-path="url(#round)"/>` +
      `<circle cx="240" cy="300" r="150" fill="none" stroke="${color.reflective}" stroke-width="8"/>`
    : `<circle cx="240" cy="300" r="150" fill="${color.brandDark}" stroke="${color.reflective}" stroke-width="8"/>` +
      `<text x="240" y="300" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="120" font-weight="700" fill="${color.white}">${escapeXml(initials(profile.name))}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${color.brand}"/>`,
    `<rect y="${OG_HEIGHT - 24}" width="${OG_WIDTH}" height="24" fill="${color.reflective}"/>`,
    avatar,
    `<text x="460" y="250" font-family="${FONT}" font-size="${nameSize}" font-weight="700" fill="${color.white}">${escapeXml(name)}</text>`,
    position
      ? `<text x="460" y="330" font-family="${FONT}" font-size="40" fill="${color.white}">${escapeXml(position)}</text>`
      : '',
    `<text x="460" y="395" font-family="${FONT}" font-size="34" fill="${color.brandTint}">${escapeXml(department)}</text>`,
    `<text x="460" y="540" font-family="${FONT}" font-size="30" font-weight="700" fill="${color.reflective}">${escapeXml(productName)}</text>`,
    '</svg>',
  ].join('');
}

export async function ogPng(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
