/** The registry importer: idempotent by (FDID, state), both CSV layouts, and the departments:import command. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { needsPostgresServer } from '../helpers/postgresServer';
import { inTransaction } from '../../src/db/transaction';
import {
  importDepartmentsFile,
  parseRegistryCsv,
  shippedRegistryFile,
} from '../../src/services/departments/registryImport';

const run = promisify(execFile);
let database: TestDatabase;
let dir: string;

test.before(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnout-import-'));
});
test.after.always(async () => {
  await database?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// Tests share one database: run them one after another.
const serial = test.serial;

async function count(where: Record<string, unknown> = {}): Promise<number> {
  const [row] = (await database.db('departments').where(where).count('* as count')) as { count: string }[];
  return Number(row!.count);
}

/** The CLI's way: the file imported in one transaction the caller opens. */
function importFile(file: string) {
  return inTransaction(database.db, (trx) => importDepartmentsFile(trx, null, { file }));
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** The full registry's layout, with the stray spaces its headers carry, in a different column order. */
const REGISTRY_HEADER =
  ' FDID ,Fire Dept Name , HQ Addr1,HQ Addr2 , HQ City,HQ State , HQ Zip ,Mail Addr1,Mail City,Mail State,HQ Phone, County ,Dept Type,Number Of Stations';
const registryRow = (cells: string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

serial('the shipped file is found and parses to 3,216 rows', (t) => {
  const file = shippedRegistryFile();
  t.truthy(file);
  const parsed = parseRegistryCsv(fs.readFileSync(file!));
  t.is(parsed.rows.length, 3216);
  t.is(parsed.skipped, 0);
  t.is(parsed.rows.filter((r) => !r.fdid).length, 5);
});

serial('importing the shipped file twice: same counts, no duplicates', async (t) => {
  const file = shippedRegistryFile()!;
  // The test template was seeded already: a re-import changes nothing.
  t.is(await count({ source: 'official' }), 3216);
  t.deepEqual(await importFile(file), { added: 0, updated: 0, unchanged: 3216, skipped: 0 });

  // From empty: everything is added once, then nothing again.
  await database.db('departments').del();
  t.deepEqual(await importFile(file), { added: 3216, updated: 0, unchanged: 0, skipped: 0 });
  t.deepEqual(await importFile(file), { added: 0, updated: 0, unchanged: 3216, skipped: 0 });
  t.is(await count(), 3216);
  const [dupes] = (
    await database.db.raw(
      'select count(*) as n from (select fdid, state from departments where fdid is not null group by 1, 2 having count(*) > 1) d',
    )
  ).rows as { n: string }[];
  t.is(Number(dupes!.n), 0);
  t.is(await count({ source: 'official', verification_status: 'verified', country: 'US' }), 3216);
});

serial('the full registry layout with stray spaces in its headers', async (t) => {
  const lines = [
    REGISTRY_HEADER,
    registryRow([
      '90001',
      'Quillon Fire Department',
      '1 Main ST',
      '',
      'Quillon',
      'QA',
      '00001',
      'PO Box 1',
      'Quillon',
      'QA',
      '555',
      'Quill',
      'Volunteer',
      '1',
    ]),
    registryRow([
      '90002',
      '  Brackett   Hose Co. #2 ',
      '2 Elm ST',
      'Suite 5',
      'Brackett',
      'qa',
      '00002-1234',
      '',
      '',
      '',
      '',
      'Quill',
      'Career',
      '2',
    ]),
    // The same FDID in another state is another department.
    registryRow([
      '90001',
      'Quillon Fire Department',
      '9 Oak ST',
      '',
      'Quillon Falls',
      'QB',
      '00009',
      '',
      '',
      '',
      '',
      'Other',
      'Career',
      '1',
    ]),
    // No FDID: matched by state, name and city.
    registryRow([
      '',
      'Nofdid Rescue Squad',
      '3 Pine ST',
      '',
      'Nofdid',
      'QA',
      '00003',
      '',
      '',
      '',
      '',
      '',
      'Volunteer',
      '1',
    ]),
    // Missing name / city / state: skipped.
    registryRow(['90004', '', '4 Pine ST', '', 'Nowhere', 'QA', '', '', '', '', '', '', '', '']),
    registryRow(['90005', 'No City FD', '5 Pine ST', '', '', 'QA', '', '', '', '', '', '', '', '']),
    // Repeated (FDID, state): the first wins, the repeat is skipped.
    registryRow(['90002', 'Brackett Duplicate', '', '', 'Brackett', 'QA', '', '', '', '', '', '', '', '']),
    '',
  ];
  const file = write('registry.csv', '\uFEFF' + lines.join('\r\n'));
  const before = await count();
  t.deepEqual(await importFile(file), { added: 4, updated: 0, unchanged: 0, skipped: 3 });
  t.is(await count(), before + 4);

  const brackett = await database.db('departments').where({ fdid: '90002', state: 'QA' }).first();
  t.like(brackett, {
    name: 'Brackett Hose Co. #2',
    address: '2 Elm ST',
    address2: 'Suite 5',
    city: 'Brackett',
    county: 'Quill',
    state: 'QA',
    zipCode: '00002-1234',
    country: 'US',
    source: 'official',
    verificationStatus: 'verified',
  });
  t.is(await count({ fdid: '90001' }), 2);

  // Second run: same counts, nothing duplicated.
  t.deepEqual(await importFile(file), { added: 0, updated: 0, unchanged: 4, skipped: 3 });
  t.is(await count(), before + 4);

  // A changed address is an update; an admin's rejection survives the import.
  await database.db('departments').where({ fdid: '90001', state: 'QA' }).update({ verification_status: 'rejected' });
  const changed = write(
    'registry-changed.csv',
    lines.join('\n').replace('1 Main ST', '100 Main ST').replace('3 Pine ST', '30 Pine ST'),
  );
  t.deepEqual(await importFile(changed), { added: 0, updated: 2, unchanged: 2, skipped: 3 });
  const quillon = await database.db('departments').where({ fdid: '90001', state: 'QA' }).first();
  t.is(quillon.address, '100 Main ST');
  t.is(quillon.verificationStatus, 'rejected');
  t.is((await database.db('departments').where({ name: 'Nofdid Rescue Squad' }).first()).address, '30 Pine ST');
  t.is(await count({ name: 'Nofdid Rescue Squad' }), 1);
});

serial('a CSV without a name, city or state column is refused, and nothing is written', async (t) => {
  const file = write('bad.csv', 'FDID,Dept,Town\n1,A,B\n');
  const before = await count();
  await t.throwsAsync(importFile(file), { message: /no name, city, state column/ });
  t.is(await count(), before);
});

serial("the import joins the caller's transaction: a rollback after it leaves nothing", async (t) => {
  const file = write(
    'rolled-back.csv',
    `${REGISTRY_HEADER}\n${registryRow(['92001', 'Rollback FD', '', '', 'Undo', 'QR', '', '', '', '', '', '', '', ''])}\n`,
  );
  const before = await count();
  await t.throwsAsync(
    inTransaction(database.db, async (trx) => {
      t.like(await importDepartmentsFile(trx, null, { file }), { added: 1 });
      throw new Error('the caller gives up');
    }),
    { message: 'the caller gives up' },
  );
  t.is(await count(), before);
});

// The command runs as its own process, so it needs a database server both can reach; the embedded test
// database is a PGlite directory only this process may open. Without a server the run lists it as skipped.
const cliTest = needsPostgresServer(serial, 'the embedded test database cannot be shared with a second process');

cliTest('npm run departments:import -- FILE prints the counts', async (t) => {
  if (!database.url) throw new Error('a database server was configured but the test database is embedded');
  const file = write(
    'cli.csv',
    [
      REGISTRY_HEADER,
      registryRow([
        '91001',
        'Command Line FD',
        '1 CLI ST',
        '',
        'Shellville',
        'QC',
        '00010',
        '',
        '',
        '',
        '',
        'Bash',
        'Career',
        '1',
      ]),
    ].join('\n'),
  );
  const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
  const tsx = path.resolve('node_modules/.bin/tsx');
  const first = await run(tsx, ['src/db/cli.ts', 'departments:import', file], { env });
  t.regex(first.stdout, /1 added, 0 updated, 0 unchanged, 0 skipped/);
  const second = await run(tsx, ['src/db/cli.ts', 'departments:import', file], { env });
  t.regex(second.stdout, /0 added, 0 updated, 1 unchanged, 0 skipped/);
  t.is(await count({ fdid: '91001' }), 1);
});
