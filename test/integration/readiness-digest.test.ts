/**
 * The weekly readiness digest (docs/decisions/department-readiness.md): three weeks on a moved clock, two workers
 * (two database pools, as two app processes) running every day at the same time, the real SMTP server refusing a
 * mail in the middle. Each officer gets exactly one digest a week, and it names only what members shared.
 */
import test from 'ava';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/knex';
import { createLogger } from '../../src/log';
import { createMailer } from '../../src/services/mail';
import { runReadinessDigests } from '../../src/db/readinessDigestJob';
import { weekOf, type ReadinessDigestDeps } from '../../src/services/readiness/digest';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { needsPostgresServer } from '../helpers/postgresServer';
import { createProfileFor } from '../helpers/profiles';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { verifyMember } from '../helpers/verification';

const serverTest = needsPostgresServer(test.serial, 'two workers need two connections to one database');
const logger = createLogger({ logLevel: process.env.READINESS_LOG ?? 'silent', nodeEnv: 'test' });
const config = { baseUrl: 'https://turnout.example', productName: 'Turnout' };

/** The app's database, a second pool on it (another process's worker) and the mail server. */
let database: TestDatabase;
let second: Knex;
let smtp: TestSmtp;
test.before(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  if (database.url) second = await createDb({ databaseUrl: database.url, poolMax: 4 });
});
test.after.always(() => Promise.all([second?.destroy(), smtp?.close()]).then(() => database?.destroy()));

/** 13:00 on a local calendar day, as the daily job runs. */
const day = (iso: string) => new Date(`${iso}T13:00:00`);

async function memberWith(departmentId: number, name: string, certification: string, kinds: string[] | null) {
  const member = await createUser({ name });
  const profile = await createProfileFor(member, { name });
  await verifyMember(member.user.id, departmentId);
  await database.db('profile_certifications').insert({
    profileId: profile.id,
    position: 0,
    visibility: 'private',
    showOnMainProfile: true,
    name: certification,
    issuer: 'NREMT',
    year: 2020,
    expires: 2027,
    expiresOn: '01/20/2027',
  });
  if (kinds) await database.db('readiness_consents').insert({ userId: member.user.id, departmentId, kinds });
}

serverTest('one digest per officer per week, with two workers and a refused send in the middle', async (t) => {
  const [departmentId] = (await database
    .db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .limit(1)
    .pluck('id')) as number[];
  await memberWith(departmentId!, 'Shared Sam', 'Shared Paramedic', ['certifications']);
  await memberWith(departmentId!, 'Hidden Hal', 'Hidden Hazmat', null);
  const officers = [await createUser({ name: 'Officer One' }), await createUser({ name: 'Officer Two' })];
  for (const officer of officers)
    await database.db('department_officers').insert({ departmentId, userId: officer.user.id });

  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Turnout <test@turnout.local>', logger });
  const worker = (db: Knex): ReadinessDigestDeps => ({ db, mailer, logger, config });
  const workers = [worker(database.db), worker(second)];
  let failedRuns = 0;
  for (let date = day('2027-01-04'); date <= day('2027-01-24'); date.setDate(date.getDate() + 1)) {
    const now = new Date(date);
    if (now.getDate() === 11) smtp.failNext(1); // the second Monday: one officer's send is refused
    const results = await Promise.all(workers.map((w) => runReadinessDigests(w, now)));
    failedRuns += results.reduce((n, r) => n + r.failed, 0);
  }
  mailer.close();

  t.is(failedRuns, 1);
  const weeks = (await database.db('readiness_digests').orderBy(['weekStart', 'officerId'])) as Array<{
    officerId: number;
  }>;
  t.is(weeks.length, 6, 'two officers × three weeks');
  for (const officer of officers) {
    const mails = smtp.received.filter((m) => m.to === officer.user.email.toLowerCase());
    t.is(mails.length, 3, `${officer.user.name}: one a week`);
    for (const mail of mails) {
      t.true(mail.text.includes('Shared Sam'));
      t.regex(mail.text, /Shared Paramedic (expiring|expired) \(01\/20\/2027\)/);
      t.false(mail.text.includes('Hidden'));
    }
  }
  t.is(weekOf(day('2027-01-10')), '2027-01-04');
});
