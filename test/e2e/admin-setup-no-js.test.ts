/**
 * The database set-up page before hydration (docs/decisions/forms-without-script.md): with JavaScript off the forms are plain posts to
 * /admin/supabase-setup — a wrong URL comes back with the message beside the field (the URL not kept), a good
 * one with the server's version.
 */
import test from 'ava';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { launchBrowser, openPage } from '../helpers/browser';
import { ADMIN_MESSAGES } from '../../src/validation/admin';

let app: TestApp;
let browser: Browser;
let admin: CreatedUser;

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  browser = await launchBrowser();
  admin = await createUser({ role: 'admin', password: 'admin-pass-1' });
});
test.after.always(async () => {
  await browser?.close();
  await app?.close();
});

test('without JavaScript, Test connection posts the form and the page answers', async (t) => {
  const { page, context } = await openPage(browser, { javaScriptEnabled: false });
  const login = await page.request.post(`${app.baseUrl}/api/auth/login`, {
    data: { email: admin.user.email, password: admin.password },
  });
  t.true(login.ok());
  await page.goto(`${app.baseUrl}/admin/supabase-setup`);
  const card = page.getByRole('region', { name: 'Test connection' });
  await card.getByLabel('Database URL').fill('postgres://nobody:hidden-pw@127.0.0.1:1/none');
  await card.getByRole('button', { name: 'Test connection' }).click();
  await page.waitForLoadState();
  t.true(page.url().endsWith('/admin/supabase-setup'));
  await t.notThrowsAsync(card.getByText(ADMIN_MESSAGES.connectionFailed).first().waitFor());
  t.is(await card.getByLabel('Database URL').inputValue(), '');
  t.false((await page.content()).includes('hidden-pw'));

  if (app.database.url) {
    await card.getByLabel('Database URL').fill(app.database.url);
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
