/**
 * The guided start in a real Chromium, at 375 and 1280 px (docs/decisions/guided-start.md,
 * docs/decisions/one-expiry-input.md): a new owner meets a checklist and one "Add …" menu instead of empty cards,
 * and completes every step from the checklist's own links — the statement, a first timeline entry, a first
 * certification typed with its card's "03/2028" expiry (saved in one step), a profile photo — and ends live, the
 * checklist gone. A license saves without a status and shows the one its expiry gives. Each add form closes onto
 * its saved item, marked "Saved" and focused. axe finds nothing serious on the pages changed.
 */
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';
import { GUIDED_START_MESSAGES as M } from '../../src/validation/guidedStart';

let dir: string;
const { app, browser } = useBrowserApp(test, async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-e2e-guided-start-'));
  return { rateLimitsEnabled: false, mediaDir: path.join(dir, 'media') };
});
test.after.always(async () => {
  await rm(dir, { recursive: true, force: true });
});

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const checklist = (page: Page) => page.locator('section[aria-labelledby="guided-start-title"]');
const section = (page: Page, key: string) => page.locator(`section[aria-labelledby="section-${key}"]`);

/** Serious or critical axe findings on a page as the owner sees it (a context that may inject axe past the CSP). */
async function axeSerious(owner: CreatedUser, url: string, open?: (page: Page) => Promise<void>): Promise<string[]> {
  const audit = await browser().newContext({
    bypassCSP: true,
    extraHTTPHeaders: { Authorization: `Bearer ${owner.token}` },
  });
  const page = await audit.newPage();
  await page.goto(url);
  await waitForIslands(page);
  await open?.(page);
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string }> }> } }
    ).axe;
    return (await axe.run()).violations.map((v) => `${v.impact}: ${v.id}`);
  });
  await audit.close();
  return violations.filter((v) => /^(serious|critical)/.test(v));
}

async function ownerPage(owner: CreatedUser, width: number) {
  const recorded = await openPage(browser(), { width, height: 900 });
  await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  return recorded;
}

/** Follows a checklist step's link from the owner's page, onto the hydrated edit page it leads to. */
async function followStep(page: Page, profileId: number, step: string) {
  await page.goto(`${app().baseUrl}/profiles/${profileId}`);
  await checklist(page).getByRole('link', { name: step }).click();
  await page.waitForURL(/edit=1/);
  await waitForIslands(page);
}

const answered = (page: Page, method: string, pathPart: string) =>
  page.waitForResponse((res) => res.request().method() === method && res.url().includes(pathPart));

