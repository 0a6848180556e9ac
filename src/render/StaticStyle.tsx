/**
 * <StaticStyle css={…} /> puts a style sheet that never changes — the layout's global rules — into the page's
 * <head>, once per page, before the components' styles. styled-components' createGlobalStyle would work such
 * rules out through stylis on every server render (6.6 drops a global style's rules after each render, so its
 * cache never holds): work on every page for a constant. Like <Island>, the view only records it; renderDocument
 * writes the tag. It is never inside a kept part or an island (neither records it): it throws there.
 */
import { createContext, useContext } from 'react';

/** The static sheets of one page render, in the order the view first rendered them. */
export class StaticStyles {
  readonly sheets = new Set<string>();
}

export const StaticStylesContext = createContext<StaticStyles | null>(null);

export function StaticStyle({ css }: { css: string }) {
  const styles = useContext(StaticStylesContext);
  if (!styles) throw new Error('<StaticStyle> renders only in a page view (renderDocument), not in a kept part');
  styles.sheets.add(css);
  return null;
}

/**
 * CSS as written in source (indented, commented) made compact once, as stylis would print it: comments gone,
 * whitespace collapsed, none around braces, colons, semicolons and commas. For hand-written static sheets only:
 * it does not parse strings, so a sheet must not put those characters inside quotes.
 */
export function compactCss(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,])\s*/g, '$1')
    .trim();
}
