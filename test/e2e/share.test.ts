/**
 * The Share panel in a real Chromium (docs/decisions/share.md): the owner opens Share, copies the public link, downloads the
 * contact card and the résumé PDF, and — after a visitor in another browser opens the public page — sees the
 * view counted on the Insights page. Screenshots at 375 and 1280 px.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import test from 'ava';
import ICAL from 'ical.js';
import { clientAs } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { insightCounter } from '../../src/services/insights/counter';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.serial('the owner shares: copy the link, download the card and the PDF, see a visitor counted', async (t) => {
  const owner = await createUser({ name: 'Dana Álvarez-Kim' });
  const profile = await createProfileFor(owner, {
    name: 'Dana Álvarez-Kim',
    rank: 'Lieutenant',
    title: 'Hazmat Technician',
    email: 'dana@example.com',
    emailVisibility: 'public',
    personalStatement: 'Fifteen years on Engine 7 and Hazmat 1.',
  });
  const add = (list: string, item: Record<string, unknown>) =>
    clientAs(app(), owner).post(`/api/profiles/${profile.id}/${list}`, { visibility: 'public', ...item });
  await add('awards', { name: 'Medal of Valor', year: '2021', type: 'valor', citation: 'Rescued two from a fire.' });
  await add('certifications', { name: 'Hazmat Technician', issuer: 'NFPA', year: 2019 });

  for (const width of [1280, 375]) {
    const recorded = await openPage(browser(), { width, height: 900 });
    const { page, context } = recorded;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app().baseUrl });
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${profile.id}`);
    await page.waitForLoadState('load');
    const sharePanelScript = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/SharePanel-')));
    t.false(await sharePanelScript(), 'the Share panel’s script is not loaded with the page');
    await waitForIslands(page); // points at the panel, as the owner reaching for it does
    t.true(await sharePanelScript(), 'and is loaded once the owner reaches for it');

    await page.locator('[data-share-panel] > summary').click();
    const panel = page.getByRole('region', { name: 'Share your profile' });
    await panel.waitFor();
    t.is(await panel.getByLabel('Public link').inputValue(), `${app().baseUrl}/profiles/${profile.id}/public`);
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied', { exact: true }).first().waitFor();
    t.is(await page.evaluate(() => navigator.clipboard.readText()), `${app().baseUrl}/profiles/${profile.id}/public`);
    await assertNoHorizontalOverflow(t, page, `share panel at ${width}`);
    const box = (await panel.boundingBox())!;
    t.true(
      box.x >= 0 && box.x + box.width <= width,
      `the panel is within the screen at ${width}: ${JSON.stringify(box)}`,
    );
    await screenshot(page, `share-panel-${width}`);

    if (width === 1280) {
      const [card] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('link', { name: 'Download contact card (vCard)' }).click(),
      ]);
      t.is(card.suggestedFilename(), 'Dana-Alvarez-Kim.vcf');
      const vcf = new ICAL.Component(ICAL.parse(fs.readFileSync((await card.path())!, 'utf8')) as unknown as unknown[]);
      t.is(vcf.getFirstPropertyValue('fn'), 'Dana Álvarez-Kim');
      t.is(vcf.getFirstPropertyValue('email'), 'dana@example.com');

      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('link', { name: 'Download résumé (PDF)' }).click(),
      ]);
      t.is(pdf.suggestedFilename(), 'Dana-Alvarez-Kim.pdf');
      t.is(
        fs
          .readFileSync((await pdf.path())!)
          .subarray(0, 5)
          .toString(),
        '%PDF-',
      );
    }
    assertNoBrowserErrors(t, recorded);
    await context.close();
  }

  // A visitor in another browser opens the public page (no script on it for them).
  const visitor = await browser().newContext({ userAgent: VISITOR_AGENT, viewport: { width: 375, height: 800 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${app().baseUrl}/profiles/${profile.id}/public`);
  t.is(await visitorPage.locator('script[type="module"]').count(), 0, 'no script for visitors');
  t.true(await visitorPage.getByRole('link', { name: 'Save contact card' }).isVisible(), 'plain links for visitors');
  await visitor.close();
  await insightCounter.flush();

  for (const width of [1280, 375]) {
    const recorded = await openPage(browser(), { width, height: 900 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${profile.id}`);
    await waitForIslands(page);
    await page.locator('[data-share-panel] > summary').click();
    await page.getByRole('link', { name: 'See insights: views, scans and downloads' }).click();
    await page.waitForURL(`**/profiles/${profile.id}/insights`);
    const views = page.getByTestId('stat-card').filter({ hasText: 'Views' });
    t.is((await views.locator('dd').innerText()).trim(), '1', 'the visitor is counted; the owner is not');
    await assertNoHorizontalOverflow(t, page, `insights at ${width}`);
    await screenshot(page, `share-insights-${width}`);

    await page.goto(`${app().baseUrl}/profiles/${profile.id}/resume`);
    await assertNoHorizontalOverflow(t, page, `résumé at ${width}`);
    await screenshot(page, `share-resume-${width}`);
    if (width === 1280) {
      // axe on the résumé page (a context that lets the test inject axe's script past the page's CSP).
      const audit = await browser().newContext({
        bypassCSP: true,
        extraHTTPHeaders: { Authorization: `Bearer ${owner.token}` },
      });
      const auditPage = await audit.newPage();
      await auditPage.goto(`${app().baseUrl}/profiles/${profile.id}/resume`);
      await auditPage.addScriptTag({ content: AXE_SOURCE });
      const violations = await auditPage.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string }> }> } }
        ).axe;
        return (await axe.run()).violations.map((v) => `${v.impact}: ${v.id}`);
      });
      t.deepEqual(
        violations.filter((v) => /^(serious|critical)/.test(v)),
        [],
        `axe on the résumé: ${violations.join(', ')}`,
      );
      await audit.close();
    }
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  }
});
