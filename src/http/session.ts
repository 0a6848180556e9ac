/**
 * koa-session over the sessions table. The client's key is either the session cookie or a bearer token
 * (`Authorization: Bearer …`), so the same session works for the browser and for API clients.
 * After the session is read, the signed-in user (if any, and only if still active) is put on ctx.state.user.
 * Sessions are read through the node's session cache (src/services/sessionCache.ts).
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import session from 'koa-session';
import type { LRUCache } from 'lru-cache';
import { Model } from 'objection';
import type { Config } from '../config';
import { inTransaction } from '../db/transaction';
import { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import type { Mailer } from '../services/mail';
import type { SessionActivity } from '../services/sessionActivity';
import { copyOfUser, type SessionCache } from '../services/sessionCache';
import { destroySession, saveSession, type SessionData } from '../services/sessions';
import { hashToken, randomToken } from '../services/tokens';
import { landingPathFor, presentUser } from '../presenters/users';
import type { LoginResponse } from '../validation/auth';
import { entryLimitedCache } from '../entryLimitedCache';
import { nowOf } from './clock';

export const SESSION_COOKIE = 'turnout.sid';

export function bearerToken(ctx: Koa.Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Whether a request carries a credential at all (an Authorization header, or what may be a session cookie),
 * without checking it: a visitor's request carries none. A false "yes" only costs the full path.
 */
export function carriesCredentials(ctx: Koa.Context): boolean {
  const { headers } = ctx.req;
  return headers.authorization !== undefined || (headers.cookie?.includes(SESSION_COOKIE) ?? false);
}

/**
 * Session cookies whose signature this app has checked, by app (each app has its own key): value → signature.
 * A signed read through `cookies` costs two HMACs and random bytes (its constant-time compare) on every request;
 * a value and signature checked once need not be checked again. Only good pairs are kept; anything else takes
 * the full read (which also clears a bad signature cookie, as before).
 */
const checkedCookies = new WeakMap<Koa, LRUCache<string, string>>();

function signedSessionCookie(ctx: Koa.Context): string | undefined {
  const cookieHeader = ctx.req.headers.cookie;
  if (!cookieHeader || !cookieHeader.includes(SESSION_COOKIE)) return undefined;
  let checked = checkedCookies.get(ctx.app);
  if (!checked) checkedCookies.set(ctx.app, (checked = entryLimitedCache<string, string>(10_000)));
  const value = ctx.cookies.get(SESSION_COOKIE);
  const signature = ctx.cookies.get(`${SESSION_COOKIE}.sig`);
  if (value && signature && checked.get(value) === signature) return value;
  const verified = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  if (verified && signature) checked.set(verified, signature);
  return verified;
}

const REQUEST_TOKEN = Symbol('requestSessionToken');

/**
 * The token this request authenticates with: the bearer token, else the (signed) session cookie. Read once per
 * request: it names what the request carried, whatever the response then sets.
 */
export function currentSessionToken(ctx: Koa.Context): string | undefined {
  const state = ctx.state as { [REQUEST_TOKEN]?: string | null };
  let token = state[REQUEST_TOKEN];
  if (token === undefined) token = state[REQUEST_TOKEN] = bearerToken(ctx) ?? signedSessionCookie(ctx) ?? null;
  return token ?? undefined;
}

/**
 * The session store's writes join the request's transaction when it has one: a sign-up's session refers to a
 * user only that transaction can see yet and must not outlive its rollback, and on a single-connection database
 * (embedded PGlite) a second transaction would wait on the first. Otherwise (a sign-in without one, the
 * end-of-request save after the transaction has committed) they run in a transaction of their own.
 */
function inRequestTransaction(
  ctx: Koa.Context | undefined,
  write: (trx: Knex.Transaction, actor: Viewer | null) => Promise<void>,
): Promise<void> {
  const trx = ctx?.state.trx as Knex.Transaction | undefined;
  const actor = (ctx?.state.user as User | null | undefined) ?? null;
  return trx ? write(trx, actor) : inTransaction(Model.knex(), (own) => write(own, actor));
}

