/**
 * API answers this node keeps, given before Koa's middleware (src/http/earlyAnswers.ts) like kept profile pages: a
 * signed-in member's own departments (`GET /api/departments/user`, My Departments), when the session and its user
 * are in the session cache and the member's links in what this node keeps of departments
 * (src/services/departments/departmentReads.ts). Both are dropped at once on any change, here and on every node
 * through Postgres notifications, so sign-out, a password change, deactivation or a new department reach the next
 * call as they would on the middleware path. Anything else — no credentials, a session or links not in memory, a
 * session koa-session would renew, HEAD — goes on to the route (src/api/departments.ts), which answers the same
 * call the same way: status, headers in order, body and log line (test/integration/early-answers.test.ts).
 */
import type { EarlyAnswer } from '../http/earlyAnswers';
import { gzippedForClient } from '../http/compression';
import { keptSessionOf } from '../http/session';
import { presentUserDepartments } from '../presenters/departments';
import type { DepartmentReads } from '../services/departments/departmentReads';
import type { KeptPageCaches } from '../pageCache/keptPages';

export const USER_DEPARTMENTS_PATH = '/api/departments/user';

/** Whether a request may be a kept API answer, from its method and raw URL (no context built yet). */
export const maybeKeptApiAnswer = (method: string | undefined, url: string): boolean =>
  method === 'GET' && url.startsWith(USER_DEPARTMENTS_PATH);

/** What members' kept pages read their sessions from, and what this node keeps of departments. */
export interface KeptApiCaches extends Pick<KeptPageCaches, 'sessions' | 'activity' | 'sessionMaxAgeMs'> {
  departmentReads: DepartmentReads;
}

export function keptApiAnswers(caches: KeptApiCaches): EarlyAnswer {
  return (ctx, reply) => {
    if (ctx.method !== 'GET' || ctx.path !== USER_DEPARTMENTS_PATH) return false;
    const signedIn = keptSessionOf(ctx, caches.sessions, caches.sessionMaxAgeMs);
    if (!signedIn) return false;
    const { user } = signedIn.found;
    const read = caches.departmentReads.keptUserDepartments(user.id);
    if (!read) return false;
    // As the middleware path sets them: Vary (compression), then the JSON body's type and length.
    const json = JSON.stringify(presentUserDepartments(read, user));
    const gzipped = gzippedForClient(json, ctx.req.headers['accept-encoding']);
    reply.set('Vary', 'Accept-Encoding').set('Content-Type', 'application/json; charset=utf-8');
    reply.body = gzipped ?? Buffer.from(json);
    reply.route = USER_DEPARTMENTS_PATH; // logged as the route's pattern, as the middleware path logs it
    reply.setLength();
    if (gzipped) reply.set('Content-Encoding', 'gzip');
    caches.activity.seenByHash(signedIn.tokenHash);
    return true;
  };
}
