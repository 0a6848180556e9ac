/**
 * Your account, your data in a browser (docs/decisions/signed-in-devices.md, docs/decisions/data-export.md, docs/decisions/account-deletion.md): the signed-in devices list (this device marked, another
 * one signed out), Export My Data downloading a zip, and Delete My Account — after which the public page is gone.
 * Every page looked at (screenshots) at 375 and 1280 px and no wider than the viewport.
 */
import { readFile } from 'node:fs/promises';
import test from 'ava';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
  waitForIslands,
} from '../helpers/browser';
import { createProfileFor } from '../helpers/profiles';
import { createUser } from '../helpers/users';
import { jsonEntry, unzip } from '../helpers/zip';
import { hashToken, randomToken } from '../../src/services/tokens';
import { useBrowserApp } from '../helpers/browserApp';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

for (const width of [375, 1280]) {
  test.serial(`devices, export and deletion at ${width} px`, async (t) => {
    const username = `leaving${width}${Date.now() % 10000}`;
    const owner = await createUser({ name: 'Morgan Ellis', username });
    const profile = await createProfileFor(owner, { defaultVisibility: 'public' });
    // Another device: a Firefox on Linux signs in too.
    const laptop = app().client();
    const signedIn = await laptop.postForm(
      '/login',
      { email: owner.user.email, password: owner.password },
      { headers: { 'User-Agent': FIREFOX_LINUX } },
    );
    t.is(signedIn.status, 303);

    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await page.goto(`${app().baseUrl}/login`);
    await page.getByLabel('Email').fill(owner.user.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');

    await page.goto(`${app().baseUrl}/account-settings#devices`);
    await waitForIslands(page);
    const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByTestId('device');
    const rows = await devices.allInnerTexts();
    t.regex(rows[0]!, /Chrome.*This device/s, 'this browser first, marked');
    t.true(rows.some((row) => /Firefox on Linux/.test(row)));
    await page.locator('#devices').scrollIntoViewIfNeeded();
    await screenshot(page, `account-devices-${width}`);
    for (const id of ['devices', 'data'])
      await page.locator(`#${id}`).screenshot({ path: `${SCREENSHOT_DIR}/account-${id}-section-${width}.png` });
    await assertNoHorizontalOverflow(t, page, `account settings at ${width}`);

    await page.getByRole('button', { name: 'Sign out this device: Firefox on Linux' }).click();
    await page.waitForURL(/saved=signOutDevice/);
    t.regex(await page.getByTestId('settings-notice').innerText(), /Device signed out/);
    t.is((await laptop.get('/api/auth/me')).status, 401, 'the laptop is signed out');
    t.false((await devices.allInnerTexts()).some((row) => /Firefox/.test(row)));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export My Data' }).click(),
    ]);
    t.regex(download.suggestedFilename(), /^turnout-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await unzip(await readFile((await download.path())!));
    t.is(jsonEntry(zip, 'profile.json').profile.id, profile.id);
    t.is(jsonEntry(zip, 'account.json').account.email, owner.user.email);

    // The e-mailed link's page of an export prepared in the background (its row as the job leaves it).
    const token = randomToken();
    await app()
      .db('data_exports')
      .insert({
        userId: owner.user.id,
        status: 'ready',
        tokenHash: hashToken(token),
        fileKey: 'exports/e2e/turnout-export.zip',
        fileSize: 3 * 1024 * 1024,
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    const linkPage = await openPage(browser(), { width, height: 700, javaScriptEnabled: false });
    await linkPage.page.goto(`${app().baseUrl}/account/export/${token}`);
    t.is(await linkPage.page.getByRole('button', { name: 'Download (3 MB)' }).count(), 1);
    await screenshot(linkPage.page, `account-export-link-${width}`);
    await assertNoHorizontalOverflow(t, linkPage.page, `export link page at ${width}`);
    await linkPage.context.close();

    const visitor = app().client();
    t.is((await visitor.get(`/profiles/${profile.id}`, { headers: { Accept: 'text/html' } })).status, 200);
    await page.getByRole('link', { name: 'Delete My Account…' }).click();
    await page.waitForURL(/\/account-settings\/delete$/);
    await screenshot(page, `account-delete-${width}`);
    await assertNoHorizontalOverflow(t, page, `delete page at ${width}`);
    await page.getByLabel('Your Password').fill(owner.password);
    await page.getByLabel(/I understand/).check();
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL(/\/account\/deleted$/);
    t.is(await page.getByRole('heading', { level: 1 }).innerText(), 'Your account has been deleted');
    await screenshot(page, `account-deleted-${width}`);
    await assertNoHorizontalOverflow(t, page, `deleted page at ${width}`);

    const gone = await page.goto(`${app().baseUrl}/profiles/${profile.id}`);
    t.is(gone?.status(), 404, 'the public page is gone');
    t.is((await visitor.get(`/${username}`, { headers: { Accept: 'text/html' } })).status, 404, 'and its address');
    assertNoBrowserErrors(t, recorded, [/404 \(Not Found\)/]);
    await recorded.context.close();
  });
}
