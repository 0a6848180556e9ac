/**
 * A policy answers two questions about one kind of resource:
 * - `can(viewer, action, resource)`: may this viewer do this to that?
 * - `scope(query, viewer)`: which rows may this viewer see? (a query modifier, so lists are filtered in SQL)
 * Routers and services ask the policy (through `authorize`); nothing re-derives ownership with its own query.
 *
 * `read` is special: a resource the viewer may not read does not exist for them, so `authorize` answers
 * 404 (not 403) and never reveals that it is there.
 */
import type { QueryBuilder, Model } from 'objection';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import type { Viewer } from './viewer';

export type Rule<R> = (viewer: Viewer | null, resource: R) => boolean;

export interface Policy<R extends Model, A extends string> {
  /** Shown in 404 messages: "Department not found". */
  notFoundMessage: string;
  rules: { read: Rule<R> } & Record<A, Rule<R>>;
  /** Use as `Model.query().modify(policy.scope, viewer)`. */
  scope(query: QueryBuilder<R, R[]>, viewer: Viewer | null): QueryBuilder<R, R[]>;
}

export function definePolicy<R extends Model, A extends string>(policy: Policy<R, A>): Policy<R, A> {
  return policy;
}

export function can<R extends Model, A extends string>(
  policy: Policy<R, A>,
  viewer: Viewer | null,
  action: A | 'read',
  resource: R,
): boolean {
  return policy.rules[action](viewer, resource);
}

/**
 * Throws unless the viewer may do `action` to `resource` (which may be undefined: not found).
 * Not readable or missing → 404; readable but not allowed → 401 for a visitor, 403 for a signed-in user.
 * Returns the resource, narrowed to defined.
 */
export function authorize<R extends Model, A extends string>(
  policy: Policy<R, A>,
  viewer: Viewer | null,
  action: A | 'read',
  resource: R | undefined,
): R {
  if (!resource || !policy.rules.read(viewer, resource)) throw new NotFoundError(policy.notFoundMessage);
  if (!policy.rules[action](viewer, resource)) {
    throw viewer ? new ForbiddenError() : new UnauthorizedError();
  }
  return resource;
}
