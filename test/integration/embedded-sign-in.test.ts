/**
 * Signing in on the embedded database (what `npm start` uses without DATABASE_URL). It has one connection, so a
 * query made beside the request's transaction waits for that transaction, which waits for it: sign-in once hung
 * here until the pool gave up. Runs on PGlite whatever database the rest of the suite uses.
 */
import test from 'ava';
import { embedded, type TestDatabase } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

let database: TestDatabase;
let app: TestApp;
test.before(async () => {
  database = await embedded();
  app = await startTestApp({ rateLimitsEnabled: false }, database);
});
test.after.always(async () => {
  await app?.close();
  await database?.destroy();
});

test('the sign-in API answers on the embedded database, for right and wrong passwords', async (t) => {
  const member = await createUser({ password: 'embedded-sign-in-1' });
  const ok = await app.client().post('/api/auth/login', { email: member.user.email, password: 'embedded-sign-in-1' });
  t.is(ok.status, 200, JSON.stringify(ok.body));
  t.truthy(ok.body.token);
  const wrong = await app.client().post('/api/auth/login', { email: member.user.email, password: 'not-the-password' });
  t.is(wrong.status, 401);
});

test('the sign-in form signs in on the embedded database', async (t) => {
  const member = await createUser({ password: 'embedded-sign-in-2' });
  const browser = app.client();
  const res = await browser.postForm('/login', { email: member.user.email, password: 'embedded-sign-in-2' });
  t.is(res.status, 303);
  t.truthy(browser.cookies.get('turnout.sid'), 'signed in: the session cookie is set');
});
