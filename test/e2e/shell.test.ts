/** The shell in a real browser: pages without islands load no script; islands hydrate cleanly. */
import test from 'ava';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { assertNoBrowserErrors, launchBrowser, openPage, screenshot, waitForIslands } from '../helpers/browser';

let app: TestApp;
let browser: Browser;
test.before(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
test.after.always(async () => {
  await browser?.close();
  await app?.close();
});

for (const width of [1280, 375]) {
  test.serial(`landing and 404 pages at ${width}px load no JavaScript and render completely`, async (t) => {
    const recorded = await openPage(browser, { width });
    const scripts: string[] = [];
    recorded.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await recorded.page.goto(`${app.baseUrl}/`);
    t.true(await recorded.page.getByRole('link', { name: 'See a Sample Profile' }).isVisible());
    t.true(await recorded.page.getByRole('link', { name: /Build Your .* Bio/ }).isVisible());
    await screenshot(recorded.page, `landing-${width}`);
    const notFound = await recorded.page.goto(`${app.baseUrl}/missing/page`);
    t.is(notFound?.status(), 404);
    t.is(await recorded.page.title(), 'Page Not Found · Turnout');
    await screenshot(recorded.page, `not-found-${width}`);
    t.deepEqual(scripts, []);
    assertNoBrowserErrors(t, recorded, [/status of 404/]);
  });
}

test.serial('an island hydrates without warnings and keeps the server-rendered class names', async (t) => {
  const recorded = await openPage(browser);
  const { page } = recorded;
  await page.goto(`${app.baseUrl}/login`);
  const serverClass = await page.getAttribute('input[name="email"]', 'class');
  await waitForIslands(page);
  // Typing re-renders the island: a client-side class name differing from the server's would show here.
  await page.fill('input[name="email"]', 'not-an-email');
  await page.locator('input[name="email"]').blur();
  await page.getByText('Invalid email address').waitFor();
  t.is(await page.getAttribute('input[name="email"]', 'aria-invalid'), 'true');
  const clientClass = await page.getAttribute('input[name="email"]', 'class');
  t.truthy(serverClass);
  t.is(clientClass!.split(' ')[0], serverClass!.split(' ')[0], 'the component id class is the same');
  // The styles really apply: the invalid border is the danger colour.
  t.is(await page.$eval('input[name="email"]', (el) => getComputedStyle(el).borderTopColor), 'rgb(180, 35, 24)');
  assertNoBrowserErrors(t, recorded);
});
