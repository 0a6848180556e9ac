/**
 * The shell in a real browser: pages without islands load no script; islands hydrate cleanly and never
 * change layout; the user menu works with JavaScript turned off; the Content-Security-Policy is on.
 */
import test from 'ava';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/users';
import { assertNoBrowserErrors, openPage, screenshot, waitForIslands } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test);

for (const width of [1280, 375]) {
  test.serial(`landing and 404 pages at ${width}px load no JavaScript and render completely`, async (t) => {
    const recorded = await openPage(browser(), { width });
    const scripts: string[] = [];
    recorded.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await recorded.page.goto(`${app().baseUrl}/`);
    t.true(await recorded.page.getByRole('link', { name: 'See a Sample Profile' }).isVisible());
    t.true(await recorded.page.getByRole('link', { name: /Build Your .* Bio/ }).isVisible());
    await screenshot(recorded.page, `landing-${width}`);
    const notFound = await recorded.page.goto(`${app().baseUrl}/missing/page`);
    t.is(notFound?.status(), 404);
    t.is(await recorded.page.title(), 'Page Not Found · Turnout');
    await screenshot(recorded.page, `not-found-${width}`);
    t.deepEqual(scripts, []);
    assertNoBrowserErrors(t, recorded, [/status of 404/]);
  });
}

test.serial('an island hydrates without warnings and keeps the server-rendered class names', async (t) => {
  const recorded = await openPage(browser());
  const { page } = recorded;
  // (The sign-in pages have no island; the account page's Profile Information form is one.)
  await signIn(page, 'Island Checker');
  await page.goto(`${app().baseUrl}/account-settings`);
  const serverClass = await page.getAttribute('input[name="email"]', 'class');
  await waitForIslands(page);
  // Typing re-renders the island: a client-side class name differing from the server's would show here.
  await page.fill('input[name="email"]', 'not-an-email');
  await page.locator('input[name="email"]').blur();
  await page.locator('input[name="email"][aria-invalid="true"]').waitFor();
  const clientClass = await page.getAttribute('input[name="email"]', 'class');
  t.truthy(serverClass);
  t.is(clientClass!.split(' ')[0], serverClass!.split(' ')[0], 'the component id class is the same');
  // The styles really apply: the invalid border is the danger colour.
  t.is(await page.$eval('input[name="email"]', (el) => getComputedStyle(el).borderTopColor), 'rgb(180, 35, 24)');
  assertNoBrowserErrors(t, recorded);
});

test.serial('an island wrapper takes no box: its content lays out as a child of the flex row around it', async (t) => {
  const recorded = await openPage(browser());
  const { page } = recorded;
  await signIn(page, 'Wrapper Checker');
  await page.goto(`${app().baseUrl}/account-settings`);
  await waitForIslands(page);
  const wrapper = page.locator('[data-island="ProfileInfoForm"]');
  t.is(await wrapper.evaluate((el) => getComputedStyle(el).display), 'contents');
  // Put the hydrated island in a 600 px flex row beside a 100 px item; its form asks for the rest (flex: 1).
  const formWidth = () =>
    page.evaluate(() => {
      const island = document.querySelector<HTMLElement>('[data-island="ProfileInfoForm"]')!;
      const form = island.firstElementChild as HTMLElement;
      return form.getBoundingClientRect().width;
    });
  await page.evaluate(() => {
    const island = document.querySelector<HTMLElement>('[data-island="ProfileInfoForm"]')!;
    const row = document.createElement('div');
    row.style.cssText = 'display:flex;width:600px';
    const side = document.createElement('div');
    side.style.cssText = 'flex:none;width:100px';
    island.before(row);
    row.append(side, island);
    (island.firstElementChild as HTMLElement).style.flex = '1';
  });
  t.is(await formWidth(), 500, 'the form is the flex item');
  // The control: a block wrapper (what we had) would be the flex item instead, and the form would not fill it.
  await wrapper.evaluate((el) => (el.style.display = 'block'));
  t.not(await formWidth(), 500);
  assertNoBrowserErrors(t, recorded);
});