function sessionMiddleware(app: Koa, config: Config, sessions: SessionCache, mailer: Mailer): Koa.Middleware {
  const secure = config.baseUrl.startsWith('https://');
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: config.sessionMaxAgeMs,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      renew: true,
      // Sign-in sets ctx.state.newSessionToken first so the response can return the same token it stores.
      genid: (ctx: Koa.Context) => (ctx.state.newSessionToken as string | undefined) ?? randomToken(),
      externalKey: {
        get: (ctx: Koa.Context) => currentSessionToken(ctx) ?? '',
        set: (ctx: Koa.Context, value: string) => {
          if (bearerToken(ctx)) return; // bearer clients keep their token; no cookie for them
          ctx.cookies.set(SESSION_COOKIE, value, {
            httpOnly: true,
            sameSite: 'lax',
            secure,
            signed: true,
            maxAge: config.sessionMaxAgeMs,
            overwrite: true,
          });
        },
      },
      store: {
        // The user comes with the session (one query, or none when kept); loadUser picks it up from ctx.state.
        get: async (key: string, _maxAge: number, options: { ctx?: Koa.Context }) => {
          const found = await sessions.find(key);
          if (options.ctx) {
            options.ctx.state.sessionUser = found?.user;
            options.ctx.state.sessionFacts = found?.facts;
            options.ctx.state.sessionProvedAt = found?.provedAt ?? null;
          }
          return found?.data;
        },
        set: async (
          key: string,
          data: Record<string, unknown>,
          maxAge: number | 'session' | undefined,
          options: { ctx?: Koa.Context },
        ) => {
          const { userId, ...rest } = data;
          if (typeof userId !== 'number') return; // only signed-in sessions are stored
          const maxAgeMs = typeof maxAge === 'number' ? maxAge : config.sessionMaxAgeMs;
          const userAgent = options.ctx?.get('user-agent') || null;
          // A sign-in's new session is proved by the sign-in itself (docs/api.md "Step-up").
          const state = options.ctx?.state as { newSessionToken?: string; newSessionProvedAt?: Date } | undefined;
          const provedAt = state?.newSessionToken === key ? state.newSessionProvedAt : undefined;
          await inRequestTransaction(options.ctx, async (trx, actor) => {
            await saveSession(
              trx,
              actor,
              { token: key, userId, data: rest, maxAgeMs, userAgent, provedAt },
              { mailer, config },
            );
          });
        },
        destroy: (key: string, options?: { ctx?: Koa.Context }) =>
          inRequestTransaction(options?.ctx, (trx, actor) => destroySession(trx, actor, { token: key })),
      },
    },
    app,
  );
}

/**
 * Whether koa-session would leave a session read with this data exactly as it is (no save, no cookie): unexpired
 * (its `valid` check) and not due for renewal (`renew`: within half its max age of expiry, when it re-saves the
 * session and sends a new cookie). The max age is the session's own `_maxAge`, else the configured one.
 */
export function sessionStaysAsItIs(data: SessionData, configuredMaxAgeMs: number): boolean {
  const { _expire: expire, _maxAge: ownMaxAge } = data;
  if (typeof expire !== 'number') return true;
  const left = expire - Date.now();
  if (left < 0) return false;
  if ('_session' in data) return true; // a browser-session cookie: koa-session never renews it
  const maxAge = typeof ownMaxAge === 'number' ? ownMaxAge : configuredMaxAgeMs;
  return !(maxAge && left < maxAge / 2);
}

/**
 * Set on a read answered without koa-session (below): a kept session's data, or none for a request that carries
 * no credentials — what `ctx.session` reads, with no session object.
 */
const KEPT_SESSION = Symbol('keptSessionData');
const NO_SESSION: SessionData = Object.freeze({});

interface KeptSessionState {
  [KEPT_SESSION]?: SessionData;
}

/**
 * `ctx.session` on a read answered from a kept session or carrying no credentials: a frozen copy of the session's
 * data (none for the latter) for reads (a page's flash lookup), and an error on any change, since no koa-session
 * commit runs to store it. Only GET and HEAD take that path, and no GET or HEAD route changes the session
 * (sign-in, sign-out and flash writes are posts). Every other request goes to koa-session's own accessor.
 */
function guardSessionAccessor(app: Koa): void {
  const own = Object.getOwnPropertyDescriptor(app.context, 'session');
  if (!own?.get || !own.set) throw new Error('koa-session must be installed before guarding ctx.session');
  const { get, set } = own;
  Object.defineProperty(app.context, 'session', {
    configurable: true,
    get(this: Koa.Context & KeptSessionState) {
      const kept = this[KEPT_SESSION];
      return kept ? Object.freeze({ ...kept }) : get.call(this);
    },
    set(this: Koa.Context & KeptSessionState, value: unknown) {
      if (this[KEPT_SESSION]) throw new Error('A GET or HEAD request cannot change its session');
      set.call(this, value);
    },
  });
}

