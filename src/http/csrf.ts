/**
 * CSRF protection for cookie-authenticated writes: an unsafe request that carries the session cookie must
 * come from our own origin (Origin, or Referer only when a browser omits Origin; `Origin: null` is refused). Bearer requests are exempt:
 * a browser never attaches a bearer token on its own. SameSite=Lax cookies are the first line; this is the second.
 *
 * Signed-out writes (sign-in, Join Beta, password reset — by form post or fetch) are refused too when the
 * browser says they come from another site (Origin or Referer present and foreign, or `Origin: null`): that
 * stops login CSRF, where a foreign page signs the visitor in to an attacker's account. A request with neither
 * header (curl, a server-side client) is not a browser's cross-site request and passes.
 */
import type Koa from 'koa';
import { ForbiddenError } from '../errors';
import { bearerToken, SESSION_COOKIE } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function csrfProtection(baseUrl: string): Koa.Middleware {
  const configured = originOf(baseUrl);
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || bearerToken(ctx)) return next();
    const originHeader = ctx.get('origin');
    const refererHeader = ctx.get('referer');
    // A browser that sends Origin has spoken: `null` (a sandboxed frame, a data: page, a privacy redirect) is
    // refused like a foreign origin, never replaced by the Referer. Only a missing Origin falls back to it.
    const origin = originHeader ? originOf(originHeader) : originOf(refererHeader || undefined);
    // Not ctx.origin: Koa 3 derives that from the Origin header itself.
    const own = `${ctx.protocol}://${ctx.host}`;
    const sameSite = origin !== undefined && (origin === own || origin === configured);
    const signedIn = Boolean(ctx.cookies.get(SESSION_COOKIE));
    const saysWhere = Boolean(originHeader || refererHeader);
    if (!sameSite && (signedIn || saysWhere)) throw new ForbiddenError('Cross-site request rejected');
    return next();
  };
}
