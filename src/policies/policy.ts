/**
 * A policy answers, for one kind of resource:
 * - `can(policy, viewer, action, row)`: may this viewer do this to that row?
 * - `canOnCollection(policy, viewer, action)`: may this viewer do this where there is no row yet (list, create,
 *   stats)?
 * - `scope(query, viewer)`: which rows may this viewer see? (a query modifier, so lists are filtered in SQL)
 * Routers and services ask the policy (through `authorize` / `authorizeOnCollection`); presenters ask it (through
 * `can`) to tell islands what the viewer may do; nothing re-derives a rule on its own.
 *
 * `read` is special: a row the viewer may not read does not exist for them, so `authorize` answers 404 (not
 * 403) and never reveals that it is there. A refused action is 401 for a visitor and 403 for a signed-in user,
 * with the rule's reason when it gives one (`deny(message)`).
 */
import type { QueryBuilder, Model } from 'objection';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import type { Viewer } from './viewer';

/** A refusal with its reason, shown as the 403's message. */
export interface Denial {
  denied: string;
}

export const deny = (message: string): Denial => ({ denied: message });

/** true: allowed; false or a Denial: refused. */
export type Verdict = boolean | Denial;
export type Rule<R> = (viewer: Viewer | null, resource: R) => Verdict;
export type CollectionRule = (viewer: Viewer | null) => Verdict;

/** Rules about one row: `read` decides existence, the others each action on the row. */
export interface RowPolicy<R extends Model, A extends string> {
  /** Shown in 404 messages: "Department not found". */
  notFoundMessage: string;
  rules: { read: Rule<R> } & Record<A, Rule<R>>;
  /** Use as `Model.query().modify(policy.scope, viewer)`. */
  scope(query: QueryBuilder<R, R[]>, viewer: Viewer | null): QueryBuilder<R, R[]>;
}

/** Rules about actions with no row to ask about: list, create, stats, or a resource that has no rows at all. */
export interface CollectionPolicy<C extends string> {
  collection: Record<C, CollectionRule>;
}

/**
 * `definePolicy<Row, 'update' | 'delete'>` for rows; add a third parameter for the collection's actions
 * (`definePolicy<Row, 'update', 'list' | 'create'>`); `definePolicy<never, never, 'setUp'>` for a resource
 * with no rows.
 */
export type Policy<R extends Model, A extends string, C extends string = never> = ([R] extends [never]
  ? unknown
  : RowPolicy<R, A>) &
  ([C] extends [never] ? unknown : CollectionPolicy<C>);

export function definePolicy<R extends Model, A extends string, C extends string = never>(
  policy: Policy<R, A, C>,
): Policy<R, A, C> {
  return policy;
}

const allowed = (verdict: Verdict) => verdict === true;

function refuse(viewer: Viewer | null, verdict: Verdict): never {
  if (!viewer) throw new UnauthorizedError();
  throw typeof verdict === 'object' ? new ForbiddenError(verdict.denied) : new ForbiddenError();
}

export function can<R extends Model, A extends string>(
  policy: RowPolicy<R, A>,
  viewer: Viewer | null,
  action: A | 'read',
  resource: R,
): boolean {
  return allowed(policy.rules.read(viewer, resource)) && allowed(policy.rules[action](viewer, resource));
}

export function canOnCollection<C extends string>(
  policy: CollectionPolicy<C>,
  viewer: Viewer | null,
  action: C,
): boolean {
  return allowed(policy.collection[action](viewer));
}

/**
 * Throws unless the viewer may do `action` to `resource` (which may be undefined: not found).
 * Not readable or missing → 404; readable but not allowed → 401 for a visitor, 403 for a signed-in user.
 * Returns the resource, narrowed to defined.
 */
export function authorize<R extends Model, A extends string>(
  policy: RowPolicy<R, A>,
  viewer: Viewer | null,
  action: A | 'read',
  resource: R | undefined,
): R {
  if (!resource || !allowed(policy.rules.read(viewer, resource))) throw new NotFoundError(policy.notFoundMessage);
  const verdict = policy.rules[action](viewer, resource);
  if (!allowed(verdict)) refuse(viewer, verdict);
  return resource;
}

/** Throws unless the viewer may do `action` on the collection: 401 for a visitor, 403 for a signed-in user. */
export function authorizeOnCollection<C extends string>(
  policy: CollectionPolicy<C>,
  viewer: Viewer | null,
  action: C,
): void {
  const verdict = policy.collection[action](viewer);
  if (!allowed(verdict)) refuse(viewer, verdict);
}
