/** DRAFT baseline */
import test from 'ava';
import type { Browser } from 'playwright-core';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { LIST_SAMPLES } from '../helpers/listSamples';
import { launchBrowser, openPage, screenshot, waitForIslands } from '../helpers/browser';

let app: TestApp;
let browser: Browser;
let id: number;
let owner: CreatedUser;

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  browser = await launchBrowser();
  owner = await createUser({ name: 'Calm Editor' });
  const profile = await createProfileFor(owner, { defaultVisibility: 'public' });
  id = profile.id;
  for (const list of ['timeline', 'timeline', 'awards', 'skills', 'gear', 'incidents']) {
    const res = await clientAs(app, owner).post(`/api/profiles/${id}/${list}`, LIST_SAMPLES[list]!.add);
    if (res.status !== 201) throw new Error(`${list}: ${res.status}`);
  }
});
test.after.always(async () => {
  await browser?.close();
  await app?.close();
});

test.serial('baseline', async (t) => {
  const recorded = await openPage(browser, { width: 1280, height: 800 });
  const { page } = recorded;
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  await page.goto(`${app.baseUrl}/profiles/${id}?edit=1`);
  await waitForIslands(page);
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  t.log('height', h);
  await screenshot(page, 'calm-baseline-1280');
  t.pass();
});
