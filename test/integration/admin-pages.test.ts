/**
 * /admin and /admin/supabase-setup as server-rendered pages (docs/decisions/admin-dashboard.md): Access Denied for a visitor (401) and a
 * user (403), each tab complete in the HTML for an admin (the island's first data included), the role badge.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { BetaCode } from '../../src/models/BetaCode';
import { ADMIN_LABELS } from '../../src/validation/admin';

let app: TestApp;
let admin: CreatedUser;
let superAdmin: CreatedUser;
const html = { headers: { Accept: 'text/html' } };

test.before(async () => {
  app = await startTestApp();
  admin = await createUser({ role: 'admin', name: 'Page Admin' });
  superAdmin = await createUser({ role: 'super_admin', name: 'Page Super' });
  await BetaCode.query().insert({ code: 'PAGECODE1', maxUses: 3, notes: 'Station open house' });
});
test.after.always(async () => {
  await app?.close();
});

test('Access Denied: 401 with Login for a visitor, 403 for a user, on both admin pages', async (t) => {
  const member = await createUser();
  for (const path of ['/admin', '/admin?tab=blacklist', '/admin/supabase-setup']) {
    const visitor = await clientAs(app, null).get(path, html);
    t.is(visitor.status, 401, path);
    t.true(visitor.text.includes(ADMIN_LABELS.accessDenied));
    t.true(visitor.text.includes('You don&#x27;t have permission to access this page.'));
    t.regex(visitor.text, /href="\/login"[^>]*>Login</);
    const user = await clientAs(app, member).get(path, html);
    t.is(user.status, 403, path);
    t.true(user.text.includes(ADMIN_LABELS.accessDenied));
    t.false(user.text.includes('data-island="AdminUsers"'));
  }
});

test('each tab is rendered on the server with its data; the badge names the role', async (t) => {
  const page = await clientAs(app, admin).get('/admin', html);
  t.is(page.status, 200);
  t.true(page.text.includes('>Admin</span>'));
  for (const label of ['Total Users', 'Active Users', 'Inactive Users', 'Admin Users', 'Regular Users']) {
    t.true(page.text.includes(label), label);
  }
  t.true(page.text.includes('data-island="AdminUsers"'));
  t.true(page.text.includes('Page Admin'));

  const tabs: Array<[string, string, string[]]> = [
    ['beta-codes', 'AdminBetaCodes', ['PAGECODE1', 'Station open house', 'Total Codes', 'Create Code']],
    ['blacklist', 'AdminBlacklist', ['The blacklist is empty.']],
    [
      'ai-logs',
      'AdminAiLogs',
      ['Total Interactions', 'Acceptance Rate', 'Avg Confidence', 'Pending Feedback', 'Photo Analysis'],
    ],
    ['departments', 'AdminDepartments', ['Pending departments']],
  ];
  for (const [tab, island, texts] of tabs) {
    const res = await clientAs(app, admin).get(`/admin?tab=${tab}`, html);
    t.is(res.status, 200, tab);
    t.true(res.text.includes(`data-island="${island}"`), tab);
    t.regex(res.text, new RegExp(`href="/admin\\?tab=${tab}" aria-current="page"`));
    for (const text of texts) t.true(res.text.includes(text), `${tab}: ${text}`);
  }
  // Search and paging in the URL.
  const searched = await clientAs(app, admin).get('/admin?tab=users&q=page%20super', html);
  t.true(searched.text.includes(`data-email="${superAdmin.user.email}"`));
  t.false(searched.text.includes(`data-email="${admin.user.email}"`));
  t.is((await clientAs(app, admin).get('/admin?tab=users&page=2', html)).status, 200);

  const superPage = await clientAs(app, superAdmin).get('/admin/supabase-setup', html);
  t.is(superPage.status, 200);
  t.true(superPage.text.includes(ADMIN_LABELS.databaseSetup));
  t.true(superPage.text.includes('>Super Admin</span>'));
});

test('a bad query value redirects to the page without it, never a silent default', async (t) => {
  const cases: Array<[string, string]> = [
    ['/admin?tab=users&q=chief&page=zzz', '/admin?tab=users&q=chief'],
    ['/admin?tab=users&page=0', '/admin?tab=users'],
    ['/admin?tab=nope', '/admin'],
    ['/admin?tab=ai-logs&filter=bogus&page=2', '/admin?tab=ai-logs&page=2'],
    ['/admin?tab=users&page=1&page=2', '/admin?tab=users'],
    ['/admin?tab=users&tab=blacklist', '/admin'],
  ];
  for (const [path, canonical] of cases) {
    const res = await clientAs(app, admin).get(path, html);
    t.is(res.status, 302, path);
    t.is(res.headers.get('location'), canonical, path);
    t.is((await clientAs(app, admin).get(canonical, html)).status, 200, canonical);
  }
  // Unknown parameters are ignored, as in the API; the guard comes first (no redirect for someone else).
  t.is((await clientAs(app, admin).get('/admin?tab=blacklist&utm_source=mail', html)).status, 200);
  t.is((await clientAs(app, null).get('/admin?page=zzz', html)).status, 401);
  t.is((await clientAs(app, await createUser()).get('/admin?page=zzz', html)).status, 403);
});
