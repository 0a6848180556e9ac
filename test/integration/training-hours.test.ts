/** Training hours (docs/decisions/training-hours.md): the list over the API, private by default, year totals for the owner. */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { TRAINING_MESSAGES } from '../../src/validation/lists/training';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const year = new Date().getUTCFullYear();

test('the owner logs training (private unless shared); visitors never see private entries; the owner sees year totals', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { defaultVisibility: 'public' });
  const base = `/api/profiles/${profile.id}/training`;
  const me = clientAs(app, owner);

  const secret = await me.post(base, {
    topic: 'Secret SCBA drill',
    date: `${year}-02-10`,
    category: 'hazmat',
    hours: '6',
  });
  t.is(secret.status, 201, JSON.stringify(secret.body));
  t.like(secret.body, { topic: 'Secret SCBA drill', category: 'hazmat', hours: 6, visibility: 'private' });
  const shared = await me.post(base, {
    topic: 'Ventilation class',
    date: `${year}-03-01`,
    category: 'company',
    hours: 2.5,
    visibility: 'public',
  });
  t.is(shared.status, 201);

  const visitor = clientAs(app, null);
  const listed = await visitor.get(base);
  t.deepEqual(
    (listed.body as Array<{ topic: string }>).map((entry) => entry.topic),
    ['Ventilation class'],
  );
  const page = await visitor.get(`/profiles/${profile.id}/public?widget=training`, html);
  t.is(page.status, 200);
  t.true(page.text.includes('Ventilation class'));
  t.false(page.text.includes('Secret SCBA drill'), 'a private entry never reaches a visitor');
  t.false(page.text.includes('data-testid="training-totals"'), 'the totals are the owner’s');

  const own = await me.get(`/profiles/${profile.id}?widget=training`, html);
  t.is(own.status, 200);
  t.true(own.text.includes('Secret SCBA drill'));
  const totals = /data-testid="training-totals".*?<\/table>/s.exec(own.text)?.[0] ?? '';
  t.regex(totals, /Hazmat<\/th><td>6 \/ 6<\/td><td>.*?Met/s);
  t.regex(totals, /Company<\/th><td>2.5 \/ 192<\/td><td>.*?Short/s);
});

test('bad entries are refused with the field’s message, and nothing is stored', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  const base = `/api/profiles/${profile.id}/training`;
  const me = clientAs(app, owner);
  const good = { topic: 'Pump ops', date: `${year}-04-01`, category: 'driver_operator', hours: 3 };
  for (const [change, message] of [
    [{ hours: 0 }, TRAINING_MESSAGES.hoursInvalid],
    [{ hours: 24.5 }, TRAINING_MESSAGES.hoursInvalid],
    [{ hours: 'lots' }, TRAINING_MESSAGES.hoursInvalid],
    [{ topic: ' ' }, TRAINING_MESSAGES.topicRequired],
    [{ date: `${year}-02-30` }, TRAINING_MESSAGES.dateInvalid],
    [{ category: 'swimming' }, TRAINING_MESSAGES.categoryRequired],
  ] as const) {
    const res = await me.post(base, { ...good, ...change });
    t.is(res.status, 400, JSON.stringify(change));
    t.true(JSON.stringify(res.body).includes(message), `${JSON.stringify(change)}: ${JSON.stringify(res.body)}`);
  }
  t.deepEqual((await me.get(base)).body, []);
});
