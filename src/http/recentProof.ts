/**
 * Step-up authentication (docs/api.md "Step-up"): a sensitive change — the account e-mail, the password, a passkey,
 * two-factor on or off, new recovery codes, a data export, deleting the account, an admin's role grant — needs a
 * proof of who holds the session within the last STEP_UP_WINDOW_MS: a sign-in, the password (and the second factor
 * when it is on), or a passkey assertion. The proof is the session row's `proved_at` (src/services/sessions.ts), read
 * with the session; a stolen cookie or token alone never carries one.
 *
 * One guard for every such route: `recentProof(deps)` before the route's transaction. Without a proof the API
 * answers 401 `{ error, reauthenticationRequired: true, secondFactorRequired }`; a no-script form (urlencoded) is
 * shown again asking for the password (and code) inline, and its re-post carries them as `reauthPassword` and
 * `reauthCode`, which the guard checks before the form's own work (formAction's `limit`: `proofFor(deps)`).
 */
import type { Knex } from 'knex';
import type Koa from 'koa';
import { Model } from 'objection';
import type { Config } from '../config';
import { inTransaction } from '../db/transaction';
import { ReauthenticationRequiredError, UnauthorizedError, ValidationError } from '../errors';
import type { User } from '../models/User';
import type { Mailer } from '../services/mail';
import { verifyPassword } from '../services/passwords';
import { recordSessionProof } from '../services/sessions';
import { totpEnabled, useSecondFactor } from '../services/twoFactor/totp';
import { INLINE_PROOF_FIELDS, STEP_UP_MESSAGES, STEP_UP_WINDOW_MS } from '../validation/stepUp';
import { foldRecoveryTwin } from '../validation/recoveryTwin';
import { requireUser } from './auth';
import { nowOf } from './clock';
import type { RateLimits } from './rateLimit';
import { currentSessionToken } from './session';
import { twoFactorDeps } from './twoFactor';

export interface StepUpDeps {
  config: Config;
  mailer: Mailer;
  rateLimits: RateLimits;
}

/** Whether this request's session proved who holds it within the window, by the app's clock. */
export function hasRecentProof(ctx: Koa.Context): boolean {
  const provedAt = ctx.state.sessionProvedAt as number | null | undefined;
  if (typeof provedAt !== 'number') return false;
  const age = nowOf(ctx) - provedAt;
  return age >= 0 && age < STEP_UP_WINDOW_MS;
}

const refusal = (secondFactor: boolean, fields?: Record<string, string>) =>
  new ReauthenticationRequiredError(
    secondFactor,
    secondFactor ? STEP_UP_MESSAGES.requiredWithCode : STEP_UP_MESSAGES.required,
    fields,
  );

/** Runs `work` in the request's transaction when it has one, else in one of its own (the proof must be stored). */
const inRequestOrOwnTransaction = (ctx: Koa.Context, work: (trx: Knex.Transaction) => Promise<void>) => {
  const trx = ctx.state.trx as Knex.Transaction | undefined;
  return trx ? work(trx) : inTransaction(Model.knex(), work);
};

/**
 * Checks the password (and the second factor when it is on) of the signed-in user and notes the proof on this
 * session. Each try counts against the sign-in limit for the account, and each code against the two-factor limit
 * through the same check as the sign-in's second step (useSecondFactor). A wrong password or code is a refusal that
 * names the field (`names`: the API's `password`/`code`, or a form's inline fields).
 */
