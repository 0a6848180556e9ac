import type { Knex } from 'knex';
import { Model } from 'objection';

/** Objection's own number of queries at once for one graph fetch or graph write. */
const GRAPH_CONCURRENCY = 4;

/** Common behaviour: models with an updated_at column keep it current on every update. */
export class BaseModel extends Model {
  static hasUpdatedAt = false;

  /**
   * How many queries objection runs at once for one graph fetch or write (`withGraphFetched('[user, department]')`
   * reads each relation with its own query): one at a time on a transaction, which is one connection — pg would
   * queue the others anyway, and warns that it will stop (pg 9 refuses) — and objection's default from the pool.
   * Objection calls this (Model.getConcurrency) with the query's knex; its typings do not declare it.
   */
  static getConcurrency(knex?: Knex): number {
    return knex?.isTransaction ? 1 : GRAPH_CONCURRENCY;
  }

  override $beforeUpdate(): void {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt) {
      this.$set({ updatedAt: new Date() });
    }
  }
}
