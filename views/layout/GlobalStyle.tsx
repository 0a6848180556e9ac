import { compactCss, StaticStyle } from '../../src/render/StaticStyle';
import { theme } from '../ui/theme';

/**
 * The page's global rules: a constant (the theme's values, nothing per prop), so a static sheet in the page's
 * <head> rather than a createGlobalStyle, which styled-components works out again on every render
 * (src/render/StaticStyle.tsx).
 */
export const GLOBAL_CSS = compactCss(`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    display: flex;
    flex-direction: column;
    background: ${theme.color.canvas};
    color: ${theme.color.ink};
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    line-height: 1.5;
  }
  a { color: ${theme.color.brand}; }
  a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
  h1, h2, h3 { line-height: 1.25; }
  /* An island's wrapper never changes layout (as Astro's astro-island): a block div would break flex and
     grid parents. A stylesheet rule rather than a style attribute keeps the markup free of inline styles. */
  [data-island] { display: contents; }
  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px;
    padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0);
    white-space: nowrap; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; }
  }
`);

export function GlobalStyle() {
  return <StaticStyle css={GLOBAL_CSS} />;
}
