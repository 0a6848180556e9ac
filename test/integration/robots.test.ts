/** /robots.txt is a real robots file (not a custom URL redirecting home): public pages open, the rest closed. */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

test('crawlers get a robots file that keeps them out of the API, admin and account pages only', async (t) => {
  const res = await clientAs(app, null).get('/robots.txt');
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^text\/plain/);
  const rules = res.text.split('\n').filter((line) => line.startsWith('Disallow:'));
  t.deepEqual(rules, [
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /account-settings',
    'Disallow: /create-profile',
    'Disallow: /reset-password',
  ]);
  t.true(res.text.startsWith('User-agent: *\n'));
});
