/**
 * A form's plain-HTML post (the baseline; the island is the enhancement). A page route handles its form's
 * `application/x-www-form-urlencoded` post with the same yup schema and the same service call as the JSON API:
 *
 *   router.post('/login', formAction({
 *     schema: loginSchema,                       // src/validation, shared with the island
 *     errorTitle: 'Login failed',                // the island's failure-toast title (spec 01 §8)
 *     limit: (ctx) => rateLimits.consume('loginPerAddress', ctx.ip),
 *     handle: async (ctx, input) => { ...service...; return '/'; },   // where to go: 303 (post/redirect/get)
 *     render: (ctx, state) => renderPage(ctx, config, <LoginPage form={state} />, {...}),
 *   }));
 *
 * On success: 303 to the returned path. On a known failure (the error middleware's own mapping, `answerFor`):
 * 400 (invalid input), 401 (wrong credentials), 409 (conflict), 412 (changed since loaded) and 429 (rate limit, with Retry-After) re-render
 * the page with that status, the submitted values (never a password or token) and the messages: each field's
 * beside it, otherwise one for the form under `errorTitle`. Anything else (403, 404, 503, a bug) goes on to the
 * error middleware as usual. The work runs inside the request's one transaction (`transaction()`), which rolls
 * back before the page is re-rendered.
 */
import type { Knex } from 'knex';
import type Koa from 'koa';
import type { AnyObjectSchema, InferType } from 'yup';
import { ValidationError } from '../errors';
import { answerFor } from './errorHandler';
import type { RequestContext } from './context';
import { transaction as inRequestTransaction } from './transaction';
import { parse } from './validate';
import type { FormState, FormValue } from '../validation/forms';

export type { FormState } from '../validation/forms';

/** Statuses that mean "fix the form and try again": the page comes back with the messages. */
const SHOWN_ON_THE_FORM = new Set([400, 401, 409, 412, 429]);
/** Never echoed into the re-rendered page, whatever the form (a recovery code's field: src/validation/recoveryTwin.ts). */
const SECRET_FIELD = /password|token|recovery/i;

/** The request state after `transaction()` (trx) — or without it when `transaction: false`. */
export type FormActionContext = RequestContext & { state: { trx?: Knex.Transaction } };

/**
 * `C` is the context the handler expects (WriteContext after a signed-in check, VisitorWriteContext for a
 * visitor's write); the route guarantees it, as for API handlers.
 */
export interface FormActionOptions<S extends AnyObjectSchema, C = FormActionContext> {
  schema: S;
  /** Title of a failure that belongs to no field (the same words as the island's toast). Default 'Error'. */
  errorTitle?: string;
  /** The form's message when a failure brings none of its own (the spec's "else '…'" wording). */
  fallbackMessage?: string;
  /** Runs before validation, inside the error handling: rate limits (a 429 re-renders the form). */
  limit?: (ctx: FormActionContext) => Promise<void>;
  /** Open the request's transaction around `handle` (default true). Sign-in reads only, so it opts out. */
  transaction?: boolean;
  /** Fields with no visible input (hidden ones): their messages are shown for the whole form. */
  formLevel?: readonly string[];
  /** More fields never to echo back (anything named like a password or token never is). */
  redact?: readonly string[];
  /** Does the work with the validated input and answers where to go next (null: it answered itself, a file). */
  handle(ctx: C, input: InferType<S>): Promise<string | null>;
  /** Renders the page again with the form's state; `ctx.status` is already set. */
  render(ctx: FormActionContext, state: FormState): Promise<void>;
}

const isRow = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** A posted list: repeated names (`tag=a&tag=b`), or rows (`rows[0][name]=…`, an object past qs's array limit). */
function postedList(value: unknown): string[] | Array<Record<string, string>> {
  if (typeof value === 'string') return [value];
  const entries =
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value)
          .filter(([key]) => /^[0-9]+$/.test(key))
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, entry]) => entry)
      : Array.isArray(value)
        ? value
        : [];
  const rows = entries.filter(isRow);
  return rows.length ? rows : entries.filter((v): v is string => typeof v === 'string');
}

/** The posted fields the schema knows, as strings (lists of strings, or rows of strings, for array fields). */
function postedValues(schema: AnyObjectSchema, body: unknown): Record<string, FormValue> {
  const posted = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const values: Record<string, FormValue> = {};
  for (const [key, field] of Object.entries(schema.fields as Record<string, { type?: string }>)) {
    const value = posted[key];
    const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
    if (field.type === 'array') values[key] = postedList(value);
    else if (typeof value === 'string') values[key] = value;
    else if (list) values[key] = list; // sent twice where one value is expected: the schema refuses it
  }
  return values;
}

function echoable(values: Record<string, FormValue>, redact: readonly string[]) {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELD.test(key) && !redact.includes(key)));
}

export function formAction<S extends AnyObjectSchema, C = FormActionContext>(
  options: FormActionOptions<S, C>,
): Koa.Middleware {
  const { schema, errorTitle = 'Error', fallbackMessage, redact = [], formLevel = [], transaction = true } = options;
  return async (koaCtx) => {
    // A Koa.Middleware gets the generic context; the routes that mount a form put its user and trx in the state.
    const ctx = koaCtx as unknown as FormActionContext;
    const values = postedValues(schema, ctx.request.body);
    let location: string | null;
    try {
      await options.limit?.(ctx);
      const input = await parse(schema, values);
      if (transaction) {
        let answer: string | null = '';
        await inRequestTransaction()(koaCtx, async () => {
          answer = await options.handle(ctx as C, input);
        });
        location = answer;
      } else {
        location = await options.handle(ctx as C, input);
      }
    } catch (error) {
      const known = answerFor(error);
      if (!known || !SHOWN_ON_THE_FORM.has(known.status)) throw error;
      const fields = Object.entries(known.fields ?? {});
      const beside = Object.fromEntries(fields.filter(([key]) => !formLevel.includes(key)));
      const hiddenMessage = fields.find(([key]) => formLevel.includes(key))?.[1];
      const formMessage =
        hiddenMessage ?? (Object.keys(beside).length ? null : known.message || fallbackMessage || known.message);
      ctx.status = known.status;
      if (known.retryAfterSeconds) ctx.set('Retry-After', String(known.retryAfterSeconds));
      await options.render(ctx, {
        values: echoable(values, redact),
        errors: beside,
        error: formMessage ? { title: errorTitle, message: formMessage } : null,
        reauthenticate: known.reauthentication ?? null,
      });
      // The page renderer sets 200 unless told; a render that redirects (the refusal shown on the page it leads
      // to, as a flash) keeps its 303.
      if (ctx.status < 300 || ctx.status >= 400) ctx.status = known.status;
      return;
    }
    if (location === null) return; // the handler answered itself (a file the form builds)
    ctx.status = 303;
    ctx.redirect(location);
  };
}

/**
 * Several forms posting to one path, picked by the hidden `intent`. The lookup is the map's own keys only, so
 * `intent=__proto__` or `intent=toString` is the same 400 as any unknown form, never an inherited value (a 500).
 */
export function byIntent(actions: Readonly<Record<string, Koa.Middleware>>): Koa.Middleware {
  return async (ctx, next) => {
    const intent = (ctx.request.body as { intent?: unknown } | undefined)?.intent;
    if (typeof intent !== 'string' || !Object.hasOwn(actions, intent)) throw new ValidationError('Unknown form');
    return actions[intent]!(ctx, next);
  };
}
