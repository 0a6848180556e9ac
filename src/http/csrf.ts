/**
 * CSRF protection for cookie-authenticated writes: an unsafe request that carries the session cookie must
 * come from our own origin (Origin, or Referer when a browser omits Origin). Bearer requests are exempt:
 * a browser never attaches a bearer token on its own. SameSite=Lax cookies are the first line; this is the second.
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
    if (SAFE_METHODS.has(ctx.method) || bearerToken(ctx) || !ctx.cookies.get(SESSION_COOKIE)) return next();
    const origin = originOf(ctx.get('origin') || undefined) ?? originOf(ctx.get('referer') || undefined);
    // Not ctx.origin: Koa 3 derives that from the Origin header itself.
    const own = `${ctx.protocol}://${ctx.host}`;
    if (!origin || (origin !== own && origin !== configured)) {
      throw new ForbiddenError('Cross-site request rejected');
    }
    return next();
  };
}
