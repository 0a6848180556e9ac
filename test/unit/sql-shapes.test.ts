/**
 * The SQL builder keeps each fragment's text per shape (src/db/sql.ts) and the prepared statements are named per
 * shape (src/db/prepared.ts): a statement must get the text its parts spell, whichever branch built it, and its
 * values in order. A shape that stood for two texts would send a search the wrong statement.
 */
import test from 'ava';
import { joinSql, rawSql, sql, type Sql } from '../../src/db/sql';

const where = (column: string, value: unknown) => sql`${rawSql(column)} = ${value}`;
const select = (filter: Sql, extra?: Sql) => sql`select id from t where ${filter}${extra ?? rawSql('')}`;

test('a statement spells its parts, values as ? in order, whatever was built before it', (t) => {
  const first = select(where('a', 1));
  const second = select(where('b', 2), sql` and c = ${3}`);
  const third = select(where('a', 'x'));
  t.is(first.sql, 'select id from t where a = ?');
  t.deepEqual(first.bindings, [1]);
  t.is(second.sql, 'select id from t where b = ? and c = ?');
  t.deepEqual(second.bindings, [2, 3]);
  t.is(third.sql, first.sql);
  t.deepEqual(third.bindings, ['x']);
});

test('the same parts share one shape; other parts in the same template make another', (t) => {
  t.is(select(where('a', 1)).shape, select(where('a', 99)).shape);
  t.not(select(where('a', 1)).shape, select(where('b', 1)).shape);
  t.not(select(where('a', 1)).shape, select(where('a', 1), rawSql(' limit 1')).shape);
  // A value where another call has a fragment: the text differs (? against the fragment's), so must the shape.
  const hole = (value: unknown) => sql`select ${value}`;
  t.is(hole(rawSql('now()')).sql, 'select now()');
  t.is(hole('now()').sql, 'select ?');
  t.not(hole(rawSql('now()')).shape, hole('now()').shape);
});

test('joined parts and raw text with bindings', (t) => {
  const parts = [where('a', 1), rawSql('b in (?, ?)', [2, 3]), where('c', null)];
  const joined = joinSql(parts, ' and ');
  t.is(joined.sql, 'a = ? and b in (?, ?) and c = ?');
  t.deepEqual(joined.bindings, [1, 2, 3, null]);
  t.not(joinSql(parts, ' or ').shape, joined.shape);
  t.is(joinSql(parts, ' or ').sql, 'a = ? or b in (?, ?) or c = ?');
  t.is(joinSql([where('x', 0), where('y', 0)], ', ').shape, joinSql([where('x', 5), where('y', 6)], ', ').shape);
  t.deepEqual(sql`select ${joined}, ${4}`.bindings, [1, 2, 3, null, 4]);
});

test('a part added to the list after joining it is not a binding of the joined fragment', (t) => {
  const conditions = [where('a', 1)];
  const first = joinSql(conditions, ' or ');
  conditions.push(where('b', 2));
  t.is(first.sql, 'a = ?');
  t.deepEqual(first.bindings, [1]);
  t.deepEqual(joinSql(conditions, ' or ').bindings, [1, 2]);
});
