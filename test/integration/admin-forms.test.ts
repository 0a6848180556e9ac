/**
 * The admin dashboard's and the review page's plain forms (docs/decisions/confirm-in-place.md): each posts with
 * its `intent`, answers 303 to its tab at the acted-on row or form (`#code-12`), and the next page shows the
 * status line there, once, with the focus (`autofocus`). A refused post is the tab again with the message in the
 * same place; a member cannot post; the forms are in the HTML the islands render before they hydrate.
 */
import test from 'ava';
import { clientAs, startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { ADMIN_MESSAGES } from '../../src/validation/admin';

let app: TestApp;
let admin: CreatedUser;

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  admin = await createUser({ role: 'admin', name: 'Avery Admin', password: 'admin-pass-1' });
});
test.after.always(async () => {
  await app?.close();
});

/** A browser-like client signed in with a session cookie (the flash lives in the session). */
async function signedIn(account: CreatedUser): Promise<HttpClient> {
  const client = app.client();
  const login = await client.post('/api/auth/login', { email: account.user.email, password: account.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return client;
}

/** The status line the page renders at `at`, or null. */
function statusAt(html: string, at: string): string | null {
  const match = new RegExp(`<p[^>]*id="${at}-status"[^>]*>([^<]*)</p>`).exec(html);
  return match ? match[0] : null;
}
const textOf = (line: string | null) => (line ? line.replace(/<[^>]+>/g, '') : null);

test('Create Code and Blacklist Add are real forms before hydration', async (t) => {
  const client = await signedIn(admin);
  for (const [tab, intent] of [
    ['beta-codes', 'code-create'],
    ['blacklist', 'blacklist-add'],
  ]) {
    const html = (await client.get(`/admin?tab=${tab}`)).text;
    const at = html.indexOf(`name="intent" value="${intent}"`);
    t.true(at > 0, intent);
    const form = html.slice(html.lastIndexOf('<form', at), at);
    t.regex(form, /method="post"/, intent);
    t.regex(form, /action="\/admin"/, intent);
    // The form opens from a native <details>: no script needed.
    t.true(html.lastIndexOf('<details', at) > html.lastIndexOf('</details>', at), intent);
  }
});

test('create a code: 303 to its row, the status line there once (focused); a taken code is refused in place', async (t) => {
  const client = await signedIn(admin);
  const code = `PLAIN-${Date.now()}`;
  const created = await client.postForm('/admin', {
    intent: 'code-create',
    code,
    maxUses: '3',
    expiresAt: '',
    notes: '',
  });
  t.is(created.status, 303);
  const location = created.headers.get('location')!;
  t.regex(location, /^\/admin\?tab=beta-codes#code-[0-9]+-status$/);
  const at = location.split('#')[1]!.replace(/-status$/, '');
  const page = await client.get('/admin?tab=beta-codes');
  const line = statusAt(page.text, at);
  t.is(textOf(line), `Created — ${code} is ready to share`);
  t.regex(line!, /role="status"/);
  t.regex(line!, /autofocus/);
  t.true(page.text.includes(`id="${at}"`), 'the row is the anchor');
  t.is(statusAt((await client.get('/admin?tab=beta-codes')).text, at), null, 'shown once');

  const again = await client.postForm('/admin', { intent: 'code-create', code, maxUses: '1' });
  t.is(again.status, 409);
  const refused = statusAt(again.text, 'create-code');
  t.truthy(refused);
  t.regex(refused!, /role="alert"/);
  t.true(textOf(refused)!.startsWith(`${ADMIN_MESSAGES.createCodeFailed}: `));
  t.regex(again.text, /<details[^>]*id="create-code"[^>]*open/);

  const id = at.replace('code-', '');
  const off = await client.postForm('/admin', { intent: 'code-active', id, isActive: 'false' });
  t.is(off.status, 303);
  t.is(off.headers.get('location'), `/admin?tab=beta-codes#${at}-status`);
  t.is(
    textOf(statusAt((await client.get('/admin?tab=beta-codes')).text, at)),
    `Deactivated — ${code} can no longer be used`,
  );
  t.false(
    (
      await app
        .db('beta_codes')
        .where({ id: Number(id) })
        .first()
    ).isActive,
  );
});

test('blacklist add and remove: each confirmed in place; a duplicate is refused beside the form', async (t) => {
  const client = await signedIn(admin);
  const value = `spam.${Date.now()}@example.com`;
  const added = await client.postForm('/admin', { intent: 'blacklist-add', type: 'email', value, reason: 'spam' });
  t.is(added.status, 303);
  const at = added.headers
    .get('location')!
    .split('#')[1]!
    .replace(/-status$/, '');
  t.regex(at, /^blacklist-[0-9]+$/);
  t.is(
    textOf(statusAt((await client.get('/admin?tab=blacklist')).text, at)),
    `Added — ${value} can no longer register`,
  );

  const twice = await client.postForm('/admin', { intent: 'blacklist-add', type: 'email', value });
  t.is(twice.status, 409);
  t.is(
    textOf(statusAt(twice.text, 'add-to-blacklist')),
    `${ADMIN_MESSAGES.addBlacklistFailed}: ${ADMIN_MESSAGES.alreadyBlacklisted}`,
  );

  const removed = await client.postForm('/admin', { intent: 'blacklist-remove', id: at.replace('blacklist-', '') });
  t.is(removed.status, 303);
  t.is(removed.headers.get('location'), '/admin?tab=blacklist#blacklist-entries-status');
  const after = (await client.get('/admin?tab=blacklist')).text;
  t.is(textOf(statusAt(after, 'blacklist-entries')), `Removed — ${value} may register again`);
  t.false(after.includes(`data-value="${value}"`));
});

test('user status and role: back to the same search at the row; their own row is refused with the reason', async (t) => {
  const client = await signedIn(admin);
  const target = await createUser({ name: 'Quinn Plainform' });
  const status = await client.postForm('/admin', {
    intent: 'user-status',
    id: String(target.user.id),
    isActive: 'false',
    q: 'quinn',
    page: '1',
  });
  t.is(status.status, 303);
  t.is(status.headers.get('location'), `/admin?tab=users&q=quinn#user-${target.user.id}-status`);
  const page = (await client.get('/admin?tab=users&q=quinn')).text;
  t.is(textOf(statusAt(page, `user-${target.user.id}`)), 'Status updated — Quinn Plainform is now inactive');

  const role = await client.postForm('/admin', { intent: 'user-role', id: String(target.user.id), role: 'admin' });
  t.is(role.status, 303);
  t.is(
    textOf(statusAt((await client.get('/admin?tab=users')).text, `user-${target.user.id}`)),
    'Role updated — Quinn Plainform is now Admin',
  );

  const own = await client.postForm('/admin', { intent: 'user-status', id: String(admin.user.id), isActive: 'false' });
  t.is(own.status, 403);
  t.true(own.text.includes(ADMIN_MESSAGES.notYourself));
  t.true((await app.db('users').where({ id: admin.user.id }).first()).isActive);
});

test('who may post: a member gets 403, a visitor 401, an unknown intent 400', async (t) => {
  const member = await createUser();
  t.is(
    (await clientAs(app, member).postForm('/admin', { intent: 'blacklist-add', type: 'email', value: 'a@b.co' }))
      .status,
    403,
  );
  t.is(
    (await app.client().postForm('/admin', { intent: 'blacklist-add', type: 'email', value: 'a@b.co' })).status,
    401,
  );
  t.is((await (await signedIn(admin)).postForm('/admin', { intent: 'nope' })).status, 400);
});
