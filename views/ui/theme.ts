/**
 * Design tokens (shared/DESIGN.md). Components use only these, as constants: `${theme.space[2]}` in a styled
 * template, never a function of props (`(p) => p.theme…`) — with constant interpolations no function runs per
 * rule for every element a component renders, and no theme is read from context. There is no ThemeProvider.
 */
export const theme = {
  color: {
    brand: '#8B1A1A',
    brandDark: '#6B1212',
    brandTint: '#FBEDEA',
    reflective: '#D4E157',
    ink: '#1F2328',
    muted: '#5B636E',
    line: '#E3E6EA',
    surface: '#FFFFFF',
    canvas: '#F6F5F3',
    ok: '#1E7B45',
    warn: '#9A5B00',
    danger: '#B42318',
    white: '#FFFFFF',
  },
  font: {
    family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    size: { sm: '14px', md: '16px', lg: '18px', xl: '22px', xxl: '28px', xxxl: '36px' },
  },
  space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px' },
  radius: { card: '12px', control: '8px', pill: '999px' },
  /** Breakpoints from the spec: mobile < 768, tablet < 1024, desktop from 1280. */
  breakpoint: { tablet: 768, laptop: 1024, desktop: 1280 },
  controlHeight: '40px',
} as const;

export type Theme = typeof theme;

export const media = {
  tablet: `@media (min-width: ${theme.breakpoint.tablet}px)`,
  laptop: `@media (min-width: ${theme.breakpoint.laptop}px)`,
  desktop: `@media (min-width: ${theme.breakpoint.desktop}px)`,
};
