/**
 * Security headers on every response, decided by helmet. The policy is written out in full
 * (useDefaults: false) so what the browser enforces is what you read here; docs/decisions/security-headers.md says why.
 * - script-src 'self': islands load as external modules; their props are JSON blocks, never executed. No inline
 *   script at all (the sign-in pages ship none; passkey sign-in is its own page, /login/passkey).
 * - style-src adds 'unsafe-inline': styled-components puts <style> tags into the page and, in the browser,
 *   inserts rules at runtime; nonces would need a per-request value threaded into every island's render.
 * - HSTS and upgrade-insecure-requests only when BASE_URL is https: on plain http they would break the site.
 * Nothing in the policy depends on the request, so helmet runs once, when the app is built, and every response
 * gets the headers it wrote (a route may still replace one, e.g. the reset page's Referrer-Policy).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import helmet, { type HelmetOptions } from 'helmet';

export function securityHeaderOptions(baseUrl: string): HelmetOptions {
  const https = baseUrl.startsWith('https://');
  return {
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
  };
}

/** The headers helmet sets for `options`, in its order. Throws if the policy needed the request (a function). */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  // helmet's types ask for a whole ServerResponse; it only sets and removes headers, which `res` records.
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not decide the security headers synchronously');
  return [...headers];
}

/** The security headers as a flat [name, value, …] list, for `res.writeHead` (src/http/earlyAnswers.ts). */
export function securityHeaderList(baseUrl: string): string[] {
  return helmetHeaders(securityHeaderOptions(baseUrl)).flat();
}

export function securityHeaders(baseUrl: string): Koa.Middleware {
  const headers = helmetHeaders(securityHeaderOptions(baseUrl));
  return (ctx, next) => {
    const { res } = ctx;
    for (const [name, value] of headers) res.setHeader(name, value);
    return next();
  };
}
