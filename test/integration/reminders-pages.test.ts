/**
 * Expiry reminders and the calendar feed over HTTP (docs/decisions/expiry-reminders.md): the Notifications form without script,
 * RFC 8058 one-click unsubscribe with a signed token, the calendar feed read back by an independent iCalendar
 * parser (ical.js), its rotation (the old address 404 at once), and the owner's "Expiring soon" notice.
 */
import crypto from 'node:crypto';
import test from 'ava';
import ICAL from 'ical.js';
import { startTestApp, clientAs, type HttpClient, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { unsubscribeToken } from '../../src/services/reminders/tokens';
import { REMINDER_MESSAGES } from '../../src/validation/reminders';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const settingsOf = (id: number) =>
  app.db('users').where('id', id).first('remindersEnabled', 'reminderDays', 'reminderOnDay', 'calendarSecretHash');

async function signedIn(): Promise<{ client: HttpClient; id: number }> {
  const account = await createUser({ password: 'correct-horse-battery' });
  const client = app.client();
  const res = await client.postForm('/login', { email: account.user.email, password: 'correct-horse-battery' });
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`);
  return { client, id: account.user.id };
}

test('Notifications: on by default for a new user; the plain form saves, and bad days come back with the message', async (t) => {
  const { client, id } = await signedIn();
  const page = await client.get('/account-settings', html);
  t.regex(page.text, /id="notifications"/);
  t.regex(page.text, /<input[^>]*id="reminders-enabled"[^>]*checked/);
  t.regex(page.text, /id="reminder-days"[^>]*value="60, 30, 14, 7, 1"/);

  const saved = await client.postForm('/account-settings', {
    intent: 'notifications',
    reminderDays: '7, 30,30 ,90',
    reminderOnDay: 'true',
  });
  t.is(saved.status, 303);
  t.is(saved.headers.get('location'), '/account-settings?saved=notifications#notifications');
  t.deepEqual(await settingsOf(id).then(({ calendarSecretHash: _, ...rest }) => rest), {
    remindersEnabled: false,
    reminderDays: [90, 30, 7],
    reminderOnDay: true,
  });
  const after = await client.get('/account-settings?saved=notifications', html);
  t.true(after.text.includes(REMINDER_MESSAGES.saved.title));
  t.notRegex(after.text, /<input[^>]*id="reminders-enabled"[^>]*checked/);
  t.regex(after.text, /id="reminder-days"[^>]*value="90, 30, 7"/);

  for (const days of ['0', '7, soon', '400', '1,2,3,4,5,6,7,8,9,10,11']) {
    const refused = await client.postForm('/account-settings', { intent: 'notifications', reminderDays: days });
    t.is(refused.status, 400, days);
    t.true(
      refused.text.includes(days.includes('11') ? REMINDER_MESSAGES.daysTooMany : REMINDER_MESSAGES.daysFormat),
      days,
    );
    t.true(refused.text.includes(`value="${days}"`), 'what was typed stays');
  }
  t.deepEqual((await settingsOf(id)).reminderDays, [90, 30, 7], 'nothing changed');
});

test('one-click unsubscribe: a mail client posts with no session and no Origin; a forged token is 404', async (t) => {
  const account = await createUser();
  const token = unsubscribeToken(app.config.sessionSecret, account.user.id);
  const visitor = app.client();

  const page = await visitor.get(`/reminders/unsubscribe/${token}`, html);
  t.is(page.status, 200);
  t.true(page.text.includes('Turn Off Expiry Reminders'));
  t.true((await settingsOf(account.user.id)).remindersEnabled, 'a GET changes nothing (link scanners)');

  const oneClick = await visitor.postForm(
    `/reminders/unsubscribe/${token}`,
    { 'List-Unsubscribe': 'One-Click' },
    { noOrigin: true },
  );
  t.is(oneClick.status, 200);
  t.true(oneClick.text.includes(REMINDER_MESSAGES.unsubscribed));
  t.false((await settingsOf(account.user.id)).remindersEnabled);

  const other = await createUser();
  const forged = `${other.user.id}.${token.split('.')[1]}`;
  t.is((await visitor.postForm(`/reminders/unsubscribe/${forged}`, {}, { noOrigin: true })).status, 404);
  t.is((await visitor.get(`/reminders/unsubscribe/${forged}`, html)).status, 404);
  t.is((await visitor.get('/reminders/unsubscribe/nonsense', html)).status, 404);
  t.true((await settingsOf(other.user.id)).remindersEnabled, 'the other user is untouched');
});

test('calendar feed: one all-day event per expiry with alarms at the reminder days; rotation kills the old URL', async (t) => {
  const account = await createUser();
  const profile = await createProfileFor(account);
  const api = clientAs(app, account);
  const cert = { name: 'NREMT EMT', issuer: 'NREMT', year: 2024 };
  await api.post(`/api/profiles/${profile.id}/certifications`, { ...cert, expiresOn: '04/15/2099' });
  await api.post(`/api/profiles/${profile.id}/certifications`, { ...cert, name: 'Hazmat Ops', expires: 2098 });
  await api.post(`/api/profiles/${profile.id}/certifications`, { ...cert, name: 'Permanent one' });
  await api.post(`/api/profiles/${profile.id}/licenses`, {
    name: 'State EMT',
    type: 'EMS',
    issued: '2020',
    expires: '02/2099',
    status: 'active',
  });
  await app
    .db('users')
    .where('id', account.user.id)
    .update({ reminderDays: [30, 7], reminderOnDay: true });
  // Make the address from Account Settings (a plain form): shown on the next page once, stored only hashed.
  const client = app.client();
  client.bearer = account.token;
  const made = async (first: boolean) => {
    const posted = await client.postForm('/account-settings', { intent: 'calendar' });
    t.is(posted.status, 303);
    const saved = first ? 'calendarCreated' : 'calendar';
    t.is(posted.headers.get('location'), `/account-settings?saved=${saved}#calendar`);
    const page = await client.get(`/account-settings?saved=${saved}`, html);
    t.true(page.text.includes((first ? REMINDER_MESSAGES.created : REMINDER_MESSAGES.rotated).title));
    const secret = new RegExp(`${app.baseUrl}/calendar/([0-9a-f]{64})\\.ics`).exec(page.text)?.[1];
    if (!secret) throw new Error('no calendar address on the page');
    t.false((await client.get('/account-settings', html)).text.includes(secret), 'shown once');
    const stored = await settingsOf(account.user.id);
    t.is(stored.calendarSecretHash, crypto.createHash('sha256').update(secret).digest('hex'), 'stored hashed');
    return secret;
  };
  t.regex((await client.get('/account-settings', html)).text, /Create Calendar Link/, 'none until it is made');
  const calendarSecret = await made(true);

  const feed = await app.client().get(`/calendar/${calendarSecret}.ics`);
  t.is(feed.status, 200);
  t.regex(feed.headers.get('content-type') ?? '', /^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(feed.text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const summary = events
    .map((e) => ({
      summary: e.summary,
      start: e.startDate.toString(),
      allDay: e.startDate.isDate,
      alarms: e.component
        .getAllSubcomponents('valarm')
        .map((a) => String(a.getFirstPropertyValue('trigger')))
        .sort(),
    }))
    .sort((a, b) => a.start.localeCompare(b.start));
  t.deepEqual(
    summary,
    [
      { summary: 'State EMT expires', start: '2099-02-28', allDay: true, alarms: ['-P30D', '-P7D', 'PT0S'] },
      { summary: 'NREMT EMT expires', start: '2099-04-15', allDay: true, alarms: ['-P30D', '-P7D', 'PT0S'] },
      {
        summary: 'Hazmat Ops expires (approximate)',
        start: '2098-12-31',
        allDay: true,
        alarms: ['-P30D', '-P7D', 'PT0S'],
      },
    ].sort((a, b) => a.start.localeCompare(b.start)),
  );

  // Replace it: the old address is gone at once, the new one works.
  t.regex((await client.get('/account-settings', html)).text, /Replace Calendar Link/);
  const fresh = await made(false);
  t.not(fresh, calendarSecret);
  t.is((await app.client().get(`/calendar/${calendarSecret}.ics`)).status, 404);
  t.is((await app.client().get(`/calendar/${fresh}.ics`)).status, 200);

  for (const bad of ['nothing.ics', `${fresh}.txt`, `${'0'.repeat(64)}.ics`]) {
    t.is((await app.client().get(`/calendar/${bad}`)).status, 404, bad);
  }
});

test("the owner's profile: the reminder setting once, then 'Expiring soon' in edit mode only, for the owner only", async (t) => {
  const account = await createUser();
  const profile = await createProfileFor(account);
  const owner = clientAs(app, account);
  const soon = new Date(Date.now() + 20 * 86_400_000);
  const mmddyyyy = `${String(soon.getMonth() + 1).padStart(2, '0')}/${String(soon.getDate()).padStart(2, '0')}/${soon.getFullYear()}`;
  await owner.post(`/api/profiles/${profile.id}/licenses`, {
    name: 'State EMT',
    type: 'EMS',
    issued: '2020',
    expires: mmddyyyy,
    status: 'active',
  });
  await owner.post(`/api/profiles/${profile.id}/licenses`, {
    name: 'Far away',
    type: 'EMS',
    issued: '2020',
    expires: '12/2099',
    status: 'active',
  });

  const first = await owner.get(`/profiles/${profile.id}`, html);
  t.true(first.text.includes('Expiry reminders are on: we e-mail you 60, 30, 14, 7, 1 days before'));
  const second = await owner.get(`/profiles/${profile.id}`, html);
  t.false(second.text.includes('data-testid="expiring-notice"'), 'shown once');

  const editing = await owner.get(`/profiles/${profile.id}?edit=1`, html);
  t.true(editing.text.includes('Expiring soon'));
  const notice = (/data-testid="expiring-notice".*?<\/section>/s.exec(editing.text)?.[0] ?? '').replaceAll(
    '<!-- -->',
    '',
  );
  t.regex(notice, /State EMT<\/a> \(license\) expires on [A-Z][a-z]+ \d+, \d{4} · in 20 days/, notice);
  t.false(editing.text.includes('Far away</a>'));

  const stranger = await createUser();
  const seen = await clientAs(app, stranger).get(`/profiles/${profile.id}`, html);
  t.false(seen.text.includes('data-testid="expiring-notice"'));
});
