/**
 * Validated input for a route: `validate({ params, query, body })` runs each yup schema over that part of the
 * request and leaves the typed result on `ctx.state.input` (read it through the handler's context type,
 * `ApiContext<InputOf<typeof spec>>`, see src/http/context.ts). Failures answer at the edge:
 * - params: 404 with the failing param's own message — a malformed id names nothing (never coerced to some
 *   other id): `id()` says `Not found`, an item ref `Item not found`, a photo index `Photo not found`;
 * - query: 400 — including a parameter sent twice (`?q=a&q=b`) where the schema expects one value;
 * - body: 400 with each field's first message in `fields`.
 * Unknown keys are dropped. The schemas live in src/validation, shared with the islands.
 *
 * Page routes use the same middleware with their own answers (`validate(spec, { badQuery: 'canonical' })`): a bad
 * query value redirects to the same URL without that parameter — the canonical URL of what the page then shows,
 * never a silent default under the bad address; `badParams` names where a malformed path goes instead of a 404
 * when the spec says so (spec 02 §2: a bad profile id goes home).
 */
import type Koa from 'koa';
import { entryLimitedCache } from '../entryLimitedCache';
import { ValidationError as YupValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { NotFoundError, ValidationError } from '../errors';
import { fieldMessages } from '../validation/errors';

export interface InputSpec {
  params?: AnyObjectSchema;
  query?: AnyObjectSchema;
  body?: AnyObjectSchema;
}

type Part<S> = S extends AnyObjectSchema ? InferType<S> : Record<string, never>;

export interface InputOf<S extends InputSpec> {
  params: Part<S['params']>;
  query: Part<S['query']>;
  body: Part<S['body']>;
}

/** Runs a schema over untrusted input; a ValidationError (400) with per-field messages on failure. */
export async function parse<S extends AnyObjectSchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof YupValidationError) {
      const fields = fieldMessages(error);
      throw new ValidationError(Object.values(fields)[0] ?? error.message, fields);
    }
    throw error;
  }
}

/** Query parameters repeated where the schema wants one value: refused, not silently reduced. */
function repeatedKeys(schema: AnyObjectSchema, query: Record<string, unknown>): string[] {
  return Object.entries(query)
    .filter(([key, value]) => {
      const field = schema.fields[key] as { type?: string } | undefined;
      return field !== undefined && field.type !== 'array' && Array.isArray(value);
    })
    .map(([key]) => key);
}

export interface ValidateOptions {
  /** `canonical` (pages): a bad query value redirects to the URL without it, instead of a 400. */
  badQuery?: 'error' | 'canonical';
  /** Pages whose spec sends a malformed path elsewhere: redirect there instead of a 404. */
  badParams?: { redirect: string };
}

/** The request's URL without some query parameters (the others as sent, in their order). */
export function urlWithout(ctx: Koa.Context, keys: string[]): string {
  const search = new URLSearchParams(ctx.querystring);
  for (const key of keys) search.delete(key);
  const rest = search.toString();
  return rest ? `${ctx.path}?${rest}` : ctx.path;
}

async function validQuery(ctx: Koa.Context, schema: AnyObjectSchema, options: ValidateOptions) {
  const repeated = repeatedKeys(schema, ctx.query);
  try {
    if (repeated.length) {
      const key = repeated[0]!;
      throw new ValidationError(`Query parameter ${key} must be given once`, { [key]: 'must be given once' });
    }
    return await parse(schema, ctx.query);
  } catch (error) {
    if (options.badQuery !== 'canonical' || !(error instanceof ValidationError)) throw error;
    // Only parameters the request carries can be dropped; anything else would redirect to itself.
    const bad = [...repeated, ...Object.keys(error.fields ?? {})].filter((key) => Object.hasOwn(ctx.query, key));
    if (!bad.length) throw error;
    ctx.redirect(urlWithout(ctx, bad));
    return undefined;
  }
}

/**
 * Most requests carry no query string, and a query schema's answer to none is always the same (its defaults):
 * worked out once per schema, copied for each request. A schema that refuses no query (a required parameter)
 * is asked each time, so the request gets its own error.
 */
const noQueryAnswers = new WeakMap<AnyObjectSchema, Promise<Record<string, unknown> | null>>();

function answerToNoQuery(schema: AnyObjectSchema): Promise<Record<string, unknown> | null> {
  let answer = noQueryAnswers.get(schema);
  if (!answer) {
    answer = schema.validate({}, { abortEarly: false, stripUnknown: true }).then(
      (value: Record<string, unknown>) => Object.freeze(value),
      () => null,
    );
    noQueryAnswers.set(schema, answer);
  }
  return answer;
}

export function validate<S extends InputSpec>(spec: S, options: ValidateOptions = {}): Koa.Middleware {
  // A path's parameters are a few short strings, asked for again and again (the same profile's page): each
  // route remembers the answers it gave (bounded), and a request gets a copy.
  const validParams = entryLimitedCache<string, Readonly<Record<string, unknown>>>(1_000);
  return async (ctx, next) => {
    const input: Record<string, unknown> = { params: {}, query: {}, body: {} };
    if (spec.params) {
      const raw = (ctx as { params?: Record<string, string> }).params ?? {};
      const key = JSON.stringify(raw);
      try {
        let valid = validParams.get(key);
        if (!valid) {
          valid = Object.freeze(await spec.params.validate(raw, { stripUnknown: true })) as Record<string, unknown>;
          validParams.set(key, valid);
        }
        input.params = { ...valid };
      } catch (error) {
        if (!(error instanceof YupValidationError)) throw error;
        if (!options.badParams) throw new NotFoundError(error.errors[0]);
        return ctx.redirect(options.badParams.redirect);
      }
    }
    const noQuery = spec.query && ctx.querystring === '' ? await answerToNoQuery(spec.query) : null;
    if (noQuery) {
      input.query = { ...noQuery };
    } else if (spec.query) {
      const query = await validQuery(ctx, spec.query, options);
      if (query === undefined) return; // redirected to the canonical URL
      input.query = query;
    }
    if (spec.body) input.body = await parse(spec.body, ctx.request.body);
    ctx.state.input = input;
    await next();
  };
}
