/**
 * The owner's bar on a phone (spec 01 §2): the visibility switch, Edit Profile, Share and a "⋯" menu holding
 * "View as", at most two rows at 360 px (one from 375 px); the widget strip shows that it scrolls; the Share
 * panel fits at 320 px; the visibility switch shows its knob and track on Hidden and on Public.
 */
import path from 'node:path';
import test from 'ava';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { openPage, assertNoHorizontalOverflow, assertNoBrowserErrors, SCREENSHOT_DIR } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';
import { seriousViolations } from '../helpers/axe';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

async function ownerPage(width: number, options: { javaScriptEnabled?: boolean; status?: 'live' | 'draft' } = {}) {
  const owner = await createUser({ name: 'Dana Álvarez-Kim' });
  const profile = await createProfileFor(owner, {
    name: 'Dana Álvarez-Kim',
    rank: 'Lieutenant',
    profileStatus: options.status ?? 'live',
  });
  const recorded = await openPage(browser(), { width, height: 800, javaScriptEnabled: options.javaScriptEnabled });
  await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  await recorded.page.goto(`${app().baseUrl}/profiles/${profile.id}`);
  return { ...recorded, profile, owner };
}

/** What the screen shows (the top of the page), to look at. */
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

const bar = (page: Page) => page.locator('[data-owner-bar]');

