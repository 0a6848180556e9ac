/**
 * The database set-up page's two forms without JavaScript (docs/decisions/forms-without-script.md): each posts to /admin/supabase-setup with
 * its `intent`; success is a 303 back to the page, which shows the result once; a failure is the page again
 * with the form's message and never the URL (it holds the password); only admins post, only a super_admin
 * sets up.
 */
import crypto from 'node:crypto';
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { ADMIN_LABELS, ADMIN_MESSAGES } from '../../src/validation/admin';

let app: TestApp;
let admin: CreatedUser;
let superAdmin: CreatedUser;
const created: string[] = [];
const PATH = '/admin/supabase-setup';
const UNREACHABLE = 'postgres://nobody:hidden-pw@127.0.0.1:1/none';

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  admin = await createUser({ role: 'admin' });
  superAdmin = await createUser({ role: 'super_admin' });
});
test.after.always(async () => {
  for (const name of created) await app.db.raw(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  await app?.close();
});

/** Copying into a second database needs a Postgres server (TEST_DATABASE_URL); the embedded one has none. */
const withServer = process.env.TEST_DATABASE_URL ? test.serial : test.serial.skip;

/** The markup of the form posting this intent. */
function formFor(html: string, intent: string): string {
  const at = html.indexOf(`name="intent" value="${intent}"`);
  if (at < 0) throw new Error(`no form with intent ${intent}`);
  return html.slice(html.lastIndexOf('<form', at), html.indexOf('</form>', at));
}

test('the forms post to the page with their intent, as the island renders them before hydration', async (t) => {
  const page = await clientAs(app, superAdmin).get(PATH, { headers: { Accept: 'text/html' } });
  t.is(page.status, 200);
  for (const intent of ['test', 'setup']) {
    t.regex(
      formFor(page.text, intent),
      new RegExp(`^<form[^>]*action="${PATH}"[^>]*method="post"|^<form[^>]*method="post"[^>]*action="${PATH}"`),
    );
    t.regex(formFor(page.text, intent), /name="databaseUrl"/);
  }
});

test('who may post: a visitor and a member get Access Denied, an admin may test but not set up', async (t) => {
  const visitor = await app.client().postForm(PATH, { intent: 'test', databaseUrl: UNREACHABLE });
  t.is(visitor.status, 401);
  t.true(visitor.text.includes(ADMIN_LABELS.accessDenied));
  const member = await clientAs(app, await createUser()).postForm(PATH, { intent: 'test', databaseUrl: UNREACHABLE });
  t.is(member.status, 403);
  t.true(member.text.includes(ADMIN_LABELS.accessDenied));

  const setup = await clientAs(app, admin).postForm(PATH, { intent: 'setup', databaseUrl: UNREACHABLE });
  t.is(setup.status, 403);
  t.true(setup.text.includes(ADMIN_MESSAGES.superAdminSetupOnly));
  t.false(setup.text.includes('hidden-pw'));
  t.is((await clientAs(app, admin).postForm(PATH, { intent: 'nope', databaseUrl: UNREACHABLE })).status, 400);
});

test('a failed post shows the page again with the message beside the URL field, the URL not echoed', async (t) => {
  const bad = await clientAs(app, superAdmin).postForm(PATH, {
    intent: 'test',
    databaseUrl: 'mysql://x:hidden-pw@h/db',
  });
  t.is(bad.status, 400);
  t.true(formFor(bad.text, 'test').includes(ADMIN_MESSAGES.databaseUrlInvalid));
  t.false(bad.text.includes('hidden-pw'));

  const unreachable = await clientAs(app, admin).postForm(PATH, { intent: 'test', databaseUrl: UNREACHABLE });
  t.is(unreachable.status, 400);
  t.true(formFor(unreachable.text, 'test').includes(ADMIN_MESSAGES.connectionFailed));
  t.false(unreachable.text.includes('hidden-pw'));
  t.false(unreachable.text.includes('nobody'), 'no part of the URL comes back');

  const missing = await clientAs(app, superAdmin).postForm(PATH, { intent: 'setup', databaseUrl: '' });
  t.is(missing.status, 400);
  const setupForm = formFor(missing.text, 'setup');
  t.true(setupForm.includes(ADMIN_MESSAGES.missingDatabaseUrl));
  t.false(formFor(missing.text, 'test').includes(ADMIN_MESSAGES.missingDatabaseUrl), 'only the posted form');
});

withServer('test connection: 303 back to the page, which shows the server version once', async (t) => {
  const client = clientAs(app, admin);
  const res = await client.postForm(PATH, { intent: 'test', databaseUrl: app.database.url! });
  t.is(res.status, 303);
  t.is(res.headers.get('location'), `${PATH}#connection-result`);
  const shown = await client.get(PATH, { headers: { Accept: 'text/html' } });
  t.regex(shown.text, /data-testid="connection-version"[^>]*>.*PostgreSQL/);
  const again = await client.get(PATH, { headers: { Accept: 'text/html' } });
  t.false(again.text.includes('data-testid="connection-version"'), 'shown once');
});

withServer('set up: 303 back to the page, which shows the report with the password redacted', async (t) => {
  const name = `t_setup_form_${crypto.randomBytes(5).toString('hex')}`;
  await app.db.raw(`create database "${name}"`);
  created.push(name);
  const url = new URL(app.database.url!);
  url.pathname = `/${name}`;
  url.password = 'not-a-secret-pw';
  const client = clientAs(app, superAdmin);
  const res = await client.postForm(PATH, { intent: 'setup', databaseUrl: url.toString() });
  t.is(res.status, 303, res.text.slice(0, 500));
  t.is(res.headers.get('location'), `${PATH}#setup-report`);
  const shown = await client.get(PATH, { headers: { Accept: 'text/html' } });
  t.true(shown.text.includes('data-testid="setup-report"'));
  t.regex(shown.text, /rows copied into \d+ tables/);
  t.true(shown.text.includes(`:****@`), 'DATABASE_URL shown redacted');
  t.false(shown.text.includes('not-a-secret-pw'));

  // The target holds data now: the form again with the conflict, the URL not echoed.
  const again = await client.postForm(PATH, { intent: 'setup', databaseUrl: url.toString() });
  t.is(again.status, 409);
  t.true(again.text.includes(ADMIN_MESSAGES.targetNotEmpty));
  t.false(again.text.includes('not-a-secret-pw'));
});
