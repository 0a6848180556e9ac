/**
 * Tests that need a Postgres server (a second process or node on the same database, a network connection to
 * cut, a server URL to copy into) cannot run on the embedded database. They are declared skipped there, with
 * the reason in their title, so the run lists them as skipped instead of counting them as passed:
 *
 *   const serverTest = needsPostgresServer(test.serial, 'the set-up copies into a database on a server');
 *   serverTest('set-up copies every row …', async (t) => { … });
 *
 * ava decides what runs when the file is loaded, so the database kind is settled here, before any test is
 * declared (top-level await), from the same choice createTestDatabase makes.
 */
import type { ImplementationFn, SerialFn, TestFn } from 'ava';
import { testDatabaseKind } from './database';

/** True when this run's test databases are on a Postgres server (TEST_DATABASE_URL/DATABASE_URL, or a container). */
export const onPostgresServer = (await testDatabaseKind()) !== 'embedded';

type Declare = TestFn | SerialFn;

/** `declare` (test, test.serial) on a server; its `.skip`, titled with why, on the embedded database. */
export function needsPostgresServer(declare: Declare, reason: string) {
  return (title: string, implementation: ImplementationFn<[]>): void => {
    if (onPostgresServer) declare(title, implementation);
    else declare.skip(`${title} (skipped: needs a Postgres server; ${reason})`, implementation);
  };
}
