/**
 * One outline icon set (DESIGN.md): inline SVG, aria-hidden, always with a text label beside it (or, in the
 * icon picker, an accessible name). Used by the server views (profile links, award, certification and license
 * icons) and the islands (the icon picker); the choosable sets are in src/validation/lists/icons.ts.
 */

const PATHS = {
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z',
  email: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm18 2-10 7L2 6',
  website: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20',
  linkedin:
    'M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2zM4 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4z',
  twitter: 'M4 4l16 16M20 4 4 20',
  instagram:
    'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm9 9.4A4 4 0 1 1 12.6 8 4 4 0 0 1 16 11.4zM17.5 6.5h0',
  facebook: 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z',
  tiktok: 'M9 12a4 4 0 1 0 4 4V2h4a5 5 0 0 0 5 5',
  bluesky: 'M12 11C10 7 6 4 4 4s-2 3-1 6 4 4 6 4c-3 1-4 3-2 5s5-1 5-4c0 3 3 6 5 4s1-4-2-5c2 0 5-1 6-4s0-6-1-6-6 3-8 7z',
  badge: 'M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z',
  station: 'M3 21V9l9-6 9 6v12H3zm6 0v-6h6v6',
  status: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-14v4l3 3',
  medal: 'M7 2l3 8M17 2l-3 8M12 22a6 6 0 1 0 0-12 6 6 0 0 0 0 12zm0-3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  ribbon: 'M12 15a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM8.2 13.9 7 23l5-3 5 3-1.2-9.1',
  star: 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z',
  flame:
    'M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3.3.3 1.9 1.7 3.3 3.5 3.8z',
  helmet: 'M2 18h20l-1 3H3zM4 18a8 8 0 0 1 16 0M12 10V5M10 5h4',
  axe: 'M14 10 3 21M12 8l5-6c2 1 4 3 5 5l-6 5z',
  ladder: 'M7 2v20M17 2v20M7 6h10M7 10h10M7 14h10M7 18h10',
  hydrant: 'M7 22h10M9 22V10h6v12M7 10h10M9 10a3 3 0 0 1 6 0M12 4v3M6 14h3M15 14h3',
  cross: 'M9 2h6v7h7v6h-7v7H9v-7H2V9h7z',
  heart:
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z',
  trophy: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4',
  certificate: 'M4 3h16v12H4zM8 7h8M8 11h5M15 15v6l2-1.5 2 1.5v-6',
  graduation: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v6',
  book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
  hazmat: 'M12 2l10 18H2zM12 9v5M12 17.5v.5',
  rope: 'M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 8v10M8 15h8M9 19h6',
  id_card: 'M3 5h18v14H3zM9 10.5a2 2 0 1 0 0-.1M6 16c.5-2 5.5-2 6 0M14 10h4M14 14h4',
  truck: 'M1 6h13v10H1zM14 9h4l4 4v3h-8M5.5 18.5a2 2 0 1 0 0 .1M17.5 18.5a2 2 0 1 0 0 .1',
  ambulance: 'M1 7h13v9H1zM14 10h4l4 4v2h-8M5.5 18.5a2 2 0 1 0 0 .1M17.5 18.5a2 2 0 1 0 0 .1M7.5 9v5M5 11.5h5',
  plus: 'M12 5v14M5 12h14',
  check: 'M20 6 9 17l-5-5',
  boat: 'M2 18c2 2 4 2 6 0 2 2 4 2 6 0 2 2 4 2 6 0M4 15l-1-4h18l-2 4M12 11V3l5 5h-5',
} as const;

export type IconName = keyof typeof PATHS;

/** An outline drawing (24×24, stroked in the text colour): the named icons, or a page's own path. */
export function OutlineIcon({ d, size = 16, name }: { d: string; size?: number; name?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return <OutlineIcon d={PATHS[name]} size={size} name={name} />;
}
