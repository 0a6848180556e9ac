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
