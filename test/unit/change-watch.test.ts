/**
 * The change watch every per-node cache subscribes to (src/db/changeWatch.ts): what it tells each cache to drop,
 * and how a read that raced a change is told apart. The Postgres half is proven through the caches' integration
 * tests (profile-cache, session-cache, department-reads, kept-pages-everywhere); here notifications are handed in.
 */
import test from 'ava';
import type { Knex } from 'knex';
import { ChangeWatch, parseChange } from '../../src/db/changeWatch';

function watched(options: { keyedBy: 'profile' | 'user'; allOnDepartments?: boolean } = { keyedBy: 'user' }) {
  const dropped: Array<number | 'all'> = [];
  // No cache caches (enabled false), so no connection is opened: the database is never asked.
  const node = new ChangeWatch({} as Knex);
  const watch = node.watch({
    enabled: false,
    ...options,
    forget: (key) => dropped.push(key),
    forgetAll: () => dropped.push('all'),
    keys: 100,
  });
  return { node, watch, dropped };
}

test('a change drops its key, and a read that began before it is known to be stale', (t) => {
  const { node, watch, dropped } = watched();
  const before = watch.mark();
  node.receive('user:7');
  t.deepEqual(dropped, [7]);
  t.true(watch.changedSince(before, 7));
  t.false(watch.changedSince(before, 8), 'another key is untouched');
  t.false(watch.changedSince(watch.mark(), 7), 'a read begun after the change is fresh');
});

test('a cache hears its own topic only; departments drop everything of a cache that asks for it', (t) => {
  const profiles = watched({ keyedBy: 'profile' });
  const links = watched({ keyedBy: 'user', allOnDepartments: true });
  for (const { node } of [profiles, links]) {
    for (const payload of ['user:3', 'profile:4', 'departments']) node.receive(payload);
  }
  t.deepEqual(profiles.dropped, [4]);
  t.deepEqual(links.dropped, [3, 'all']);
});

test('a change to everything makes every earlier read stale', (t) => {
  const { node, watch } = watched({ keyedBy: 'user', allOnDepartments: true });
  const before = watch.mark();
  node.receive('departments');
  t.true(watch.changedSince(before));
  t.true(watch.changedSince(before, 3));
  t.false(watch.changedSince(watch.mark(), 3));
});

test('changed() resolves when its key, or everything, is dropped; close() stops hearing', async (t) => {
  const { node, watch, dropped } = watched({ keyedBy: 'user', allOnDepartments: true });
  const seven = watch.changed(7);
  const all = watch.changed();
  node.receive('user:7');
  await seven;
  const eight = watch.changed(8);
  node.receive('departments');
  await Promise.all([all, eight]);
  watch.close();
  node.receive('user:9');
  t.deepEqual(dropped, [7, 'all']);
  t.false(watch.trusted, 'nothing is trusted without caching on');
  await node.close();
});

test('payloads: a topic and a positive id, departments, or a marker; anything else is ignored', (t) => {
  t.deepEqual(parseChange('profile:12'), { topic: 'profile', id: 12 });
  t.deepEqual(parseChange('user:5'), { topic: 'user', id: 5 });
  t.deepEqual(parseChange('departments'), { topic: 'departments' });
  t.deepEqual(parseChange('heard:a.1'), { topic: 'heard', marker: 'a.1' });
  for (const payload of ['', '12', 'x', 'profile:1.5', 'user:-3', 'user:0', 'session:4', 'departments:1']) {
    t.is(parseChange(payload), undefined, payload);
  }
});
