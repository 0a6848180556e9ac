/** Built island bundles under /assets: content-hashed names, so cached for a year and immutable. */
import path from 'node:path';
import type Koa from 'koa';
import mount from 'koa-mount';
import serve from 'koa-static';
import { PUBLIC_DIR } from '../render/manifest';

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

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#8B1A1A"/><path d="M6 21c0-5.5 4.5-10 10-10s10 4.5 10 10v1H6zm-1 2h22v3H5zM14.5 7h3v4h-3z" fill="#fff"/><rect x="10" y="18" width="12" height="2" rx="1" fill="#D4E157"/></svg>`;

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
