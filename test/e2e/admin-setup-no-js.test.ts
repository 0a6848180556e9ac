/**
 * The database set-up page before hydration (docs/decisions/forms-without-script.md): with JavaScript off the forms are plain posts to
 * /admin/supabase-setup — a wrong URL comes back with the message beside the field (the URL not kept), a good
 * one with the server's version.
 */
import test from 'ava';
import { createUser, type CreatedUser } from '../helpers/users';
import { openPage } from '../helpers/browser';
import { ADMIN_MESSAGES } from '../../src/validation/admin';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let admin: CreatedUser;

test.before(async () => {
  admin = await createUser({ role: 'admin', password: 'admin-pass-1' });
});

test('without JavaScript, Test connection posts the form and the page answers', async (t) => {
  const { page, context } = await openPage(browser(), { javaScriptEnabled: false });
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, {
    data: { email: admin.user.email, password: admin.password },
  });
  t.true(login.ok());
  await page.goto(`${app().baseUrl}/admin/supabase-setup`);
  const card = page.getByRole('region', { name: 'Test connection' });
  await card.getByLabel('Database URL').fill('postgres://nobody:hidden-pw@127.0.0.1:1/none');
  await card.getByRole('button', { name: 'Test connection' }).click();
  await page.waitForLoadState();
  t.true(page.url().endsWith('/admin/supabase-setup'));
  await t.notThrowsAsync(card.getByText(ADMIN_MESSAGES.connectionFailed).first().waitFor());
  t.is(await card.getByLabel('Database URL').inputValue(), '');
  t.false((await page.content()).includes('hidden-pw'));

  const databaseUrl = app().database.url;
  if (databaseUrl) {
    await card.getByLabel('Database URL').fill(databaseUrl);
    await card.getByRole('button', { name: 'Test connection' }).click();
    await t.notThrowsAsync(
      page
        .getByTestId('connection-version')
        .getByText(/PostgreSQL/)
        .waitFor(),
    );
  }
  await context.close();
});
