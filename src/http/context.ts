/**
 * The request's typed state, for route handlers. Annotate a handler's `ctx` with the context its middleware
 * guarantees:
 *
 *   router.patch('/api/departments/user/:id', signedIn(), validate(linkUpdate), transaction(),
 *     async (ctx: WriteContext<InputOf<typeof linkUpdate>>) => { ctx.state.trx; ctx.state.actor; ctx.state.input.body });
 */
import type { RouterContext } from '@koa/router';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import type { Logger } from '../log';

export interface RequestState<I = unknown> {
  /** The signed-in, active user, or null for a visitor (src/http/session.ts). */
  user: User | null;
  input: I;
  log: Logger;
  requestId: string;
  /** A profile page route's profile owner, once it has read the profile (for counting the view: insights.ts). */
  profileOwnerId?: number;
}

/** Any request: the viewer may be a visitor. */
export type RequestContext<I = unknown> = RouterContext<RequestState<I>>;

/** After `signedIn()`: `ctx.state.user` is the signed-in user. */
export type SignedInContext<I = unknown> = RouterContext<RequestState<I> & { user: User }>;

/** After `signedIn()` and `transaction()`: the acting user and the request's one transaction. */
export type WriteContext<I = unknown> = RouterContext<RequestState<I> & { user: User; trx: Knex.Transaction }>;

/** After `transaction()` on a route a visitor may use (sign-up, password reset). */
export type VisitorWriteContext<I = unknown> = RouterContext<RequestState<I> & { trx: Knex.Transaction }>;
