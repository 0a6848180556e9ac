/**
 * The product's mark: a Maltese cross, the fire service's emblem — four notched arms meeting at a reflective
 * centre (a 32-unit square). The header draws it in its text colour (views/layout/Header.tsx); the favicon is the
 * same cross, white on the brand red (src/http/staticAssets.ts).
 */
export const CROSS_PATH =
  'M9.5 2 16 5.5 22.5 2 18.5 13.5 30 9.5 26.5 16 30 22.5 18.5 18.5 22.5 30 16 26.5 9.5 30 13.5 18.5 2 22.5 5.5 16 2 9.5 13.5 13.5z';
export const CROSS_CENTRE = { cx: 16, cy: 16, r: 4.5 } as const;
