/**
 * AI assist in a real Chromium (docs/decisions/ai-assist.md), the app pointed at a chat-completions server started here:
 * enhance the personal statement, see the suggestion beside the original, accept it (the field takes it, stays
 * editable, is saved on blur; the log says accepted); reject a timeline description's suggestion (unchanged,
 * logged as rejected). Without a configured model no Enhance control appears. Screenshots at 1280 and 375 px.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { chatReply, startFakeAi, type FakeAiServer } from '../helpers/fakeAi';
import { createProfileWithItems } from '../helpers/profileItems';
import { assertNoBrowserErrors, openPage, screenshot, SCREENSHOT_DIR, waitForIslands } from '../helpers/browser';
import { createUser, type CreatedUser } from '../helpers/users';
import { AiLog } from '../../src/models/AiLog';
import { Profile } from '../../src/models/Profile';
import { useBrowserApp } from '../helpers/browserApp';

let fake: FakeAiServer;
let off: TestApp;
let id: number;
let owner: CreatedUser;
let mediaDir: string;

const ORIGINAL = 'i have served 12 years with Engine 7 in austin. i love helping people and training new recruits.';
const ENHANCED =
  'I have served 12 years with Engine 7 in Austin. I love helping people and training new recruits, ' +
  'passing on what the job has taught me.';
const TIMELINE_ENHANCED = 'Sworn in with Academy Class 42, beginning my career in the fire service.';

// A second node without a model, on the same database. Its after hook is declared before the app's set-up, so it
// closes before the app that owns the database (test/helpers/browserApp.ts).
test.after.always(async () => {
  await off?.close();
});
const { app, browser } = useBrowserApp(test, async () => {
  fake = await startFakeAi();
  fake.setDefault((request) => {
    const asked = JSON.stringify(request.body.messages);
    return asked.includes('Academy Class 42')
      ? chatReply(TIMELINE_ENHANCED)
      : chatReply(ENHANCED, { logprobs: [-0.05, -0.1, -0.15] });
  });
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-ai-e2e-'));
  return { rateLimitsEnabled: false, ai: fake.config(), mediaDir };
});
test.before(async () => {
  off = await startTestApp({ rateLimitsEnabled: false, ai: null }, app().database);
  ({ id, owner } = await createProfileWithItems(app()));
  await Profile.query().findById(id).patch({ personalStatement: ORIGINAL });
});
test.after.always(async () => {
  await fake?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const answerOf = (page: Page, path: string, status: number) =>
  page
    .waitForResponse((res) => res.request().method() !== 'GET' && res.url().includes(path), { timeout: 10_000 })
    .then((res) => {
      if (res.status() !== status) throw new Error(`${res.url()}: ${res.status()}`);
      return res;
    });

async function openEditor(page: Page, base: string, { profileFields = true } = {}) {
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  await page.goto(`${base}/profiles/${id}?edit=1`);
  await waitForIslands(page);
  // The profile's fields open behind Edit Profile (a calm edit mode).
  if (profileFields) await page.locator('summary', { hasText: 'Edit Profile' }).click();
}

test.serial('enhance the personal statement, see it beside the original, accept it; it is saved', async (t) => {
  const recorded = await openPage(browser(), { width: 1280, height: 900 });
  const { page } = recorded;
  await openEditor(page, app().baseUrl);
  const statement = page.getByLabel('Personal Statement', { exact: true });
  t.is(await statement.inputValue(), ORIGINAL);
  await page
    .getByRole('button', { name: 'Enhance Personal Statement' })
    .locator('xpath=../..')
    .screenshot({ path: `${SCREENSHOT_DIR}/ai-enhance-button-1280.png` });

  const [enhanced] = await Promise.all([
    answerOf(page, '/api/ai/enhance', 200),
    page.getByRole('button', { name: 'Enhance Personal Statement' }).click(),
  ]);
  const { logId } = (await enhanced.json()) as { logId: number };
  const panel = page.getByRole('group', { name: 'AI suggestion for Personal Statement' });
  await panel.waitFor();
  t.is((await panel.locator('figure').nth(0).locator('blockquote').innerText()).trim(), ORIGINAL);
  t.is((await panel.locator('figure').nth(1).locator('blockquote').innerText()).trim(), ENHANCED);
  t.regex(await panel.innerText(), /91% confidence/);
  t.is(await statement.inputValue(), ORIGINAL, 'nothing changes until the user accepts');
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'ai-enhance-suggestion-1280');
  await panel.locator('xpath=..').screenshot({ path: `${SCREENSHOT_DIR}/ai-enhance-panel-1280.png` });

  await Promise.all([
    answerOf(page, `/api/ai/logs/${logId}/feedback`, 200),
    panel.getByRole('button', { name: 'Accept' }).click(),
  ]);
  await panel.waitFor({ state: 'detached' });
  t.is(await statement.inputValue(), ENHANCED);
  t.true(await statement.evaluate((el) => el === document.activeElement), 'the field has the focus, still editable');
  // Still editable: the user adds a word, and leaving the field saves it.
  await statement.press('End');
  await statement.type(' Always ready.');
  await Promise.all([answerOf(page, `/api/profiles/${id}`, 200), statement.blur()]);
  t.is((await Profile.query().findById(id))!.personalStatement, `${ENHANCED} Always ready.`);

  const log = await AiLog.query().findById(logId);
  t.is(log!.accepted, true);
  t.truthy(log!.feedbackTimestamp);
  t.deepEqual(log!.input, { type: 'personalStatement', content: ORIGINAL, context: '' });
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial('a timeline description: Enhance in the list editor, then reject; the text stays', async (t) => {
  const recorded = await openPage(browser(), { width: 375, height: 800 });
  const { page } = recorded;
  await openEditor(page, app().baseUrl, { profileFields: false });
  const timeline = page.locator('section[aria-labelledby="section-timeline"]');
  const card = timeline.getByRole('listitem', { name: 'Career event 2010', exact: true });
  await card.locator('summary', { hasText: 'Edit' }).click();
  await card.locator('details[open] > div :focus').waitFor();
  const description = card.getByLabel('Description', { exact: true });
  const before = await description.inputValue();
  t.is(before, 'Sworn in with Academy Class 42.');
  // Only the fields with an Enhance action get one (not Location, not Position).
  t.is(await card.getByRole('button', { name: /^Enhance / }).count(), 1);
  const [enhanced] = await Promise.all([
    answerOf(page, '/api/ai/enhance', 200),
    card.getByRole('button', { name: 'Enhance Description' }).click(),
  ]);
  const { logId } = (await enhanced.json()) as { logId: number };
  const panel = card.getByRole('group', { name: 'AI suggestion for Description' });
  await panel.waitFor();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'ai-enhance-suggestion-375');
  await card.screenshot({ path: `${SCREENSHOT_DIR}/ai-enhance-panel-375.png` });
  await Promise.all([
    answerOf(page, `/api/ai/logs/${logId}/feedback`, 200),
    panel.getByRole('button', { name: 'Reject' }).click(),
  ]);
  await panel.waitFor({ state: 'detached' });
  t.is(await description.inputValue(), before);
  const log = await AiLog.query().findById(logId);
  t.is(log!.accepted, false);
  t.is(log!.input.type, 'timeline.description');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial('a model that fails: the reason in a destructive toast, no suggestion, the text untouched', async (t) => {
  const recorded = await openPage(browser(), { width: 1280, height: 900 });
  const { page } = recorded;
  await openEditor(page, app().baseUrl);
  const statement = page.getByLabel('Personal Statement', { exact: true });
  const before = await statement.inputValue();
  fake.next(chatReply('x'.repeat(600)));
  await Promise.all([
    answerOf(page, '/api/ai/enhance', 502),
    page.getByRole('button', { name: 'Enhance Personal Statement' }).click(),
  ]);
  const toast = page.getByTestId('toasts').getByRole('status');
  await toast.waitFor();
  t.regex(await toast.innerText(), /Enhancement failed[\s\S]*longer than the field allows \(500 characters\)/);
  t.is(await toast.getAttribute('data-variant'), 'destructive');
  t.is(await page.locator('[data-ai-suggestion]').count(), 0);
  t.is(await statement.inputValue(), before);
  t.true(await page.getByRole('button', { name: 'Enhance Personal Statement' }).isEnabled(), 'ready to ask again');
  assertNoBrowserErrors(t, recorded, [/status of 502/]);
  await recorded.context.close();
});

test.serial('without a configured model there is no Enhance control', async (t) => {
  const recorded = await openPage(browser(), { width: 1280, height: 900 });
  const { page } = recorded;
  await openEditor(page, off.baseUrl);
  await page.getByLabel('Personal Statement', { exact: true }).waitFor();
  t.is(await page.getByRole('button', { name: /^Enhance/ }).count(), 0);
  t.is(await page.getByText('Enhance', { exact: true }).count(), 0);
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial(
  'suggest a caption for a photo and reject it; the admin AI Logs tab shows every interaction with its feedback',
  async (t) => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8b0000' } })
      .jpeg()
      .toBuffer();
    const uploaded = await clientAs(app(), owner).post(`/api/profiles/${id}/photos`, {
      url: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      caption: 'Station photo',
    });
    t.is(uploaded.status, 201, uploaded.text);

    const recorded = await openPage(browser(), { width: 1280, height: 900 });
    const { page } = recorded;
    await openEditor(page, app().baseUrl, { profileFields: false });
    const photo = page.locator('[data-island="PhotoGallery"] [data-photo-id]').first();
    await photo.getByRole('button', { name: 'Edit' }).click();
    const caption = photo.getByLabel('Caption');
    t.is(await caption.inputValue(), 'Station photo');
    fake.next(
      chatReply('{"caption": "Engine 7 parked outside the station", "category": "ceremony", "tags": ["engine"]}'),
    );
    const [suggested] = await Promise.all([
      answerOf(page, '/api/ai/photo-caption', 200),
      photo.getByRole('button', { name: 'Suggest caption' }).click(),
    ]);
    const { logId } = (await suggested.json()) as { logId: number };
    const panel = photo.getByRole('group', { name: 'AI suggestion for photo caption' });
    await panel.getByText('Engine 7 parked outside the station').waitFor();
    await screenshot(page, 'ai-caption-suggestion-1280');
    await Promise.all([
      answerOf(page, `/api/ai/logs/${logId}/feedback`, 200),
      panel.getByRole('button', { name: 'Reject' }).click(),
    ]);
    await panel.waitFor({ state: 'detached' });
    t.is(await caption.inputValue(), 'Station photo', 'a rejected suggestion changes nothing');
    const log = await AiLog.query().findById(logId);
    t.is(log!.type, 'photo_analysis');
    t.is(log!.accepted, false);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();

    // The admin's view of everything this file asked the model.
    const logs = await AiLog.query();
    const accepted = logs.filter((l) => l.accepted === true).length;
    t.true(accepted >= 1 && logs.some((l) => l.type === 'enhancement' && l.accepted === true));
    const admin = await createUser({ name: 'Ada Admin', role: 'admin' });
    const adminView = await openPage(browser(), { width: 1280, height: 900 });
    await adminView.page.setExtraHTTPHeaders({ Authorization: `Bearer ${admin.token}` });
    await adminView.page.goto(`${app().baseUrl}/admin?tab=ai-logs`);
    await waitForIslands(adminView.page);
    const stat = (label: string) =>
      adminView.page
        .getByTestId('stat-card')
        .filter({ has: adminView.page.getByText(label, { exact: true }) })
        .locator('dd');
    t.is(await stat('Total Interactions').innerText(), String(logs.length));
    t.is(await stat('Acceptance Rate').innerText(), `${Math.round((accepted / logs.length) * 100)}%`);
    const rows = adminView.page.getByTestId('ai-log-row');
    t.is(await rows.count(), logs.length);
    const photoRow = rows.filter({ hasText: 'Engine 7 parked outside the station' });
    await t.notThrowsAsync(photoRow.getByText('Rejected', { exact: true }).waitFor());
    const enhancedRow = rows.filter({ hasText: ENHANCED.slice(0, 40) });
    await t.notThrowsAsync(enhancedRow.getByText('Accepted', { exact: true }).first().waitFor());
    await screenshot(adminView.page, 'ai-logs-admin-1280');
    assertNoBrowserErrors(t, adminView);
    await adminView.context.close();
  },
);
