/**
 * The hiring tracker (docs/decisions/hiring-tracker.md): owner-only entries with their windows (the department's
 * stated end, else the usual one), the tracker page with the lateral view of verified service, bad input refused,
 * and the windows — with readiness dates (docs/decisions/readiness-dates.md) — in the reminder digest on a moved
 * clock and in the calendar feed read back by an independent iCalendar parser (ical.js).
 */
import test from 'ava';
import ICAL from 'ical.js';
import { clientAs, startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { verifyMember } from '../helpers/verification';
import { createLogger } from '../../src/log';
import { createMailer } from '../../src/services/mail';
import { runReminders } from '../../src/db/reminderJob';
import { HIRING_MESSAGES } from '../../src/validation/lists/hiringTracker';
import { LIST_MESSAGES } from '../../src/validation/lists';

let app: TestApp;
let smtp: TestSmtp;
let department: { id: number; name: string };
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  smtp = await startSmtpServer();
  department = (await app
    .db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .first('id', 'name')) as { id: number; name: string };
});
test.after.always(async () => {
  await app?.close();
  await smtp?.close();
});

const html = { headers: { Accept: 'text/html' } };
const CANARY = 'Canary Oral Board Z3';

async function owner(): Promise<{ account: CreatedUser; profileId: number; me: HttpClient; base: string }> {
  const account = await createUser();
  const profile = await createProfileFor(account, { defaultVisibility: 'public' } as never);
  return { account, profileId: profile.id, me: clientAs(app, account), base: `/api/profiles/${profile.id}` };
}

test('the tracker page: windows by the stated or usual validity, and the lateral view; only the owner sees it', async (t) => {
  const { account, profileId, me, base } = await owner();
  const add = async (body: object) => {
    const res = await me.post(`${base}/hiring-tracker`, body);
    t.is(res.status, 201, res.text);
    return res.body;
  };
  t.like(await add({ test: 'pst', department: department.name, takenOn: '2099-01-01' }), { visibility: 'private' });
  await add({ test: 'eligibility_list', department: department.name, takenOn: '2098-02-10', rank: 7 });
  await add({
    test: 'oral',
    department: department.name,
    takenOn: '2020-05-01',
    validUntil: '2021-05-01',
    notes: CANARY,
  });
  await add({ test: 'written', takenOn: '2098-05-01' });

  await verifyMember(account.user.id, department.id);
  const timeline = (year: string, dept: string) =>
    me.post(`${base}/timeline`, { year, event: `Served ${year}`, type: 'hired', department: dept });
  t.is((await timeline('2010-2012', department.name)).status, 201);
  t.is((await timeline('2013', 'An Unverified Department')).status, 201);
  t.is((await timeline('2014-present', department.name)).status, 201);
  await app.caughtUp();

  const page = await me.get(`/profiles/${profileId}/tracker`, html);
  t.is(page.status, 200);
  t.is(page.headers.get('cache-control'), 'private, no-store');
  const windows = /data-testid="tracker-windows".*?<\/section>/s.exec(page.text)?.[0] ?? '';
  t.regex(windows, /PST.*?2099-01-01.*?2099-06-30.*?Usual 180 days.*?Current/s, 'PST: 180 days');
  t.regex(windows, /Eligibility list \(rank 7\).*?2100-02-10.*?Usual 24 months/s);
  t.regex(windows, /Oral board.*?2021-05-01.*?Stated by the department.*?Expired/s);
  t.regex(windows, /Written exam.*?—.*?No window/s, 'a department test with no stated window has none');
  const lateral = /data-testid="lateral-view".*?<\/section>/s.exec(page.text)?.[0] ?? '';
  t.regex(lateral, /1 break in service/);
  t.regex(lateral, /2010-01-01<\/td><td[^>]*>2012-12-31<\/td><td[^>]*>1,096</);
  t.regex(lateral, /2013-01-01<\/td><td[^>]*>2013-12-31<\/td><td[^>]*>365<\/td>.*?Break in service/s);
  t.regex(lateral, /2014-01-01<\/td><td[^>]*>Present</);
  t.false(lateral.includes('An Unverified Department'), 'unverified entries count nothing');

  // Never anyone else's: the page, the list API, the profile and its document.
  const visitor = clientAs(app, null);
  const other = clientAs(app, await createUser());
  t.is((await visitor.get(`/profiles/${profileId}/tracker`, html)).status, 302, 'a visitor is sent to sign in');
  const refused = await other.get(`/profiles/${profileId}/tracker`, html);
  t.is(refused.status, 403);
  for (const client of [visitor, other]) {
    t.false((await client.get(`/profiles/${profileId}/tracker`, html)).text.includes(CANARY));
    t.deepEqual((await client.get(`${base}/hiring-tracker`)).body, []);
    t.false(JSON.stringify((await client.get(base)).body).includes(CANARY));
    for (const round of [1, 2]) {
      const shown = await client.get(`/profiles/${profileId}?widget=hiring-tracker`, html);
      t.is(shown.status, 200);
      t.false(shown.text.includes(CANARY), `the profile page (${round})`);
      t.false(shown.text.includes('/tracker'), 'no link to the tracker');
    }
  }
  t.true((await me.get(`/profiles/${profileId}?widget=hiring-tracker`, html)).text.includes(CANARY));
});

