/**
 * Limits are shown, never applied by cutting (docs/decisions/typed-text-and-limits.md): a 600-character personal statement stays whole in
 * the field, the counter reads 600/500 in the error style with the spec's message beside the field, leaving
 * the field saves nothing (the server would refuse it too), and the text is still there afterwards.
 * Screenshots of the over-limit state at 375 and 1280 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { assertNoBrowserErrors, messageFor, openPage, SCREENSHOT_DIR, waitForIslands } from '../helpers/browser';
import { createProfileWithItems } from '../helpers/profileItems';
import { Profile } from '../../src/models/Profile';
import { PROFILE_MESSAGES } from '../../src/validation/profiles';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

for (const width of [1280, 375]) {
  test.serial(`a 600-character personal statement is refused with the message and kept (${width} px)`, async (t) => {
    const { owner, id } = await createProfileWithItems(app());
    await Profile.query().findById(id).patch({ personalStatement: 'Stored statement.' });
    const recorded = await openPage(browser(), { width });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${id}?edit=1`);
    await waitForIslands(page);
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
    });

    // The fields open behind Edit Profile (on a phone, in its full-screen sheet).
    const openEditor = page.locator('[data-open-editor]');
    if (await openEditor.isVisible()) await openEditor.click();
    const statement = page.getByLabel('Personal Statement', { exact: true });
    const long = `${'Thirty characters of duty.... '.repeat(20)}`;
    t.is(long.length, 600);
    await statement.fill(long);
    t.is(await statement.inputValue(), long, 'never cut while typing');
    t.is(await statement.getAttribute('maxlength'), null);
    const counter = page.getByTestId('character-count');
    t.is(await counter.innerText(), '600/500 characters');
    t.is(await counter.getAttribute('data-over'), 'true');
    t.is(await messageFor(page, 'Personal Statement'), PROFILE_MESSAGES.statementMax, 'shown before leaving');
    t.is(await statement.getAttribute('aria-invalid'), 'true');

    // Leaving the field is its save: refused in the browser, so nothing is sent and the text stays.
    await page.getByLabel('Motto', { exact: true }).click();
    await page.waitForTimeout(500);
    t.false(
      patches.some((body) => body.includes('personalStatement')),
      'the over-long statement is never sent',
    );
    t.is(await statement.inputValue(), long, 'kept after leaving the field');
    t.is(await messageFor(page, 'Personal Statement'), PROFILE_MESSAGES.statementMax);
    t.is((await Profile.query().findById(id))?.personalStatement, 'Stored statement.', 'nothing stored');
    // What the person sees: the field, its counter and its message, in the viewport.
    await statement.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `limits-statement-over-${width}.png`) });

    // Back under the limit, leaving the field saves it.
    await statement.fill(long.slice(0, 500));
    t.is(await counter.innerText(), '500/500 characters');
    t.is(await counter.getAttribute('data-over'), null);
    t.is(await messageFor(page, 'Personal Statement'), '');
    await page.getByLabel('Motto', { exact: true }).click();
    await t.notThrowsAsync(async () => {
      for (let tries = 0; tries < 50; tries += 1) {
        if ((await Profile.query().findById(id))?.personalStatement === long.slice(0, 500).trim()) return;
        await page.waitForTimeout(200);
      }
      throw new Error('not saved');
    });
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}

test('the API refuses an over-long statement with the message and stores nothing (never truncates)', async (t) => {
  const { owner, id } = await createProfileWithItems(app());
  await Profile.query().findById(id).patch({ personalStatement: 'Stored statement.' });
  const client = app().client();
  client.bearer = owner.token;
  const res = await client.patch(`/api/profiles/${id}`, { personalStatement: 'x'.repeat(600) });
  t.is(res.status, 400);
  t.is(res.body.fields.personalStatement, PROFILE_MESSAGES.statementMax);
  t.is((await Profile.query().findById(id))?.personalStatement, 'Stored statement.');
});