async function completeChecklist(t: ExecutionContext, width: number) {
  const owner = await createUser({ name: `Jordan Reyes ${width}` });
  const profile = await createProfileFor(owner, { profileStatus: 'draft' });
  const base = app().baseUrl;
  const recorded = await ownerPage(owner, width);
  const { page } = recorded;

  // A new profile: the checklist and one "Add …" menu, no wall of empty cards.
  await page.goto(`${base}/profiles/${profile.id}`);
  await checklist(page).waitFor();
  t.true((await checklist(page).innerText()).includes(M.progress(0, 5)));
  t.is(await page.locator('section[aria-labelledby^="section-"]').count(), 0, 'no empty section cards');
  await assertNoHorizontalOverflow(t, page, `new owner's page at ${width}`);
  await screenshot(page, `guided-start-new-${width}`);
  await page.locator('[data-add-menu] > summary').click();
  await page.getByRole('link', { name: 'Add your first award' }).waitFor();
  await screenshot(page, `guided-start-add-menu-${width}`);

  // Statement: the step leads to edit mode with Edit Profile open at its fields (saved on blur).
  await checklist(page).getByRole('link', { name: M.steps.statement }).click();
  await page.waitForURL(/edit=1/);
  await waitForIslands(page);
  const statement = page.getByLabel('Personal Statement', { exact: true });
  await statement.fill('Twelve years on Engine 4, the last five as its captain.');
  await Promise.all([answered(page, 'PATCH', `/api/profiles/${profile.id}`), statement.blur()]);

  // First timeline entry: the section opens with its add form; "More details" holds the optional fields.
  await followStep(page, profile.id, M.steps.timeline);
  const timeline = section(page, 'timeline');
  const eventForm = timeline.getByRole('form', { name: 'New timeline event' });
  await eventForm.waitFor();
  t.false(
    await eventForm.getByLabel('Location', { exact: true }).isVisible(),
    'optional fields wait under More details',
  );
  await eventForm.getByLabel('Year', { exact: true }).fill('2014');
  await eventForm.getByLabel('Event title', { exact: true }).fill('Hired by Engine 4');
  await eventForm.getByLabel('Event type', { exact: true }).selectOption('hired');
  await eventForm.getByText('More details').click();
  await eventForm.getByLabel('Location', { exact: true }).fill('Austin, TX');
  await screenshot(page, `guided-start-timeline-form-${width}`);
  await eventForm.getByRole('button', { name: 'Save timeline event' }).click();
  const savedEvent = timeline.getByRole('status').filter({ hasText: 'Timeline event saved' });
  await savedEvent.waitFor();
  t.false(await eventForm.isVisible(), 'the add form closed');
  const focused = await page.evaluate(() => document.activeElement?.id ?? '');
  t.regex(focused, /^item-timeline-\d+$/, 'focus is on the saved item');
  await screenshot(page, `guided-start-timeline-saved-${width}`);

  // First certification: "03/2028" typed once saves in one step.
  await followStep(page, profile.id, M.steps.certification);
  const certs = section(page, 'certifications');
  const certForm = certs.getByRole('form', { name: 'New certification' });
  await certForm.getByRole('combobox', { name: 'Certification name' }).fill('Hazmat Technician (state)');
  await certForm.getByLabel('Issuer', { exact: true }).fill('State Fire Academy');
  await certForm.getByLabel('Year', { exact: true }).fill('2024');
  await certForm.getByLabel('Expiry', { exact: true }).fill('03/2028');
  await screenshot(page, `guided-start-certification-form-${width}`);
  const [certSaved] = await Promise.all([
    answered(page, 'POST', '/certifications'),
    certForm.getByRole('button', { name: 'Save certification' }).click(),
  ]);
  t.is(certSaved.status(), 201);
  await certs.getByRole('status').filter({ hasText: 'Certification saved' }).waitFor();
  t.true((await certs.innerText()).includes('Expires 03/2028'));
  const stored = await clientAs(app(), owner).get(`/api/profiles/${profile.id}/certifications`);
  t.like(stored.body[0], { expires: 2028, expiresOn: '03/2028' });
  // Edited inline: the one input shows the month, and a new full date saves both stored fields when left.
  const certCard = certs.getByRole('listitem', { name: 'Hazmat Technician (state)' });
  await certCard.locator('summary', { hasText: 'Edit' }).click();
  const expiry = certCard.getByLabel('Expiry', { exact: true });
  t.is(await expiry.inputValue(), '03/2028');
  await expiry.fill('2029-06-15');
  const [patched] = await Promise.all([answered(page, 'PATCH', '/certifications/'), expiry.blur()]);
  t.like(await patched.json(), { expires: 2029, expiresOn: '06/15/2029' });

  // A license: no status is asked; the one its expiry gives is shown.
  await page.goto(`${base}/profiles/${profile.id}?edit=1&add=licenses#section-licenses`);
  await waitForIslands(page);
  const licenses = section(page, 'licenses');
  const licenseForm = licenses.getByRole('form', { name: 'New license' });
  t.is(await licenseForm.getByLabel('Status', { exact: true }).count(), 0, 'no Status field');
  await licenseForm.getByRole('combobox', { name: 'License name' }).fill('Driver License Class B');
  await licenseForm.getByLabel('License type', { exact: true }).fill('State DMV');
  await licenseForm.getByLabel('Issue date', { exact: true }).fill('2020');
  await licenseForm.getByLabel('Expiration date', { exact: true }).fill('2001-06-30');
  await licenseForm.getByRole('button', { name: 'Save license' }).click();
  await licenses.getByRole('status').filter({ hasText: 'License saved' }).waitFor();
  const licenseCard = licenses.getByRole('listitem', { name: 'Driver License Class B' });
  t.true((await licenseCard.innerText()).includes('Expired'), 'the status worked out from the expiry');
  await screenshot(page, `guided-start-license-saved-${width}`);

  // Profile photo: the step opens the photos; the profile image is uploaded and linked there.
  await followStep(page, profile.id, M.steps.photo);
  await page.getByRole('button', { name: 'Choose profile image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile image' });
  await dialog.getByRole('tab', { name: 'Upload New' }).click();
  const file = path.join(dir, `portrait-${width}.jpg`);
  await writeFile(
    file,
    await sharp({ create: { width: 800, height: 800, channels: 3, background: '#7c2d12' } })
      .jpeg()
      .toBuffer(),
  );
  await dialog.getByLabel('Choose photos to upload').setInputFiles([file]);
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByText('Photos linked').first().waitFor();

  // Go live: the last step; then every step is done and the checklist is gone.
  await page.goto(`${base}/profiles/${profile.id}`);
  t.true((await checklist(page).innerText()).includes(M.progress(4, 5)));
  await screenshot(page, `guided-start-four-done-${width}`);
  await Promise.all([
    page.waitForURL(`${base}/profiles/${profile.id}`),
    checklist(page).getByRole('button').first().click(),
  ]);
  await page
    .getByRole('heading', { name: /Jordan Reyes/ })
    .first()
    .waitFor();
  t.is(await checklist(page).count(), 0, 'complete: the checklist is gone');
  t.is((await clientAs(app(), owner).get(`/api/profiles/${profile.id}`)).body.profileStatus, 'live');
  await assertNoHorizontalOverflow(t, page, `the finished profile at ${width}`);
  await screenshot(page, `guided-start-done-${width}`);
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
}

test.serial('a new owner completes the checklist at 1280 px, ending live', async (t) => {
  await completeChecklist(t, 1280);
});

test.serial('a new owner completes the checklist at 375 px, ending live', async (t) => {
  await completeChecklist(t, 375);
});

test.serial('axe finds nothing serious on the new owner’s page, its edit mode and an open add form', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'draft' });
  const url = `${app().baseUrl}/profiles/${profile.id}`;
  t.deepEqual(await axeSerious(owner, url, (p) => p.locator('[data-add-menu] > summary').click()), [], 'own page');
  t.deepEqual(await axeSerious(owner, `${url}?edit=1`), [], 'edit mode');
  const opened = `${url}?edit=1&add=skills#section-skills`;
  t.deepEqual(
    await axeSerious(owner, opened, (p) => section(p, 'skills').getByText('More details').click()),
    [],
    'the skill add form with More details open',
  );
});

test.serial('hiding the checklist without script keeps it hidden', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'draft' });
  const recorded = await openPage(browser(), { width: 375, height: 800, javaScriptEnabled: false });
  const { page } = recorded;
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  await page.goto(`${app().baseUrl}/profiles/${profile.id}`);
  await checklist(page).getByRole('button', { name: M.dismiss }).click();
  await page.waitForURL(`${app().baseUrl}/profiles/${profile.id}`);
  t.is(await checklist(page).count(), 0);
  await page.reload();
  t.is(await checklist(page).count(), 0, 'stored on the server');
  await recorded.context.close();
});
