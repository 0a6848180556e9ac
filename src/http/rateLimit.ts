/**
 * Rate limits (rate-limiter-flexible) for sign-in, registration and password-reset requests, and AI calls.
 * Memory store by default (one app node); RATE_LIMIT_STORE=postgres shares counters between nodes (the embedded
 * database is one node: it keeps the memory store). Exceeding a limit answers 429 with Retry-After.
 *
 * RATE_LIMITS=false turns the limits off (a load test, a trusted network) — all but the two-factor lockout, which
 * is part of what a second factor is (a 6-digit code falls to guessing without it): it is always on.
 */
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../errors';
import { isEmbedded } from '../db/knex';

export interface LimitRule {
  points: number;
  durationSeconds: number;
}

/** Attempts per window. Generous enough for a person, tight enough to stop guessing. */
export const LIMITS = {
  loginPerAddress: { points: 30, durationSeconds: 15 * 60 },
  loginPerAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Second-factor codes per account (a 6-digit code has a million values; ±1 step accepts three of them). */
  twoFactorPerAccount: { points: 5, durationSeconds: 15 * 60 },
  registerPerAddress: { points: 10, durationSeconds: 60 * 60 },
  forgotPerAddress: { points: 10, durationSeconds: 60 * 60 },
  forgotPerAccount: { points: 3, durationSeconds: 60 * 60 },
  /** Calls to the AI model (enhance, photo caption) per signed-in user: each one costs model time. */
  aiPerUser: { points: 20, durationSeconds: 10 * 60 },
  /** Drawing a résumé PDF or a PNG (QR code, link preview image) that is not kept yet: CPU per request. */
  shareRenderPerAddress: { points: 60, durationSeconds: 60 },
  /** Credentials checked on the verify page: each one is a signature check (docs/decisions/verifiable-credentials.md). */
  verifyPerAddress: { points: 60, durationSeconds: 60 },
  /** Data exports asked for per user: each one reads every photo. */
  exportPerUser: { points: 5, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

/** Limits that RATE_LIMITS=false leaves on. */
const ALWAYS_ON: ReadonlySet<LimitName> = new Set(['twoFactorPerAccount']);

export class RateLimits {
  private readonly limiters = new Map<LimitName, RateLimiterAbstract>();

  constructor(private readonly options: { enabled: boolean; store: 'memory' | 'postgres'; db?: Knex }) {
    for (const [name, rule] of Object.entries(LIMITS) as Array<[LimitName, LimitRule]>) {
      const common = { keyPrefix: `rl_${name}`, points: rule.points, duration: rule.durationSeconds };
      this.limiters.set(
        name,
        options.store === 'postgres' && options.db && !isEmbedded(options.db)
          ? new RateLimiterPostgres({ ...common, storeClient: options.db, storeType: 'knex', tableName: 'rate_limits' })
          : new RateLimiterMemory(common),
      );
    }
  }

  /** Counts one attempt; throws 429 when the limit is spent. */
  async consume(name: LimitName, key: string): Promise<void> {
    if (!this.options.enabled && !ALWAYS_ON.has(name)) return;
    try {
      await this.limiters.get(name)!.consume(key.toLowerCase());
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw new TooManyRequestsError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  }

  /** Middleware: counts one attempt per client address before the handler runs. */
  perAddress(name: LimitName): Koa.Middleware {
    return async (ctx, next) => {
      await this.consume(name, ctx.ip);
      await next();
    };
  }

  /** Forgets the attempts for a key (after a successful sign-in). */
  async reset(name: LimitName, key: string): Promise<void> {
    if (!this.options.enabled && !ALWAYS_ON.has(name)) return;
    await this.limiters.get(name)!.delete(key.toLowerCase());
  }
}
