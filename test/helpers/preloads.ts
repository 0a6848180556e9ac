/** The module files a page's HTML preloads (`<link rel="modulepreload">`), in document order. */
export const modulePreloads = (html: string): string[] =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"[^>]*>/g)].map((m) => m[1]!);
