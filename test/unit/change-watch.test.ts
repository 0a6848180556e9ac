/**
 * The change watch every per-node cache shares (src/db/changeWatch.ts): what it tells the cache to drop, and
 * how a read that raced a change is told apart. The Postgres half is proven through the caches'
 * integration tests (profile-cache, session-cache, department-reads); here only this process's announcements.
 */
import { EventEmitter } from 'node:events';
import test from 'ava';
import type { Knex } from 'knex';
import { ChangeWatch, idPayload, type Change } from '../../src/db/changeWatch';

function watched() {
  const announcements = new EventEmitter();
  const dropped: Change[] = [];
  const watch = new ChangeWatch({
    enabled: false, // no notification connection: this process's announcements only
    db: {} as Knex,
    channel: 'test_changed',
    parse: idPayload,
    hearLocal: (hear) => {
      announcements.on('changed', hear);
      return () => announcements.off('changed', hear);
    },
    forget: (key) => dropped.push(key),
    forgetAll: () => dropped.push('all'),
    keys: 100,
  });
  return { watch, dropped, announce: (change: Change) => announcements.emit('changed', change) };
}

test('a change drops its key, and a read that began before it is known to be stale', (t) => {
  const { watch, dropped, announce } = watched();
  const before = watch.mark();
  announce(7);
  t.deepEqual(dropped, [7]);
  t.true(watch.changedSince(before, 7));
  t.false(watch.changedSince(before, 8), 'another key is untouched');
  t.false(watch.changedSince(watch.mark(), 7), 'a read begun after the change is fresh');
});

test('a change to everything drops everything and makes every earlier read stale', (t) => {
  const { watch, dropped, announce } = watched();
  const before = watch.mark();
  announce('all');
  t.deepEqual(dropped, ['all']);
  t.true(watch.changedSince(before));
  t.true(watch.changedSince(before, 3));
});

test('changed() resolves when its key, or everything, is dropped; close() stops hearing', async (t) => {
  const { watch, dropped, announce } = watched();
  const seven = watch.changed(7);
  const all = watch.changed();
  announce(7);
  await seven;
  const eight = watch.changed(8);
  announce('all');
  await Promise.all([all, eight]);
  await watch.close();
  announce(9);
  t.deepEqual(dropped, [7, 'all']);
  t.false(watch.trusted, 'nothing is trusted without caching on');
});

test('payloads that are not ids are ignored', (t) => {
  t.is(idPayload('12'), 12);
  for (const payload of ['', 'x', '1.5', '-3', '0']) t.is(idPayload(payload), undefined);
});