export async function proveIdentity(
  ctx: Koa.Context,
  deps: StepUpDeps,
  input: { password?: string; code?: string },
  names: { password: string; code: string } = { password: 'password', code: 'code' },
): Promise<void> {
  const user = requireUser(ctx);
  const token = currentSessionToken(ctx);
  if (!token) throw new UnauthorizedError();
  const secondFactor = await totpEnabled(user.id, ctx.state.trx as Knex.Transaction | undefined);
  if (!input.password) throw refusal(secondFactor, { [names.password]: STEP_UP_MESSAGES.passwordRequired });
  await deps.rateLimits.consume('loginPerAccount', user.email);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw refusal(secondFactor, { [names.password]: STEP_UP_MESSAGES.passwordWrong });
  }
  const code = input.code?.trim();
  if (secondFactor && !code) throw refusal(secondFactor, { [names.code]: STEP_UP_MESSAGES.codeRequired });
  const at = new Date(nowOf(ctx));
  await inRequestOrOwnTransaction(ctx, async (trx) => {
    if (secondFactor) await secondFactorOf(trx, user, code!, deps, names.code);
    await recordSessionProof(trx, user, { token, at });
  });
  await deps.rateLimits.reset('loginPerAccount', user.email);
  if (secondFactor) await deps.rateLimits.reset('twoFactorPerAccount', String(user.id));
  ctx.state.sessionProvedAt = at.getTime();
}

async function secondFactorOf(trx: Knex.Transaction, user: User, code: string, deps: StepUpDeps, field: string) {
  try {
    await useSecondFactor(trx, user, { code }, twoFactorDeps(deps.config, deps.rateLimits, deps.mailer));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw refusal(true, { [field]: error.message });
  }
}

/** Notes a proof made another way (a passkey assertion of this user) on this session. */
export async function recordProof(ctx: Koa.Context, trx: Knex.Transaction, user: User): Promise<void> {
  const token = currentSessionToken(ctx);
  if (!token) throw new UnauthorizedError();
  const at = new Date(nowOf(ctx));
  await recordSessionProof(trx, user, { token, at });
  ctx.state.sessionProvedAt = at.getTime();
}

/**
 * Passes with a recent proof; otherwise takes the proof a no-script form carries inline (`reauthPassword`,
 * `reauthCode`), or refuses with 401 `reauthenticationRequired`.
 */
export async function requireRecentProof(ctx: Koa.Context, deps: StepUpDeps): Promise<void> {
  const user = requireUser(ctx);
  if (hasRecentProof(ctx)) return;
  const body = (ctx.request as { body?: unknown }).body as Record<string, unknown> | undefined;
  const inline = ctx.is('urlencoded') ? body?.[INLINE_PROOF_FIELDS.password] : undefined;
  if (typeof inline === 'string' && inline) {
    // The code field or its recovery twin (src/validation/recoveryTwin.ts).
    const code = (foldRecoveryTwin(INLINE_PROOF_FIELDS.code)(body) as Record<string, unknown>)[
      INLINE_PROOF_FIELDS.code
    ];
    return proveIdentity(
      ctx,
      deps,
      { password: inline, code: typeof code === 'string' ? code : undefined },
      {
        password: INLINE_PROOF_FIELDS.password,
        code: INLINE_PROOF_FIELDS.code,
      },
    );
  }
  throw refusal(await totpEnabled(user.id, ctx.state.trx as Knex.Transaction | undefined));
}

/**
 * The guard as middleware, for API routes and plain page posts: before `transaction()`. `when` narrows it to the
 * requests that make the sensitive change (a profile update that changes the e-mail).
 */
export function recentProof(deps: StepUpDeps, when?: (ctx: Koa.Context) => boolean): Koa.Middleware {
  return async (ctx, next) => {
    if (!when || when(ctx)) await requireRecentProof(ctx, deps);
    await next();
  };
}

/** The guard for a formAction's `limit` (inside its error handling, so a refusal re-renders the form). */
export const proofFor =
  (deps: StepUpDeps, when?: (ctx: Koa.Context) => boolean) =>
  async (ctx: Koa.Context): Promise<void> => {
    if (!when || when(ctx)) await requireRecentProof(ctx, deps);
  };

/** Whether a profile update asks to change the account's e-mail (only that part needs a recent proof). */
export const changesEmail = (ctx: Koa.Context): boolean => {
  const email = (ctx.request as { body?: { email?: unknown } }).body?.email;
  const user = ctx.state.user as User | null;
  return typeof email === 'string' && !!user && email.trim().toLowerCase() !== user.email.toLowerCase();
};