/**
 * The session and user of a request, as koa-session and loadUser would put them, cheaply when they can: a GET or
 * HEAD with no session cookie and no token has none (and no koa-session object); a GET or HEAD whose session this
 * node keeps (and trusts: src/services/sessionCache.ts), that koa-session would leave as it is, of an active user,
 * gets its user straight from the kept entry — no koa-session object, no hashing of its data, no commit, no
 * promise for the store. Anything else (a write, an unknown or uncached session, one due for renewal or expired,
 * an inactive user) takes koa-session and loadUser as before.
 */
export function sessionAndUser(
  app: Koa,
  config: Config,
  sessions: SessionCache,
  activity: SessionActivity,
  mailer: Mailer,
): Koa.Middleware {
  const session = sessionMiddleware(app, config, sessions, mailer);
  const load = loadUser(activity);
  guardSessionAccessor(app);
  return (ctx, next) => {
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (read && !carriesCredentials(ctx)) {
      // No cookie, no token: nobody to load and nothing to read. koa-session would make a session object with a
      // fresh random id (~8% of a kept landing page's CPU) only to save nothing.
      (ctx as Koa.Context & KeptSessionState)[KEPT_SESSION] = NO_SESSION;
      ctx.state.user = null;
      return next();
    }
    const kept = read ? keptSessionOf(ctx, sessions, config.sessionMaxAgeMs) : undefined;
    if (!kept) return session(ctx, () => load(ctx, next));
    const user = copyOfUser(kept.found.user);
    (ctx as Koa.Context & KeptSessionState)[KEPT_SESSION] = kept.found.data;
    ctx.state.sessionUser = user;
    ctx.state.sessionFacts = kept.found.facts;
    ctx.state.sessionProvedAt = kept.found.provedAt;
    ctx.state.user = user;
    activity.seenByHash(kept.tokenHash);
    return next();
  };
}

/**
 * The request's session and user from this node's memory (never a query), when a read may use them without
 * koa-session: kept and trusted, of an active user, holding only the sign-in, and one koa-session would leave as it
 * is. Undefined otherwise: the request takes koa-session and loadUser. Also used by members' kept pages.
 */
export function keptSessionOf(ctx: Koa.Context, sessions: SessionCache, sessionMaxAgeMs: number) {
  const token = currentSessionToken(ctx);
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const found = sessions.peek(tokenHash);
  if (!found || !found.user.isActive || found.data.userId !== found.user.id) return undefined;
  const stays = holdsOnlySignIn(found.data) && sessionStaysAsItIs(found.data, sessionMaxAgeMs);
  return stays ? { tokenHash, found } : undefined;
}

/** A session holding nothing but who is signed in (no flash waiting to be taken: taking it changes the session). */
const holdsOnlySignIn = (data: SessionData): boolean =>
  Object.keys(data).every((key) => key === 'userId' || key.startsWith('_'));

/** Puts the signed-in, active user on ctx.state.user (or null), and notes the session as seen (off the hot path). */
function loadUser(activity: SessionActivity): Koa.Middleware {
  return async (ctx, next) => {
    ctx.state.user = null;
    const userId = ctx.session?.userId as number | undefined; // reading ctx.session loads the session (and user)
    if (typeof userId === 'number') {
      const loaded = ctx.state.sessionUser as User | undefined;
      const user = loaded?.id === userId ? loaded : await User.query().findById(userId);
      if (user?.isActive) {
        ctx.state.user = user;
        const token = currentSessionToken(ctx);
        if (token) activity.seen(token);
      } else ctx.session = null; // deleted or deactivated: the session ends
    }
    await next();
  };
}

/**
 * Signs a user in on this request: a fresh session id (no fixation) whose token is returned. The sign-in is the
 * new session's first proof (docs/api.md "Step-up").
 */
export async function startSession(ctx: Koa.Context, userId: number): Promise<string> {
  const token = randomToken();
  ctx.state.newSessionToken = token;
  ctx.state.newSessionProvedAt = new Date(nowOf(ctx));
  ctx.state.sessionProvedAt = ctx.state.newSessionProvedAt.getTime();
  ctx.session!.userId = userId;
  await ctx.session!.regenerate();
  ctx.state.user = await User.query(ctx.state.trx as Knex.Transaction | undefined).findById(userId);
  return token;
}

/** Signs `user` in and answers what a sign-in route returns: {user, token, redirectTo}. */
export async function signInAnswer(ctx: Koa.Context, user: User): Promise<LoginResponse> {
  return { user: presentUser(user, user), token: await startSession(ctx, user.id), redirectTo: landingPathFor(user) };
}

export function endSession(ctx: Koa.Context): void {
  ctx.session = null;
  ctx.state.user = null;
}