for (const width of [360, 375, 1280]) {
  test.serial(`the owner's bar at ${width} px: ${width === 360 ? 'at most two rows' : 'one row'}`, async (t) => {
    const recorded = await ownerPage(width);
    const { page, owner } = recorded;
    const banner = page.getByRole('banner');
    const controls = banner.getByRole('toolbar', { name: 'Profile controls' });
    t.is(await controls.getByRole('switch').textContent(), 'Public');
    t.true(await controls.getByRole('link', { name: 'Edit Profile' }).isVisible());
    t.true(await banner.locator('[data-share-panel] > summary').isVisible());
    // View as is in the "⋯" menu, out of the way until asked for.
    t.false(await banner.getByRole('link', { name: 'View as visitor' }).isVisible());
    const barBox = (await bar(page).boundingBox())!;
    const controlBox = (await controls.getByRole('link', { name: 'Edit Profile' }).boundingBox())!;
    const rows = Math.round(barBox.height / controlBox.height);
    t.true(rows <= (width === 360 ? 2 : 1), `${rows} rows (${barBox.height}px bar, ${controlBox.height}px control)`);
    await assertNoHorizontalOverflow(t, page, `owner's page at ${width}`);
    await shot(page, `owner-bar-${width}`);
    const headers = { Authorization: `Bearer ${owner.token}` };
    t.deepEqual(await seriousViolations(browser(), page.url(), { width, headers }), [], 'axe on the owner’s page');
    const openMenus = async (audited: Page) => {
      await audited.locator('[data-share-panel] > summary').click();
      await audited.locator('summary[aria-label="More profile controls"]').click();
    };
    t.deepEqual(
      await seriousViolations(browser(), page.url(), { width, headers, before: openMenus }),
      [],
      'axe with Share and the "⋯" menu open',
    );

    await page.locator('summary[aria-label="More profile controls"]').click();
    const viewAsVisitor = banner.getByRole('link', { name: 'View as visitor' });
    t.true(await viewAsVisitor.isVisible());
    t.true(await banner.getByRole('link', { name: 'View as member' }).isVisible());
    const menuBox = (await page.getByRole('region', { name: 'More profile controls' }).boundingBox())!;
    t.true(menuBox.x >= 0 && menuBox.x + menuBox.width <= width, `the menu is within the screen: ${menuBox.x}`);
    await shot(page, `owner-bar-more-${width}`);
    await Promise.all([page.waitForURL(/\?as=visitor$/), viewAsVisitor.click()]);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}

test.serial('the "⋯" menu works without script', async (t) => {
  const { page, context } = await ownerPage(360, { javaScriptEnabled: false });
  await page.getByRole('banner').locator('summary[aria-label="More profile controls"]').click();
  await Promise.all([
    page.waitForURL(/\?as=member$/),
    page.getByRole('banner').getByRole('link', { name: 'View as member' }).click(),
  ]);
  t.true(await page.getByRole('link', { name: 'Timeline' }).first().isVisible(), 'the member view is shown');
  await context.close();
});

test.serial('the widget strip shows that it scrolls, and the keyboard reaches every link', async (t) => {
  const { page, context } = await ownerPage(360);
  const strip = page.getByRole('navigation', { name: 'Widget filter' });
  const measure = () =>
    strip.evaluate((el) => ({
      overflows: el.scrollWidth > el.clientWidth,
      mask: getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage,
      scrollLeft: el.scrollLeft,
    }));
  const before = await measure();
  t.true(before.overflows, 'at 360 px the strip is wider than the screen');
  t.regex(before.mask, /linear-gradient/, 'its edge fades out: there is more this way');
  await shot(page, 'widget-strip-360');
  // Tab through the strip to its last link: it scrolls into view, clear of the fade.
  const links = strip.getByRole('link');
  const last = links.last();
  await last.focus();
  const after = await measure();
  t.true(after.scrollLeft > 0, 'focusing the last link scrolls the strip');
  const lastBox = (await last.boundingBox())!;
  const stripBox = (await strip.boundingBox())!;
  t.true(lastBox.x + lastBox.width <= stripBox.x + stripBox.width - 24, 'the last link is whole, left of the fade');
  await shot(page, 'widget-strip-360-end');
  await context.close();
});

test.serial('the Share panel fits at 320 px', async (t) => {
  const { page, context } = await ownerPage(320);
  await page.locator('[data-share-panel] > summary').click();
  const panel = page.getByRole('region', { name: 'Share your profile' });
  await panel.waitFor();
  const fit = await panel.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  t.true(fit.scrollWidth <= fit.clientWidth, `the panel: ${JSON.stringify(fit)}`);
  for (const name of ['Copy link', 'QR code for print (PNG)']) {
    const box = (await panel.getByText(name, { exact: true }).boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    t.true(box.x + box.width <= panelBox.x + panelBox.width, `${name} is within the panel`);
  }
  const panelBox = (await panel.boundingBox())!;
  t.true(
    panelBox.x >= 0 && panelBox.x + panelBox.width <= 320,
    `the panel is on the screen: ${JSON.stringify(panelBox)}`,
  );
  await assertNoHorizontalOverflow(t, page, 'share panel at 320');
  await shot(page, 'share-panel-320');
  await context.close();
});

test.serial('the visibility switch looks like a switch on Hidden and on Public', async (t) => {
  for (const status of ['draft', 'live'] as const) {
    const { page, context } = await ownerPage(375, { status });
    const toggle = page.getByRole('banner').getByRole('switch');
    t.is(await toggle.getAttribute('aria-checked'), String(status === 'live'));
    t.is(await toggle.textContent(), status === 'live' ? 'Public' : 'Hidden');
    const parts = await toggle.evaluate((el) => {
      const track = el.querySelector('span')!;
      const knob = getComputedStyle(track, '::after');
      const trackBox = track.getBoundingClientRect();
      return {
        face: getComputedStyle(el).backgroundColor,
        track: getComputedStyle(track).backgroundColor,
        trackWidth: trackBox.width,
        knob: knob.backgroundColor,
        knobLeft: parseFloat(knob.left),
      };
    });
    t.true(parts.trackWidth >= 30, 'a track');
    t.is(parts.face, 'rgb(255, 255, 255)');
    t.is(parts.knob, 'rgb(255, 255, 255)');
    t.true(contrast(parts.track, parts.face) >= 3, `the track stands out from the face: ${parts.track}`);
    t.true(contrast(parts.track, parts.knob) >= 3, 'the knob stands out from the track');
    t.true(status === 'live' ? parts.knobLeft > 10 : parts.knobLeft < 10, 'the knob sits on the side of the state');
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    t.not(await toggle.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', 'a focus ring');
    await toggle.screenshot({ path: path.join(SCREENSHOT_DIR, `switch-${status}.png`) });
    await context.close();
  }
});

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb
      .match(/\d+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
