/**
 * The daily expiry-reminder job (docs/decisions/expiry-reminders.md, "done when"): driven across December 2026 – April 2027 on a moved
 * clock, with two workers (two database pools, as two app processes) running every day at the same time, a
 * third run after them (a restart, or pg-boss retrying), and the real SMTP server refusing mail on some days.
 * Every mail is checked: who, which day, the subject, once each.
 */
import test from 'ava';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/knex';
import { createLogger } from '../../src/log';
import { createMailer } from '../../src/services/mail';
import { runReminders } from '../../src/db/reminderJob';
import type { ReminderDeps } from '../../src/services/reminders/run';
import { verifyUnsubscribeToken } from '../../src/services/reminders/tokens';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { needsPostgresServer } from '../helpers/postgresServer';
import { createProfileFor } from '../helpers/profiles';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { createUser } from '../helpers/users';

const serverTest = needsPostgresServer(test.serial, 'two workers need two connections to one database');
const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
const config = {
  baseUrl: 'https://turnout.example',
  productName: 'Turnout',
  sessionSecret: 'reminder-test-secret-0123456789',
};

let database: TestDatabase;
let second: Knex;
let smtp: TestSmtp;
test.before(async () => {
  database = await createTestDatabase();
  if (database.url) second = await createDb({ databaseUrl: database.url, poolMax: 4 });
  smtp = await startSmtpServer();
});
test.after.always(async () => {
  await second?.destroy();
  await database?.destroy();
  await smtp?.close();
});

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 13, 0, 0);
};
const isoOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

async function insertItems(profileId: number, certifications: object[], licenses: object[]) {
  const base = { profileId, visibility: 'private', showOnMainProfile: true };
  for (const [position, c] of certifications.entries())
    await database.db('profile_certifications').insert({ ...base, position, issuer: 'NREMT', year: 2020, ...c });
  for (const [position, l] of licenses.entries())
    await database
      .db('profile_licenses')
      .insert({ ...base, position, type: 'EMS', issued: '2020', status: 'active', ...l });
}

serverTest(
  'across five months: the exact digests at each threshold, once each, with two workers and SMTP failures',
  async (t) => {
    const a = await createUser({ email: 'alex@example.com', name: 'Alex Reyes' });
    const b = await createUser({ email: 'blair@example.com', name: 'Blair Kim' });
    const c = await createUser({ email: 'casey@example.com', name: 'Casey Off' });
    await database
      .db('users')
      .where('id', b.user.id)
      .update({ reminderDays: [30], reminderOnDay: false });
    await database.db('users').where('id', c.user.id).update({ remindersEnabled: false });
    const profileA = await createProfileFor(a);
    await insertItems(
      profileA.id,
      [
        { name: 'NREMT EMT', expires: 2027, expiresOn: '04/15/2027' },
        { name: 'CPR/BLS', expires: 2027, expiresOn: '03/31/2027' },
        { name: 'Hazmat Operations', expires: 2026 },
        { name: 'Fire Officer I', expires: null },
      ],
      [{ name: 'State EMT', expires: '03/2027' }],
    );
    await insertItems((await createProfileFor(b)).id, [], [{ name: 'Paramedic', expires: '04/10/2027' }]);
    await insertItems((await createProfileFor(c)).id, [], [{ name: 'Driver/Operator', expires: '01/15/2027' }]);

    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Turnout <test@turnout.local>', logger });
    const worker = (db: Knex): ReminderDeps => ({ db, mailer, logger, config });
    const workers = [worker(database.db), worker(second)];
    const failing: Record<string, number> = { '2027-03-01': 1, '2027-03-17': 2, '2027-04-14': 2 };
    const seen: string[] = [];
    let failedRuns = 0;
    for (let date = day('2026-12-01'); date <= day('2027-04-20'); date.setDate(date.getDate() + 1)) {
      const now = new Date(date);
      const before = smtp.received.length;
      if (failing[isoOf(now)]) smtp.failNext(failing[isoOf(now)]!);
      const results = await Promise.all(workers.map((w) => runReminders(w, now)));
      failedRuns += results.reduce((n, r) => n + r.failed, 0);
      await runReminders(workers[0]!, now); // a restarted process, or the queue's retry, later that day
      for (const mail of smtp.received.slice(before)) seen.push(`${isoOf(now)} ${mail.to} ${mail.subject}`);
    }
    mailer.close();

    const two = '2 credentials need your attention';
    t.deepEqual(seen, [
      '2026-12-01 alex@example.com Hazmat Operations expires in 30 days',
      '2026-12-17 alex@example.com Hazmat Operations expires in 14 days',
      '2026-12-24 alex@example.com Hazmat Operations expires in 7 days',
      '2026-12-30 alex@example.com Hazmat Operations expires in 1 day',
      '2026-12-31 alex@example.com Hazmat Operations expires today',
      `2027-01-30 alex@example.com ${two}`,
      '2027-02-14 alex@example.com NREMT EMT expires in 60 days',
      `2027-03-01 alex@example.com ${two}`,
      '2027-03-11 blair@example.com Paramedic expires in 30 days',
      '2027-03-16 alex@example.com NREMT EMT expires in 30 days',
      `2027-03-17 alex@example.com ${two}`,
      `2027-03-24 alex@example.com ${two}`,
      `2027-03-30 alex@example.com ${two}`,
      `2027-03-31 alex@example.com ${two}`,
      '2027-04-01 alex@example.com NREMT EMT expires in 14 days',
      '2027-04-08 alex@example.com NREMT EMT expires in 7 days',
      '2027-04-14 alex@example.com NREMT EMT expires in 1 day',
      '2027-04-15 alex@example.com NREMT EMT expires today',
    ]);
    t.is(failedRuns, 5, 'five refused sends were rolled back and sent again by the next worker or run');

    // What was recorded matches what was sent: one digest a day, one delivery per item and threshold.
    const deliveries = await database.db('reminder_deliveries').where('userId', a.user.id);
    t.is(deliveries.length, 5 + 6 * 3, 'Hazmat: 30, 14, 7, 1 and the day; the others: 60, 30, 14, 7, 1 and the day');
    const digests = await database.db('reminder_digests').count<[{ count: string }]>('* as count');
    t.is(Number(digests[0]!.count), 18);
  },
);