test('bad tracker entries are refused with the field’s message, and nothing is stored', async (t) => {
  const { me, base } = await owner();
  const good = { test: 'cpat', takenOn: '2026-03-14' };
  for (const [change, field, message] of [
    [{ test: 'marathon' }, 'test', HIRING_MESSAGES.testRequired],
    [{ takenOn: '' }, 'takenOn', HIRING_MESSAGES.takenRequired],
    [{ takenOn: '2026-13-01' }, 'takenOn', HIRING_MESSAGES.takenInvalid],
    [{ validUntil: '2026-03-13' }, 'validUntil', HIRING_MESSAGES.validUntilBefore],
    [{ validUntil: '2026-02-30' }, 'validUntil', HIRING_MESSAGES.validUntilInvalid],
    [{ rank: 0 }, 'rank', HIRING_MESSAGES.rankInvalid],
    [{ rank: 'first' }, 'rank', HIRING_MESSAGES.rankInvalid],
    [{ visibility: 'public' }, 'visibility', LIST_MESSAGES.ownerOnly],
  ] as const) {
    const res = await me.post(`${base}/hiring-tracker`, { ...good, ...change });
    t.is(res.status, 400, JSON.stringify(change));
    t.is(res.body.fields?.[field], message, JSON.stringify(res.body));
  }
  t.deepEqual((await me.get(`${base}/hiring-tracker`)).body, []);
});

test('the reminder digest on a moved clock names a tracker window and a readiness date', async (t) => {
  const { account, me, base } = await owner();
  t.is(
    (await me.post(`${base}/hiring-tracker`, { test: 'cpat', department: 'Digest FD', takenOn: '2026-03-14' })).status,
    201,
  );
  t.is((await me.post(`${base}/readiness-dates`, { kind: 'fit_test', date: '2026-03-20' })).status, 201);
  const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Turnout <test@turnout.local>', logger });
  const config = {
    baseUrl: 'https://turnout.example',
    productName: 'Turnout',
    sessionSecret: 'tracker-test-secret-012345',
  };
  const mine = () => smtp.received.filter((mail) => mail.to === account.user.email);
  await runReminders({ db: app.db, mailer, logger, config }, new Date(2027, 0, 1, 13));
  t.deepEqual(mine(), [], 'nothing due more than sixty days ahead');
  await runReminders({ db: app.db, mailer, logger, config }, new Date(2027, 2, 1, 13));
  mailer.close();
  const [mail] = mine();
  t.is(mail?.subject, '2 credentials need your attention');
  t.true(mail!.text.includes('- CPAT — Digest FD (hiring tracker entry) expires on March 14, 2027'), mail!.text);
  t.true(mail!.text.includes('- Respirator fit test (readiness date) expires on March 20, 2027'), mail!.text);
  t.regex(mail!.text, /widget=hiring-tracker#section-hiringTracker/);
  t.regex(mail!.text, /widget=readiness-dates#section-readinessDates/);
});

test('the calendar feed has an all-day event at the end of each window', async (t) => {
  const { account, me, base } = await owner();
  await me.post(`${base}/hiring-tracker`, { test: 'eligibility_list', department: 'Feed FD', takenOn: '2098-01-10' });
  await me.post(`${base}/hiring-tracker`, { test: 'written', takenOn: '2098-05-01', validUntil: '2099-09-01' });
  await me.post(`${base}/hiring-tracker`, { test: 'oral', takenOn: '2098-05-01' });
  await me.post(`${base}/readiness-dates`, { kind: 'cleared_for_duty', date: '2099-06-30' });
  await me.post(`${base}/readiness-dates`, { kind: 'immunization', name: 'Tdap', date: '2098-01-01' });
  await app
    .db('users')
    .where('id', account.user.id)
    .update({ reminderDays: [30], reminderOnDay: false });
  const posted = await me.postForm('/account-settings', { intent: 'calendar' });
  t.is(posted.status, 303);
  const settings = await me.get('/account-settings?saved=calendarCreated', html);
  const secret = new RegExp(`${app.baseUrl}/calendar/([0-9a-f]{64})\\.ics`).exec(settings.text)?.[1];
  if (!secret) throw new Error('no calendar address on the page');
  const feed = await app.client().get(`/calendar/${secret}.ics`);
  t.is(feed.status, 200);
  const calendar = new ICAL.Component(ICAL.parse(feed.text));
  const events = calendar
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v))
    .map((e) => ({
      summary: e.summary,
      start: e.startDate.toString(),
      allDay: e.startDate.isDate,
      alarms: e.component.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger'))),
    }))
    .sort((a, b) => a.start.localeCompare(b.start));
  t.deepEqual(events, [
    { summary: 'Cleared for duty expires', start: '2099-06-30', allDay: true, alarms: ['-P30D'] },
    { summary: 'Written exam expires', start: '2099-09-01', allDay: true, alarms: ['-P30D'] },
    { summary: 'Eligibility list — Feed FD expires', start: '2100-01-10', allDay: true, alarms: ['-P30D'] },
  ]);
  const urls = calendar.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('url')));
  t.true(
    urls.some((url) => url.endsWith('?edit=1&widget=hiring-tracker#section-hiringTracker')),
    urls.join(' '),
  );
});
