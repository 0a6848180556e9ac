/**
 * Waiting until a node has heard, through Postgres, every change committed so far.
 *
 * A node's caches hear each change twice: at once from their own process, then again through Postgres
 * (src/db/changeWatch.ts). A change written in plain SQL, as another node or an operator would write it, is heard
 * only through Postgres. On a busy machine that delivery can come late, so a test that writes and then asserts what
 * a node keeps (or that it sees the change) would otherwise race it: the late drop lands between two reads, or after
 * the read that should have seen the change.
 *
 * Postgres delivers notifications in commit order, so once a cache hears a marker committed after the writes it
 * has heard every notification they sent. The marker is a user id no test database reaches; dropping what is kept
 * for it drops nothing.
 */
import type { Knex } from 'knex';
import { DEPARTMENTS_CHANGED_CHANNEL } from '../../src/services/departments/departmentChanges';
import type { DepartmentReads } from '../../src/services/departments/departmentReads';
import type { SessionCache } from '../../src/services/sessionCache';
import { SESSION_CHANGED_CHANNEL } from '../../src/services/sessionChanges';

export interface NodeCaches {
  sessionCache: SessionCache;
  departmentReads: DepartmentReads;
}

let lastMarker = 2_000_000_000;

/** Resolves once both caches have heard every notification committed before the call (at once if not listening). */
export async function caughtUp(db: Knex, { sessionCache, departmentReads }: NodeCaches): Promise<void> {
  const marker = ++lastMarker;
  // Only a listening cache hears the marker; one that is not keeps nothing, so there is nothing to wait for.
  const heard = [
    sessionCache.trusted ? sessionCache.changed(marker) : null,
    departmentReads.trusted ? departmentReads.changed(marker) : null,
  ];
  await db.raw('select pg_notify(?, ?), pg_notify(?, ?)', [
    SESSION_CHANGED_CHANNEL,
    String(marker),
    DEPARTMENTS_CHANGED_CHANNEL,
    `u${marker}`,
  ]);
  await Promise.all(heard);
}