serverTest('a digest: the plain text lists each item with its edit link, a year says it is approximate', async (t) => {
  const mail = smtp.received.find((m) => m.subject === 'Hazmat Operations expires in 30 days')!;
  const marchLast = smtp.received.find(
    (m) => m.subject === '2 credentials need your attention' && m.text.includes('Expires today'),
  )!;
  t.truthy(mail && marchLast);
  t.true(
    mail.text.includes(
      'Expires in 30 days\n- Hazmat Operations (certification) expires by the end of 2026 (only the year is known; the date is approximate)',
    ),
    mail.text,
  );
  t.regex(
    mail.text,
    /Edit: https:\/\/turnout\.example\/profiles\/\d+\?edit=1&widget=certifications#section-certifications/,
  );
  t.true(marchLast.text.includes('- CPR/BLS (certification) expires on March 31, 2027'), marchLast.text);
  t.true(marchLast.text.includes('- State EMT (license) expires at the end of March 2027'), marchLast.text);
  t.true(marchLast.text.includes('You get these reminders 60, 30, 14, 7, 1 days before an expiry and on the day.'));

  // RFC 8058 one-click unsubscribe: a signed token for this user, with the POST marker.
  const unsubscribe = mail.headers.get('list-unsubscribe') ?? '';
  t.is(mail.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  const token = /\/reminders\/unsubscribe\/([^>]+)>/.exec(unsubscribe)?.[1];
  const alex = await database.db('users').where('email', 'alex@example.com').first();
  t.is(verifyUnsubscribeToken(config.sessionSecret, token!), alex.id);
  t.true(mail.text.includes(`Stop these e-mails: https://turnout.example/reminders/unsubscribe/${token}`));
  t.truthy(mail.html, 'an HTML part beside the text');
});

serverTest('a changed expiry date is reminded again; turning reminders off stops them', async (t) => {
  const d = await createUser({ email: 'drew@example.com' });
  const profile = await createProfileFor(d);
  await insertItems(profile.id, [], [{ name: 'CDL', expires: '06/30/2027' }]);
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Turnout <test@turnout.local>', logger });
  const deps: ReminderDeps = { db: database.db, mailer, logger, config };
  const to = (address: string) => smtp.received.filter((m) => m.to === address).map((m) => m.subject);
  await runReminders(deps, day('2027-06-23'));
  t.deepEqual(to('drew@example.com'), ['CDL expires in 7 days']);
  await database.db('profile_licenses').where('profileId', profile.id).update({ expires: '06/28/2027' }); // renewed? no: corrected
  await runReminders(deps, day('2027-06-24'));
  t.deepEqual(to('drew@example.com'), ['CDL expires in 7 days', 'CDL expires in 4 days'], 'a new date, a new reminder');
  await database.db('users').where('id', d.user.id).update({ remindersEnabled: false });
  await runReminders(deps, day('2027-06-27'));
  t.is(to('drew@example.com').length, 2);
  mailer.close();
});
