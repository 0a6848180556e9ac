/**
 * Routers chosen by one segment of the request path, so a request walks only the routers that could answer it
 * instead of testing every route of every router in turn (each router tests all its routes' patterns).
 *
 * A router belongs to a segment's list when one of its routes has that segment, or a parameter or pattern there
 * (then it belongs to every list). The lists keep the routers' order, and a router left out could not have
 * matched: the request is answered exactly as if it had walked them all. Routes match case-insensitively
 * (@koa/router's default), so segments are compared lower-cased; a static segment of a route is ASCII, whose
 * case-insensitive match is exactly its lower-casing.
 */
import type Router from '@koa/router';
import type Koa from 'koa';

/** Middleware run one after another, as `app.use` would: each goes on to the next when it does not answer. */
function inOrder(middleware: readonly Koa.Middleware[]): Koa.Middleware {
  return (ctx, next) => {
    const step = (i: number): Promise<unknown> =>
      i === middleware.length ? next() : Promise.resolve(middleware[i]!(ctx, () => step(i + 1)));
    return step(0) as Promise<void>;
  };
}

/** A route path's segment at `index` ('/api/auth/login', 1 → 'auth'), or null when it is not plain text there. */
function staticSegment(path: unknown, index: number): string | null {
  if (typeof path !== 'string') return null;
  const segment = path.split('/')[index];
  if (segment === undefined) return '';
  return /^[A-Za-z0-9._~-]*$/.test(segment) ? segment.toLowerCase() : null;
}

/** The routes' segments at `index`, or null when one of them is not plain text there (a parameter, a pattern). */
function segmentsOf(router: Router, index: number): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of router.stack) {
    if (layer.methods.length === 0) continue; // router.use() middleware runs only with a matching route
    const segment = staticSegment(layer.path, index);
    if (segment === null) return null;
    segments.add(segment);
  }
  return segments;
}

/**
 * One middleware for `routers`, choosing them by the request path's segment at `index` (1: '/x/…' → 'x';
 * 2: '/api/x/…' → 'x').
 */
export function routesBySegment(routers: readonly Router[], index: number): Koa.Middleware {
  const bySegment = routers.map((router) => ({ router, segments: segmentsOf(router, index) }));
  const known = new Set(bySegment.flatMap(({ segments }) => [...(segments ?? [])]));
  const chain = (segment: string | null) =>
    inOrder(
      bySegment
        .filter(({ segments }) => segments === null || (segment !== null && segments.has(segment)))
        .map(({ router }) => router.routes() as Koa.Middleware),
    );
  const chains = new Map([...known].map((segment) => [segment, chain(segment)]));
  const others = chain(null);
  return (ctx, next) => {
    const segment = ctx.path.split('/', index + 1)[index]?.toLowerCase() ?? '';
    return (chains.get(segment) ?? others)(ctx, next);
  };
}