async function signIn(page: Page, name: string): Promise<void> {
  const { user, password } = await createUser({ name });
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, { data: { email: user.email, password } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
}

/** What Chromium's accessibility tree (what screen readers read) says about an element. */
async function accessibleNameAndRole(page: Page, selector: string): Promise<{ name: unknown; role: unknown }> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await cdp.detach();
  return { name: nodes[0]?.name?.value, role: nodes[0]?.role?.value };
}

for (const width of [1280, 375]) {
  test.serial(
    `the user menu works without JavaScript at ${width}px: keyboard, screen-reader name, Sign Out`,
    async (t) => {
      const recorded = await openPage(browser(), { width, javaScriptEnabled: false });
      const { page } = recorded;
      await signIn(page, 'Morgan Ellis');
      await page.goto(`${app().baseUrl}/account-settings`);
      const header = page.locator('header');
      const menu = page.getByTestId('user-menu');
      const summary = menu.locator('summary');

      // It sits at the right edge of the header row, as before (the row's padding is 12 px, 24 px from 768 px).
      const headerBox = (await header.boundingBox())!;
      const summaryBox = (await summary.boundingBox())!;
      const padding = width >= 768 ? 24 : 12;
      t.true(Math.abs(headerBox.x + headerBox.width - padding - (summaryBox.x + summaryBox.width)) <= 1, 'right edge');
      t.true(summaryBox.y + summaryBox.height <= headerBox.y + headerBox.height, 'inside the header row');

      // Named for screen readers at every width (the visible name is hidden below 480 px).
      t.deepEqual(await accessibleNameAndRole(page, 'header summary'), {
        name: 'Morgan Ellis, account menu',
        role: 'DisclosureTriangle',
      });
      // Label in name (axe label-content-name-mismatch): the name starts with all the visible text.
      const visible = (await summary.innerText()).trim();
      t.is(visible, width < 480 ? '' : 'Morgan Ellis');
      t.is(
        await summary
          .locator('span')
          .first()
          .evaluate((el) => getComputedStyle(el, '::before').content),
        '"ME"',
      );

      // Keyboard: Tab reaches it, Enter opens it (native <details>, no script).
      await page.keyboard.press('Tab'); // skip link
      await page.keyboard.press('Tab'); // logo
      await page.keyboard.press('Tab');
      t.true(await summary.evaluate((el) => el === document.activeElement), 'focus is on the menu');
      await page.keyboard.press('Enter');
      t.true(await menu.evaluate((el) => (el as HTMLDetailsElement).open));
      const panel = menu.getByText('Account Settings');
      t.true(await panel.isVisible());
      const panelBox = (await menu.locator('div').first().boundingBox())!;
      t.true(panelBox.x >= 0 && panelBox.x + panelBox.width <= width, 'the open menu fits the viewport');
      await screenshot(page, `user-menu-nojs-${width}`);

      await Promise.all([page.waitForURL(`${app().baseUrl}/`), menu.getByRole('button', { name: 'Sign Out' }).click()]);
      t.true(await page.getByRole('link', { name: 'Login' }).isVisible(), 'signed out');
      assertNoBrowserErrors(t, recorded);
    },
  );
}

test.serial('every page is served with the Content-Security-Policy the browser enforces', async (t) => {
  const recorded = await openPage(browser());
  const { page } = recorded;
  const response = await page.goto(`${app().baseUrl}/login`);
  t.regex(response!.headers()['content-security-policy'] ?? '', /script-src 'self'/);
  await waitForIslands(page);
  // An inline script, as an injected payload would be, is refused and reported on the console.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "yes"';
    document.body.append(script);
  });
  t.is(await page.evaluate(() => document.body.dataset.injected), undefined, 'the inline script did not run');
  t.true(
    recorded.errors.some((e) => /Content Security Policy/i.test(e)),
    'the violation reached the console',
  );
});
