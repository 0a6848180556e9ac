/**
 * The request's one transaction: `router.post(path, requireUser(), validate(spec), transaction(), handler)`.
 * The handler finds it on `ctx.state.trx` and passes it to the service; it commits when the handler returns
 * and rolls back when it throws (the error then reaches the error middleware as usual).
 */
import type Koa from 'koa';
import { Model } from 'objection';
import { inTransaction } from '../db/transaction';

export function transaction(): Koa.Middleware {
  return async (ctx, next) => {
    await inTransaction(Model.knex(), async (trx) => {
      ctx.state.trx = trx;
      try {
        await next();
      } finally {
        ctx.state.trx = undefined;
      }
    });
  };
}
