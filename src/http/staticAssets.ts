/** Built island bundles under /assets: content-hashed names, so cached for a year and immutable. */
import path from 'node:path';
import type Koa from 'koa';
import mount from 'koa-mount';
import serve from 'koa-static';
import { PUBLIC_DIR } from '../render/manifest';
import { CROSS_CENTRE, CROSS_PATH } from '../../views/layout/serviceMark';
import { theme } from '../../views/ui/theme';

export function staticAssets(): Koa.Middleware {
  return mount(
    '/assets',
    serve(path.join(PUBLIC_DIR, 'assets'), {
      index: false,
      gzip: false,
      setHeaders: (res, filePath) => {
        if (filePath.endsWith('manifest.json')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
}

/** The header's mark (views/layout/serviceMark.ts): the Maltese cross, white on the brand red, a little inset. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${theme.color.brand}"/><g transform="translate(16 16) scale(0.84) translate(-16 -16)"><path d="${CROSS_PATH}" fill="#fff"/><circle cx="${CROSS_CENTRE.cx}" cy="${CROSS_CENTRE.cy}" r="${CROSS_CENTRE.r}" fill="${theme.color.reflective}" stroke="#fff" stroke-width="1.5"/></g></svg>`;

export function favicon(): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/favicon.svg' && ctx.path !== '/favicon.ico') return next();
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = FAVICON;
  };
}

/**
 * /robots.txt: crawlers may read the public pages (profiles, custom URLs, departments); the API, the admin
 * dashboard and account pages are not for them. Without it the path would be read as a custom URL (a redirect
 * home), which crawlers take for a broken robots file. Pages that must not be indexed also say so themselves
 * (X-Robots-Tag / meta robots noindex), so this is a courtesy, not the rule.
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /api/',
  'Disallow: /admin',
  'Disallow: /account-settings',
  'Disallow: /create-profile',
  'Disallow: /reset-password',
  '',
].join('\n');

export function robotsTxt(): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/robots.txt') return next();
    ctx.type = 'text/plain';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = ROBOTS_TXT;
  };
}
