/**
 * Database set-up (/api/admin/setup-supabase; docs/decisions/database-set-up.md): from the app's database into a fresh one on the same
 * server, every table's count equal, sequences moved on, the password never echoed; a second run (target not
 * empty) and the app's own database are refused; and from the embedded database (PGlite) to the server.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { Knex } from 'knex';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { needsPostgresServer } from '../helpers/postgresServer';
import { createDb } from '../../src/db/knex';
import { migrateLatest } from '../../src/db/migrate';
import { setUpDatabase } from '../../src/services/admin/databaseSetup';
import { ADMIN_MESSAGES, type SetupReportJson } from '../../src/validation/admin';

let app: TestApp;
let superAdmin: CreatedUser;
const created: string[] = [];

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, empty database on the test server, and its URL (with a password-looking part to check redaction). */
async function freshDatabase(): Promise<string> {
  const name = `t_setup_${crypto.randomBytes(5).toString('hex')}`;
  await app.db.raw(`create database "${name}"`);
  created.push(name);
  const u = new URL(withDatabase(app.database.url!, name));
  if (!u.password) u.password = 'not-a-secret-pw';
  return u.toString();
}

async function counts(db: Knex, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    out[table] = Number((await db.raw('select count(*)::int as n from ??', [table])).rows[0].n);
  }
  return out;
}

test.before(async () => {
  app = await startTestApp();
  superAdmin = await createUser({ role: 'super_admin' });
});
test.after.always(async () => {
  for (const name of created) await app.db.raw(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  await app?.close();
});

// The set-up copies into a database on a server, made beside the test database.
const serverTest = needsPostgresServer(test.serial, 'the set-up copies into a new database on the same server');

serverTest('set-up copies every row of every table into a fresh database, counts verified', async (t) => {
  // Something in each kind of table: a user with a profile list item and a department link, a code, a log.
  const member = await createUser({ name: 'Copy Me' });
  await clientAs(app, member).post('/api/departments/create', {
    name: 'Copy FD',
    city: 'C',
    state: 'ME',
    country: 'US',
  });
  await app.db('ai_logs').insert({
    user_id: member.user.id,
    type: 'enhancement',
    input: JSON.stringify({ type: 'x', content: 'y', context: 'z' }),
    output: JSON.stringify({ enhanced: 'w', confidence: 0.5, tags: ['a', 'b'] }),
    confidence: 0.5,
  });
  const url = await freshDatabase();
  const res = await clientAs(app, superAdmin).post<SetupReportJson>('/api/admin/setup-supabase', {
    databaseUrl: url,
    projectUrl: 'https://example.supabase.co',
    anonKey: 'anon',
    serviceRoleKey: 'service',
  });
  t.is(res.status, 200, res.text);
  const report = res.body;
  t.regex(report.version, /PostgreSQL/);
  t.false(res.text.includes('not-a-secret-pw'), 'the password is never echoed');
  t.true(report.nextStep.DATABASE_URL.includes('****'));
  t.true(report.tables.length >= 15);
  for (const table of report.tables) t.is(table.targetRows, table.sourceRows, table.table);
  t.true(report.totalRows > 3000, 'the official departments came along');
  t.true(report.performanceImprovement.currentMs > 0);
  t.true(report.performanceImprovement.targetMs > 0);
  t.is(typeof report.performanceImprovement.ratio, 'number');

  const target = await createDb({ databaseUrl: url, poolMax: 2 });
  try {
    const tables = report.tables.map((x) => x.table);
    t.deepEqual(await counts(target, tables), await counts(app.db, tables));
    // Rows are equal, not only counted: JSON, dates and generated columns.
    const log = await target('ai_logs').orderBy('id', 'desc').first();
    t.deepEqual(log.output, { enhanced: 'w', confidence: 0.5, tags: ['a', 'b'] });
    const user = await target('users').where('id', member.user.id).first();
    t.is(user.name, 'Copy Me');
    t.is(user.searchText, `copy me ${member.user.email}`.toLowerCase());
    t.is(new Date(user.createdAt).getTime(), new Date(member.user.createdAt).getTime());
    // Sequences moved past the copied ids: a new row does not collide.
    const [{ id }] = await target('users')
      .insert({ name: 'New', email: `new${Date.now()}@x.org`, passwordHash: 'x' })
      .returning('id');
    t.true(id > member.user.id);
    const migrated = await target('knex_migrations').count('* as n').first();
    t.true(Number(migrated!.n) > 5);
    // The search vocabulary is rebuilt on the target from the copied departments.
    t.deepEqual(await counts(target, ['department_words']), await counts(app.db, ['department_words']));
  } finally {
    await target.destroy();
  }

  // A second run: the target holds data now.
  const again = await clientAs(app, superAdmin).post('/api/admin/setup-supabase', { databaseUrl: url });
  t.is(again.status, 409);
  t.is(again.body.error, ADMIN_MESSAGES.targetNotEmpty);
});

serverTest('set-up refuses the database the app already uses, and an unreachable one', async (t) => {
  const same = await clientAs(app, superAdmin).post('/api/admin/setup-supabase', { databaseUrl: app.database.url });
  t.is(same.status, 409);
  t.is(same.body.error, ADMIN_MESSAGES.sameDatabase);
  const gone = await clientAs(app, superAdmin).post('/api/admin/setup-supabase', {
    databaseUrl: 'postgres://u:hidden-pw@127.0.0.1:1/none',
  });
  t.is(gone.status, 400);
  t.is(gone.body.error, ADMIN_MESSAGES.connectionFailed);
  t.false(gone.text.includes('hidden-pw'));
  const missing = await clientAs(app, superAdmin).post('/api/admin/setup-supabase', {});
  t.is(missing.status, 400);
  t.is(missing.body.error, ADMIN_MESSAGES.missingDatabaseUrl);
});

serverTest('set-up from the embedded database (PGlite) to the server', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnout-embedded-'));
  const embedded = await createDb({ embeddedDir: path.join(dir, 'db') });
  try {
    await migrateLatest(embedded);
    await embedded('users').insert([
      { name: 'Embedded One', email: 'one@embedded.test', passwordHash: 'x', role: 'super_admin' },
      { name: 'Embedded Two', email: 'two@embedded.test', passwordHash: 'x' },
    ]);
    await embedded('departments').insert({ name: 'Embedded FD', city: 'E', state: 'ME' });
    await embedded('profiles').insert({
      userId: 2,
      name: 'Embedded Two',
      rank: 'Captain',
      department: 'Embedded FD',
      hiddenWidgets: JSON.stringify(['photos']),
    });
    const url = await freshDatabase();
    const report = await setUpDatabase({ id: 1, role: 'super_admin' }, { databaseUrl: url }, embedded);
    for (const table of report.tables) t.is(table.targetRows, table.sourceRows, table.table);
    t.is(report.tables.find((x) => x.table === 'users')?.targetRows, 2);
    const target = await createDb({ databaseUrl: url, poolMax: 1 });
    try {
      const profile = await target('profiles').first();
      t.deepEqual(profile.hiddenWidgets, ['photos']);
      t.is((await target('departments').first()).searchText, 'embedded fd e');
    } finally {
      await target.destroy();
    }
  } finally {
    await embedded.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
