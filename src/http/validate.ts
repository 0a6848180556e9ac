/**
 * Validated input for a route: `validate({ params, query, body })` runs each yup schema over that part of the
 * request and leaves the typed result on `ctx.state.input` (read it through the handler's context type,
 * `ApiContext<InputOf<typeof spec>>`, see src/http/context.ts). Failures answer at the edge:
 * - params: 404 with the failing param's own message — a malformed id names nothing (never coerced to some
 *   other id): `id()` says `Not found`, an item ref `Item not found`, a photo index `Photo not found`;
 * - query: 400 — including a parameter sent twice (`?q=a&q=b`) where the schema expects one value;
 * - body: 400 with each field's first message in `fields`.
 * Unknown keys are dropped. The schemas live in src/validation, shared with the islands.
 */
import type Koa from 'koa';
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

/** A query parameter repeated where the schema wants one value is refused, not silently reduced. */
function assertSingleValues(schema: AnyObjectSchema, query: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(query)) {
    const field = schema.fields[key] as { type?: string } | undefined;
    if (field && field.type !== 'array' && Array.isArray(value)) {
      throw new ValidationError(`Query parameter ${key} must be given once`, { [key]: 'must be given once' });
    }
  }
}

export function validate<S extends InputSpec>(spec: S): Koa.Middleware {
  return async (ctx, next) => {
    const input: Record<string, unknown> = { params: {}, query: {}, body: {} };
    if (spec.params) {
      try {
        input.params = await spec.params.validate((ctx as { params?: object }).params ?? {}, { stripUnknown: true });
      } catch (error) {
        if (error instanceof YupValidationError) throw new NotFoundError(error.errors[0]);
        throw error;
      }
    }
    if (spec.query) {
      assertSingleValues(spec.query, ctx.query);
      input.query = await parse(spec.query, ctx.query);
    }
    if (spec.body) input.body = await parse(spec.body, ctx.request.body);
    ctx.state.input = input;
    await next();
  };
}
