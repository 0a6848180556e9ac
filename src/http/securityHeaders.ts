/**
 * Security headers on every response (helmet through koa-helmet). The policy is written out in full
 * (useDefaults: false) so what the browser enforces is what you read here; docs/decisions.md says why.
 * - script-src 'self': islands load as external modules; their props are JSON blocks, never executed.
 * - style-src adds 'unsafe-inline': styled-components puts <style> tags into the page and, in the browser,
 *   inserts rules at runtime; nonces would need a per-request value threaded into every island's render.
 * - HSTS and upgrade-insecure-requests only when BASE_URL is https: on plain http they would break the site.
 */
import type Koa from 'koa';
import helmet from 'koa-helmet';

export function securityHeaders(baseUrl: string): Koa.Middleware {
  const https = baseUrl.startsWith('https://');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
}
