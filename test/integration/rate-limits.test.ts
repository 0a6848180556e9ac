import test from 'ava';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { LIMITS } from '../../src/http/rateLimit';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: true });
});
test.after.always(async () => {
  await app?.close();
});

test('repeated failed logins for one account are answered 429 with Retry-After, even with the right password', async (t) => {
  const { user, password } = await createUser();
  const client = app.client();
  for (let i = 0; i < LIMITS.loginPerAccount.points; i++) {
    const res = await client.post('/api/auth/login', { email: user.email, password: 'wrong-password' });
    t.is(res.status, 401);
  }
  const blocked = await client.post('/api/auth/login', { email: user.email, password });
  t.is(blocked.status, 429);
  t.true(Number(blocked.headers.get('retry-after')) > 0);
  t.is(blocked.body.error, 'Too many attempts. Please try again later.');
});

test('forgot-password is limited per account', async (t) => {
  const { user } = await createUser();
  const client = app.client();
  for (let i = 0; i < LIMITS.forgotPerAccount.points; i++) {
    t.is((await client.post('/api/auth/forgot-password', { email: user.email })).status, 200);
  }
  const blocked = await client.post('/api/auth/forgot-password', { email: user.email });
  t.is(blocked.status, 429);
  t.truthy(blocked.headers.get('retry-after'));
});

test('many failed sign-ins from one address to many accounts are answered 429, by the API and the form alike', async (t) => {
  // Its own app (its own counters), so the other tests' sign-ins from this address do not count here.
  const own = await startTestApp({ rateLimitsEnabled: true }, app.database);
  t.teardown(() => own.close());
  const { user, password } = await createUser();
  const client = own.client();
  for (let i = 0; i < LIMITS.loginPerAddress.points; i++) {
    // One guess per account, so no per-account limit is ever reached: only the per-address one can stop this.
    const email = `sprayed-${i}@example.com`;
    const res =
      i % 2
        ? await client.post('/api/auth/login', { email, password: 'Password-guess-1' })
        : await client.postForm('/login', { email, password: 'Password-guess-1' });
    t.is(res.status, 401, `guess ${i + 1}`);
  }
  const api = await client.post('/api/auth/login', { email: user.email, password });
  t.is(api.status, 429, 'the right password for another account, from the same address');
  t.true(Number(api.headers.get('retry-after')) > 0);
  t.is((await client.postForm('/login', { email: user.email, password })).status, 429, 'the form too');
});
