/**
 * Private readiness dates (docs/decisions/readiness-dates.md): owner-only on the profile (the API, the profile
 * document, the pages and kept visitor pages never carry them), refused as public, and shown to a department only
 * while the member shares "readiness dates" with it — the canary: a visitor, another member, a department the
 * member did not share dates with, and a department after withdrawal see none of them; the officers' weekly digest
 * names shared dates that need attention.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { verifyMember } from '../helpers/verification';
import { startSmtpServer } from '../helpers/smtp';
import { createLogger } from '../../src/log';
import { createMailer } from '../../src/services/mail';
import { runReadinessDigests } from '../../src/db/readinessDigestJob';
import { officerOf as grantOfficer } from '../helpers/readiness';
import { LIST_MESSAGES } from '../../src/validation/lists';
import { READINESS_DATE_MESSAGES } from '../../src/validation/lists/readinessDates';

let app: TestApp;
let departments: Array<{ id: number; name: string }>;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  departments = (await app
    .db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .limit(2)
    .select('id', 'name')) as Array<{ id: number; name: string }>;
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const CANARY = 'Canary Varicella Q7';

async function memberWithDates(name: string) {
  const account = await createUser({
    name,
    username: `${name.toLowerCase().replace(/\W/g, '')}${Date.now() % 100000}`,
  });
  const profile = await createProfileFor(account, { name, defaultVisibility: 'public' } as never);
  const me = clientAs(app, account);
  const base = `/api/profiles/${profile.id}/readiness-dates`;
  const immunization = await me.post(base, { kind: 'immunization', name: CANARY, date: '2026-01-05' });
  const fitTest = await me.post(base, { kind: 'fit_test', date: '2026-03-14' });
  if (immunization.status !== 201 || fitTest.status !== 201) throw new Error(`${immunization.text} ${fitTest.text}`);
  return { account, profile, me, base };
}

const officerOf = (departmentId: number) => grantOfficer(app, departmentId);

test('the owner keeps readiness dates; a visitor and another member never get them, in any channel', async (t) => {
  const { account, profile, me, base } = await memberWithDates('Dates Owner');
  const listed = await me.get(base);
  t.like(listed.body, [
    { kind: 'fit_test', date: '2026-03-14', visibility: 'private' },
    { kind: 'immunization', name: CANARY, visibility: 'private' },
  ]);
  // Without script: the profile's plain add form.
  const posted = await me.postForm(`/profiles/${profile.id}/lists/readiness-dates`, {
    kind: 'cleared_for_duty',
    date: '2099-06-30',
  });
  t.is(posted.status, 303);
  const own = await me.get(`/profiles/${profile.id}?widget=readiness-dates`, html);
  t.true(own.text.includes(CANARY));
  t.true(own.text.includes('Valid through 2027-03-14'), 'a fit test holds twelve months');
  t.true(own.text.includes('Valid through 2099-06-30'));

  // Never public: refused on add and on edit, and the table says the same.
  const refused = await me.post(base, { kind: 'cpat', date: '2026-02-01', visibility: 'public' });
  t.is(refused.status, 400);
  t.is(refused.body.fields.visibility, LIST_MESSAGES.ownerOnly);
  const patched = await me.patch(`${base}/0`, { visibility: 'authenticated' });
  t.is(patched.status, 400);
  await t.throwsAsync(app.db('profile_readiness_dates').update({ visibility: 'public' }), {
    message: /profile_readiness_dates_visibility_check/,
  });

  const other = await createUser();
  for (const viewer of [null, other]) {
    const client = clientAs(app, viewer);
    t.deepEqual((await client.get(base)).body, []);
    t.false(JSON.stringify((await client.get(`/api/profiles/${profile.id}`)).body).includes(CANARY));
    for (const path of [
      `/profiles/${profile.id}?widget=readiness-dates`,
      `/profiles/${profile.id}`,
      `/${account.user.username}`,
    ]) {
      // Twice: the second answer is the kept page.
      for (const round of [1, 2]) {
        const first = await client.get(path, html);
        // A username address may redirect to its canonical spelling.
        const page = first.status === 302 ? await client.get(first.headers.get('location')!, html) : first;
        t.is(page.status, 200, path);
        t.false(page.text.includes(CANARY), `${path} (${round})`);
        t.false(page.text.includes('2099-06-30'), `${path} (${round})`);
      }
    }
  }
});

test('bad readiness dates are refused with the field’s message, and nothing is stored', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const me = clientAs(app, owner);
  const base = `/api/profiles/${profile.id}/readiness-dates`;
  for (const [body, field, message] of [
    [{ kind: 'immunization', date: '2026-01-05' }, 'name', READINESS_DATE_MESSAGES.nameRequired],
    [{ kind: 'fit_test', date: '2026-02-30' }, 'date', READINESS_DATE_MESSAGES.dateInvalid],
    [{ kind: 'fit_test', date: '03/14/2026' }, 'date', READINESS_DATE_MESSAGES.dateInvalid],
    [{ kind: 'swim_test', date: '2026-01-05' }, 'kind', READINESS_DATE_MESSAGES.kindRequired],
    [{ kind: 'cpat', date: '2026-01-05', validUntil: 'soon' }, 'validUntil', READINESS_DATE_MESSAGES.validUntilInvalid],
    [{ kind: 'cpat', date: ['2026-01-05'] }, 'date', READINESS_DATE_MESSAGES.dateRequired],
  ] as const) {
    const res = await me.post(base, body);
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.fields?.[field], message, JSON.stringify(res.body));
  }
  t.deepEqual((await me.get(base)).body, []);
});

test.serial('a department sees readiness dates only while the member shares them with it', async (t) => {
  const [a, b] = departments as [{ id: number; name: string }, { id: number; name: string }];
  const { account, me } = await memberWithDates('Dates Sharer');
  await verifyMember(account.user.id, a.id);
  await verifyMember(account.user.id, b.id);
  const share = (departmentId: number, kinds: string[]) =>
    me.request('PUT', `/api/departments/${departmentId}/sharing`, { kinds });
  t.is((await share(a.id, ['certifications', 'readinessDates'])).status, 200);
  t.is((await share(b.id, ['certifications', 'licenses', 'trainingHours'])).status, 200);
  const preview = await me.get(`/departments/${a.id}/sharing`, html);
  t.true(preview.text.includes(`Immunization: ${CANARY}`), 'the member’s preview shows what A sees');

  const channels = async (officer: CreatedUser, departmentId: number) => {
    const client = clientAs(app, officer);
    const page = await client.get(`/departments/${departmentId}/readiness`, html);
    const csv = await client.get(`/departments/${departmentId}/readiness.csv`);
    const json = await client.get(`/api/departments/${departmentId}/readiness`);
    t.is(page.status, 200);
    t.is(json.status, 200);
    return { page: page.text, csv: csv.text, json: JSON.stringify(json.body) };
  };
  const officerA = await officerOf(a.id);
  const officerB = await officerOf(b.id);
  const seenByA = await channels(officerA, a.id);
  for (const [name, text] of Object.entries(seenByA)) {
    t.true(text.includes(CANARY), `A's ${name}`);
    t.true(text.includes('2027-03-14'), `A's ${name}: the fit test's last day`);
  }
  const json = JSON.parse(seenByA.json) as { members: Array<{ name: string; readinessDates: unknown }> };
  t.like(json.members.find((m) => m.name === 'Dates Sharer')?.readinessDates, [
    { title: 'Respirator fit test', validThrough: '2027-03-14' },
  ]);
  // A state filter finds a member by their shared readiness dates too (this one has no certification at all).
  const inState = async (state: string) =>
    (
      (await clientAs(app, officerA).get(`/api/departments/${a.id}/readiness?state=${state}`)).body as typeof json
    ).members.some((m) => m.name === 'Dates Sharer');
  t.true(await inState('current'));
  t.false(await inState('expired'));
  for (const [name, text] of Object.entries(await channels(officerB, b.id))) {
    t.true(text.includes('Dates Sharer'), `B's ${name} lists the member`);
    t.false(text.includes(CANARY), `B's ${name}: dates were not shared with B`);
    t.false(text.includes('2027-03-14'), `B's ${name}`);
  }

  t.is((await me.delete(`/api/departments/${a.id}/sharing`)).status, 204);
  for (const [name, text] of Object.entries(await channels(officerA, a.id))) {
    t.false(text.includes(CANARY), `A's ${name} after withdrawal`);
    t.false(text.includes('Dates Sharer'), `A's ${name} after withdrawal`);
  }
});

test.serial(
  'the officers’ weekly digest names a shared readiness date that needs attention, never an unshared one',
  async (t) => {
    const b = departments[1]!;
    const sharer = await createUser({ name: 'Digest Sharer' });
    const keeper = await createUser({ name: 'Digest Keeper' });
    for (const [account, kinds, name] of [
      [sharer, ['readinessDates'], 'Digest Shared Shot'],
      [keeper, ['certifications'], 'Digest Private Shot'],
    ] as const) {
      const profile = await createProfileFor(account);
      await verifyMember(account.user.id, b.id);
      const me = clientAs(app, account);
      const added = await me.post(`/api/profiles/${profile.id}/readiness-dates`, {
        kind: 'immunization',
        name,
        date: '2026-01-05',
        validUntil: '2027-03-14',
      });
      t.is(added.status, 201);
      t.is((await me.request('PUT', `/api/departments/${b.id}/sharing`, { kinds })).status, 200);
    }
    const officer = await officerOf(b.id);
    const smtp = await startSmtpServer();
    const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Turnout <test@turnout.local>', logger });
    const config = { baseUrl: 'https://turnout.example', productName: 'Turnout' };
    try {
      await runReadinessDigests({ db: app.db, mailer, logger, config }, new Date(2027, 2, 1, 13));
      const mail = smtp.received.find((each) => each.to === officer.user.email);
      t.truthy(mail, 'the officer got this week’s digest');
      t.true(
        mail!.text.includes('- Digest Sharer: Immunization: Digest Shared Shot expiring (2027-03-14)'),
        mail!.text,
      );
      t.false(mail!.text.includes('Digest Private Shot'), 'dates not shared with the department stay the member’s');
    } finally {
      mailer.close();
      await smtp.close();
    }
  },
);
