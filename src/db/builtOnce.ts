/**
 * A read built on every page view whose shape never changes, built by Objection and knex once per shape and run
 * with each call's ids. Building a query (the model's modifiers, joins, identifier mapping) costs the app more
 * CPU than running it; a page's reads would otherwise build theirs on every view.
 *
 * The builder is called once per `shape` with stand-in ids (`standIn(0)`, `standIn(1)`, …: values no row has);
 * each stand-in's places among the statement's values are then filled with the call's ids. Everything else the
 * builder decides (a viewer's class, a set of visibilities) must be named by `shape`. Rows come back through the
 * database's own column mapping (`postProcessResponse`), as the query builder would give them.
 */
import type { Knex } from 'knex';

const FIRST_STAND_IN = -2_147_483_648;

/** The i-th stand-in id: the smallest integers, which no serial id takes. */
export const standIn = (i: number): number => FIRST_STAND_IN + i;

interface Statement {
  sql: string;
  bindings: readonly unknown[];
  /** For each value's place that holds a stand-in, that stand-in's index. */
  places: ReadonlyArray<readonly [at: number, id: number]>;
}

/** A knex query, or an Objection one. */
type Buildable = Knex.QueryBuilder | { toKnexQuery(): Knex.QueryBuilder };

function compile(built: Buildable, ids: number): Statement {
  const { sql, bindings } = ('toKnexQuery' in built ? built.toKnexQuery() : built).toSQL();
  const places: Array<[number, number]> = [];
  bindings.forEach((value, at) => {
    const id = typeof value === 'number' ? value - FIRST_STAND_IN : -1;
    if (id >= 0 && id < ids) places.push([at, id]);
  });
  for (let id = 0; id < ids; id++) {
    if (!places.some(([, used]) => used === id)) throw new Error(`The built statement lost stand-in ${id}`);
  }
  return { sql, bindings, places };
}

/**
 * A read built once per shape: `read<Row>(db, shape, ids, build)` runs `build(...standIns)`'s statement with `ids`
 * (every one of which the statement must use).
 */
export function builtOnce() {
  const statements = new Map<string, Statement>();
  return async <Row extends object = Record<string, unknown>>(
    db: Knex,
    shape: string,
    ids: readonly number[],
    build: (...standIns: number[]) => Buildable,
  ): Promise<Row[]> => {
    let statement = statements.get(shape);
    if (!statement) {
      statement = compile(build(...ids.map((_, i) => standIn(i))), ids.length);
      statements.set(shape, statement);
    }
    const bindings = [...statement.bindings];
    for (const [at, id] of statement.places) bindings[at] = ids[id];
    const { rows } = (await db.raw(statement.sql, bindings as Knex.RawBinding[])) as { rows: object[] };
    return db.client.postProcessResponse(rows, {}) as Row[]; // knex types its rows `any`
  };
}
