/**
 * The list editors in a real Chromium (spec 02 §§2, 4, 5): as the owner in edit mode, in the timeline, awards
 * and skills widgets — add an item (the spec's required-field messages first), edit a field inline (blur
 * saves), delete an item after confirming, with the section's count following; then Save, reload and see it
 * all in the read view; the timeline's sort toggle reorders, in read and in edit mode. A skill's endorsements
 * (a nested list) and an award's icon (the picker) edited in place; an add, an edit and a delete with
 * JavaScript disabled (plain form posts). Screenshots of edit mode at 1280 and 375 px.
 */
import test from 'ava';
import type { Locator, Page } from 'playwright-core';
import { createProfileWithItems } from '../helpers/profileItems';
import path from 'node:path';
import {
  assertNoBrowserErrors,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
  waitForIslands,
  whyNoRequest,
} from '../helpers/browser';
import type { CreatedUser } from '../helpers/users';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let id: number;
let owner: CreatedUser;

test.before(async () => {
  ({ id, owner } = await createProfileWithItems(app()));
});

/** Per widget: what to add (label → value; the spec's required messages first), edit inline and delete. */
const WIDGETS = [
  {
    key: 'timeline',
    noun: 'timeline event',
    required: ['Year is required', 'Event title is required', 'Event type is required'],
    add: { Year: '2019', 'Event title': 'Made captain', 'Event type': 'promoted' },
    added: 'Made captain',
    edit: ['Career event 2012', 'Location', 'Round Rock, TX'],
    remove: 'Career event 2011',
  },
  {
    key: 'awards',
    noun: 'award',
    required: ['Award name is required', 'Year is required', 'Award type is required'],
    add: { 'Award name': 'Lifesaving Award', Year: '2022', 'Award type': 'lifesaving' },
    added: 'Lifesaving Award',
    edit: ['Medal of Valor', 'Awarded by', 'City of Austin'],
    remove: 'Unit Citation',
  },
  {
    key: 'skills',
    noun: 'skill',
    required: ['Skill name is required', 'Category is required', 'Level is required'],
    add: { 'Skill name': 'Rope rescue', Category: 'firefighter', Level: 'expert' },
    added: 'Rope rescue',
    edit: ['Skill number 1', 'Skill name', 'Vehicle extrication'],
    remove: 'Skill number 2',
  },
] as const;

/** The owner's profile in edit mode, its islands hydrated (unless JavaScript is off). */
async function editMode(options: Parameters<typeof openPage>[1]) {
  const recorded = await openPage(browser(), options);
  await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  await recorded.page.goto(`${app().baseUrl}/profiles/${id}?edit=1`);
  if (options?.javaScriptEnabled !== false) await waitForIslands(recorded.page);
  return recorded;
}

const section = (page: Page, key: string) => page.locator(`section[aria-labelledby="section-${key}"]`);
const count = async (page: Page, key: string) =>
  Number(await page.locator(`[data-section-count="${key}"]`).innerText());
/**
 * The header's count once it shows `expected`: the editor writes it in an effect, a frame after the item it
 * counts appears. A count that never follows fails the wait.
 */
const countOnce = async (page: Page, key: string, expected: number) => {
  await page
    .locator(`[data-section-count="${key}"]`)
    .filter({ hasText: new RegExp(`^${expected}$`) })
    .waitFor({ timeout: 5000 });
  return count(page, key);
};
const card = (widget: Locator, name: string) => widget.getByRole('listitem', { name, exact: true });
/**
 * A saved item shows its read view; Edit (its <summary>) opens its editor, and with JavaScript the focus moves
 * into it (waited for, so it cannot leave a field the test is typing in). Without JavaScript Edit shows a link to
 * the edit page with the item's editor open, its plain form in the page.
 */
const openCard = async (widget: Locator, name: string, { script = true } = {}) => {
  const item = card(widget, name);
  await item.locator('summary', { hasText: 'Edit' }).click();
  if (script) {
    await item.locator('details[open] > div :focus').waitFor();
    return item;
  }
  await Promise.all([
    widget.page().waitForURL(/[?&]open=[a-zA-Z]+:\d+#item-/),
    item.getByRole('link', { name: /^Edit this / }).click(),
  ]);
  await item.locator('details[open] form').waitFor();
  return item;
};
const headings = (widget: Locator) => widget.locator('li h3').allTextContents();

const answer = (page: Page, method: string, status: number) =>
  page
    .waitForResponse((res) => res.request().method() === method && res.url().includes('/api/profiles/'), {
      timeout: 10_000,
    })
    .then(
      (res) => {
        if (res.status() !== status) throw new Error(`${method} ${res.url()}: ${res.status()}`);
        return res;
      },
      async (error: Error) => {
        throw new Error(
          `${method} /api/profiles/…: no answer within 10 s (${error.message}); ${await whyNoRequest(page)}`,
        );
      },
    );

async function addItem(
  page: Page,
  widget: Locator,
  noun: string,
  messages: readonly string[],
  fill: (form: Locator) => Promise<void>,
) {
  await widget.locator('summary', { hasText: `Add ${noun}` }).click();
  const form = widget.getByRole('form', { name: `New ${noun}` });
  await form.getByRole('button', { name: `Save ${noun}` }).click();
  for (const message of messages) await form.getByText(message, { exact: true }).waitFor();
  await fill(form);
  await Promise.all([answer(page, 'POST', 201), form.getByRole('button', { name: `Save ${noun}` }).click()]);
}

async function editInline(page: Page, widget: Locator, [item, label, value]: readonly [string, string, string]) {
  const card = await openCard(widget, item);
  await card.getByLabel(label, { exact: true }).fill(value);
  await Promise.all([answer(page, 'PATCH', 200), card.getByLabel(label, { exact: true }).blur()]);
}

async function deleteItem(page: Page, widget: Locator, item: string) {
  const card = await openCard(widget, item);
  await card.getByRole('button', { name: `Delete ${item}` }).click();
  await card.getByRole('button', { name: 'Cancel' }).waitFor();
  await Promise.all([answer(page, 'DELETE', 204), card.getByRole('button', { name: 'Delete', exact: true }).click()]);
  await card.waitFor({ state: 'detached' });
}

test.serial(
  'the owner adds, edits inline and deletes in three widgets; Save and reload show the changes',
  async (t) => {
    const recorded = await editMode({ width: 1280, height: 900 });
    const { page } = recorded;
    // Every list with items has its editor; the empty ones (status updates, fire stations) are in the Add menu.
    t.is(await page.locator('[data-island="ListEditor"]').count(), 8, 'every list with items has its editor');

    for (const widget of WIDGETS) {
      const frame = section(page, widget.key);
      const before = await count(page, widget.key);
      await addItem(page, frame, widget.noun, widget.required, async (form) => {
        for (const [label, value] of Object.entries(widget.add)) {
          const field = form.getByLabel(label, { exact: true });
          if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
          else await field.fill(value);
        }
      });
      await frame.getByRole('heading', { name: widget.added }).waitFor();
      t.is(await countOnce(page, widget.key, before + 1), before + 1, `${widget.key}: the header count follows an add`);
      if (widget.key === 'timeline') t.is((await headings(frame))[0], 'Made captain', 'in its place: newest first');
      await editInline(page, frame, widget.edit);
      await deleteItem(page, frame, widget.remove);
      t.is(await countOnce(page, widget.key, before), before, `${widget.key}: and a delete`);
    }
    await screenshot(page, 'profile-editors-1280');
    await section(page, 'timeline').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-editors-1280-view.png') });

    // Save waits for the saves and leaves edit mode; a reload shows the read view with the changes.
    await Promise.all([
      page.waitForURL(`${app().baseUrl}/profiles/${id}`),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    await page.reload();
    t.is(await page.locator('[data-island="ListEditor"]').count(), 0, 'no editor outside edit mode');

    await page.goto(`${app().baseUrl}/profiles/${id}?widget=timeline`);
    const read = section(page, 'timeline');
    await t.notThrowsAsync(read.getByText('Made captain').waitFor());
    await t.notThrowsAsync(read.getByText('Round Rock, TX').waitFor());
    t.is(await read.getByText('Career event 2011').count(), 0);
    const newest = await read.locator('h3').allTextContents();
    await page.getByRole('link', { name: 'Oldest First' }).click();
    await page.waitForURL(/sort=oldest/);
    const oldest = await section(page, 'timeline').locator('h3').allTextContents();
    t.true(newest.length > 1);
    t.deepEqual(oldest, [...newest].reverse(), 'the sort toggle reverses the order');

    await page.goto(`${app().baseUrl}/profiles/${id}?widget=awards`);
    await t.notThrowsAsync(page.getByText('Lifesaving Award').waitFor());
    await t.notThrowsAsync(page.getByText('City of Austin').waitFor());
    t.is(await page.getByText('Unit Citation').count(), 0);

    await page.goto(`${app().baseUrl}/profiles/${id}?widget=skills`);
    await t.notThrowsAsync(page.getByText('Rope rescue').waitFor());
    await t.notThrowsAsync(page.getByText('Vehicle extrication').waitFor());
    t.is(await page.getByText('Skill number 2', { exact: true }).count(), 0);

    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

test.serial('edit mode with the editors at 375 px: no horizontal scroll', async (t) => {
  const recorded = await editMode({ width: 375, height: 800 });
  const { page } = recorded;
  await section(page, 'awards').locator('summary', { hasText: 'Add award' }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  t.true(overflow <= 0, `no horizontal scroll (${overflow}px over)`);
  await screenshot(page, 'profile-editors-375');
  await section(page, 'awards').getByRole('form', { name: 'New award' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-editors-375-view.png') });
  await section(page, 'timeline').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-editors-375-item.png') });
  // The nested lists and the icon picker at phone width: an award (media links), an incident (units, media).
  await (
    await openCard(section(page, 'awards'), 'Medal of Valor')
  ).screenshot({
    path: path.join(SCREENSHOT_DIR, 'profile-editors-375-award.png'),
  });
  await (
    await openCard(section(page, 'incidents'), 'Warehouse fire')
  ).screenshot({
    path: path.join(SCREENSHOT_DIR, 'profile-editors-375-incident.png'),
  });
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial(
  "a skill's recommendations (the spec's self-typed endorsements): add one in the empty row (blur saves), remove one; the read view shows them",
  async (t) => {
    const recorded = await editMode({ width: 1280, height: 900 });
    const { page } = recorded;
    const skill = await openCard(section(page, 'skills'), 'Skill number 3');
    const row = (name: string) => skill.getByRole('group', { name, exact: true });
    // Typing in the empty row makes it an endorsement; another empty row follows for the next one.
    await row('New recommendation').getByLabel('Recommended by').fill('Lt. Chen');
    // Moving on to the title leaves the name: that saves the row as it is so far.
    await Promise.all([
      answer(page, 'PATCH', 200),
      row('Recommendation 1').getByLabel('Their title').fill('Lieutenant'),
    ]);
    // Leaving the title saves it too, though the row count did not change (an edit inside a row is an edit).
    const [titleSaved] = await Promise.all([
      answer(page, 'PATCH', 200),
      row('Recommendation 1').getByLabel('Their title').blur(),
    ]);
    const endorsements = ((await titleSaved.json()) as { endorsements: Record<string, unknown>[] }).endorsements;
    t.like(endorsements[0], { endorserName: 'Lt. Chen', endorserTitle: 'Lieutenant' });
    t.is(await row('New recommendation').count(), 1, 'a new empty row to add another');
    // A row without the endorser's name is refused in place with its message; nothing is saved.
    await row('New recommendation').getByLabel('What they said').fill('No name given');
    await row('Recommendation 2').getByLabel('What they said').blur();
    await t.notThrowsAsync(
      row('Recommendation 2').getByText('Please say who recommended you', { exact: true }).waitFor(),
    );
    await row('Recommendation 2').getByLabel('Recommended by').fill('Capt. Reyes');
    await Promise.all([answer(page, 'PATCH', 200), row('Recommendation 2').getByLabel('Recommended by').blur()]);
    await skill.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-editors-endorsements-1280.png') });
    await Promise.all([
      answer(page, 'PATCH', 200),
      skill.getByRole('button', { name: 'Remove recommendation 1' }).click(),
    ]);

    await page.goto(`${app().baseUrl}/profiles/${id}?widget=skills`);
    const read = section(page, 'skills');
    await t.notThrowsAsync(read.getByText('Capt. Reyes').first().waitFor());
    await t.notThrowsAsync(read.getByText('No name given').waitFor());
    t.is(await read.getByText('Lt. Chen').count(), 0, 'the removed endorsement is gone');
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

test.serial("an award's icon is picked from the set; the read view draws it", async (t) => {
  const recorded = await editMode({ width: 1280, height: 900 });
  const { page } = recorded;
  const award = await openCard(section(page, 'awards'), 'Medal of Valor');
  const picker = award.getByRole('group', { name: 'Icon' });
  t.is(await picker.getByRole('radio').count(), 12, 'the twelve award icons');
  t.true(await picker.getByRole('radio', { name: 'Star' }).isChecked());
  await Promise.all([answer(page, 'PATCH', 200), picker.getByRole('radio', { name: 'Trophy' }).check()]);
  await award.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-editors-icon-1280.png') });
  await page.goto(`${app().baseUrl}/profiles/${id}?widget=awards`);
  const item = section(page, 'awards').getByRole('listitem').filter({ hasText: 'Medal of Valor' });
  t.is(await item.locator('svg[data-icon="trophy"]').count(), 1);
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial("an award's media link edited inside its row is saved; the read view shows the new title", async (t) => {
  const recorded = await editMode({ width: 1280, height: 900 });
  const { page } = recorded;
  const award = await openCard(section(page, 'awards'), 'Medal of Valor');
  const title = award.getByRole('group', { name: 'Media link 1', exact: true }).getByLabel('Media title');
  t.is(await title.inputValue(), 'News story');
  await title.fill('Local news story');
  // Two rows before and after: only what is inside the row changed, and leaving it saves it.
  await Promise.all([answer(page, 'PATCH', 200), title.blur()]);
  await page.goto(`${app().baseUrl}/profiles/${id}?widget=awards`);
  const item = section(page, 'awards').getByRole('listitem').filter({ hasText: 'Medal of Valor' });
  await t.notThrowsAsync(item.getByRole('link', { name: 'Local news story' }).waitFor());
  t.is(await item.getByText('News story', { exact: true }).count(), 0, 'the old title is gone');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial(
  'edit mode keeps the timeline sort links: Oldest First reverses the editor, still in edit mode',
  async (t) => {
    const recorded = await editMode({ width: 1280, height: 900 });
    const { page } = recorded;
    const newest = await headings(section(page, 'timeline'));
    await Promise.all([
      page.waitForURL(/edit=1&sort=oldest/),
      page.getByRole('link', { name: 'Oldest First' }).click(),
    ]);
    await waitForIslands(page);
    const timeline = section(page, 'timeline');
    t.is(await timeline.getByRole('link', { name: 'Oldest First' }).getAttribute('aria-current'), 'true');
    const oldest = await headings(timeline);
    t.true(newest.length > 2);
    t.deepEqual(oldest, [...newest].reverse());
    t.is(await page.locator('[data-island="ListEditor"]').count(), 8, 'still editing');
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  },
);

test.serial('without JavaScript: add, edit and delete (after the confirm step) are plain form posts', async (t) => {
  const recorded = await editMode({ width: 375, height: 800, javaScriptEnabled: false });
  const { page } = recorded;
  let gear = section(page, 'gear');
  const before = await count(page, 'gear');
  // The add panel holds its plain form; a saved item's closed editor only the way to its own (openCard).
  t.is(await gear.locator('details:not([open]) form').count(), 1, "the add panel's");
  t.is(await gear.getByRole('link', { name: 'Edit this apparatus', includeHidden: true }).count(), before);

  // Add: a failed post keeps what was typed and shows the messages; then a good one.
  await gear.locator('summary', { hasText: 'Add apparatus' }).click();
  let form = gear.getByRole('form', { name: 'New apparatus' });
  await form.getByLabel('Apparatus name').fill('Ladder 3');
  await Promise.all([page.waitForURL(/\/lists\/gear$/), form.getByRole('button', { name: 'Save apparatus' }).click()]);
  gear = section(page, 'gear');
  form = gear.getByRole('form', { name: 'New apparatus' });
  t.is(await form.getByLabel('Apparatus name').inputValue(), 'Ladder 3');
  await t.notThrowsAsync(form.getByText('Station is required', { exact: true }).waitFor());
  await gear.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-editors-nojs-error-375.png') });
  await form.getByLabel('Station', { exact: true }).fill('Station 3');
  await form.getByLabel('Years').fill('2019-2022');
  await form.getByLabel('Description').fill('Tractor-drawn aerial.');
  await Promise.all([page.waitForURL(/edit=1/), form.getByRole('button', { name: 'Save apparatus' }).click()]);
  gear = section(page, 'gear');
  await t.notThrowsAsync(gear.getByRole('heading', { name: 'Ladder 3' }).waitFor());
  t.is(await countOnce(page, 'gear', before + 1), before + 1);

  // Edit: the item's form (Edit, then its link: the edit page with the form open) has Save changes without
  // JavaScript; saved, the item is closed again and reads the new value.
  let item = await openCard(gear, 'Ladder 3', { script: false });
  t.is(await item.getByLabel('Years').inputValue(), '2019-2022');
  await item.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-editors-nojs-item-open-375.png') });
  await item.getByLabel('Years').fill('2019-2024');
  await Promise.all([
    page.waitForURL(/edit=1&saved=gear:\d+#item-gear-\d+$/),
    item.getByRole('button', { name: 'Save changes' }).click(),
  ]);
  item = card(section(page, 'gear'), 'Ladder 3');
  await t.notThrowsAsync(item.getByText('2019-2024').waitFor());
  await t.notThrowsAsync(item.getByRole('status').getByText('Apparatus saved').waitFor(), 'back at the item, saved');
  t.is(await item.locator('form').count(), 0);

  // Delete: the confirm step is a page of its own (the item open), then the item is gone.
  item = await openCard(section(page, 'gear'), 'Ladder 3', { script: false });
  await Promise.all([page.waitForURL(/confirm=gear/), item.getByRole('button', { name: 'Delete Ladder 3' }).click()]);
  item = card(section(page, 'gear'), 'Ladder 3');
  await t.notThrowsAsync(item.getByText('Delete this apparatus?').waitFor());
  await Promise.all([
    page.waitForURL(/edit=1#section-gear/),
    item.getByRole('button', { name: 'Delete', exact: true }).click(),
  ]);
  t.is(await section(page, 'gear').getByRole('heading', { name: 'Ladder 3' }).count(), 0);
  t.is(await countOnce(page, 'gear', before), before);
  assertNoBrowserErrors(t, recorded, [/status of 400 \(Bad Request\)/]); // the refused post's answer
  await recorded.context.close();
});

test.serial(
  "a refused inline save puts a choice back and keeps what was typed, with the server's message",
  async (t) => {
    const recorded = await editMode({ width: 1280, height: 900 });
    const { page } = recorded;
    const toasts = page.getByTestId('toasts');
    /** Waits until a select shows a value again (the rollback runs after the refusal's toast). */
    const shows = async (select: Locator, value: string) => {
      const element = await select.elementHandle();
      await page.waitForFunction(([el, v]) => (el as HTMLSelectElement).value === v, [element, value] as const);
    };
    /** Refuses the route's PATCHes once `answer()` is called: until then the choice is shown, unsaved. */
    const refuse = async (url: RegExp) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(url, async (route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        await held;
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Try again shortly"}' });
      });
      return release;
    };

    // A list item: its visibility (a choice) shows at once and is put back; typed text stays.
    const itemRoute = /\/api\/profiles\/\d+\/awards\/id:\d+$/;
    const answerItem = await refuse(itemRoute);
    const award = await openCard(section(page, 'awards'), 'Medal of Valor');
    const visibility = award.getByLabel('Visibility', { exact: true });
    const before = await visibility.inputValue();
    const other = before === 'private' ? 'public' : 'private';
    await visibility.selectOption(other);
    t.is(await visibility.inputValue(), other, 'the choice shows before the server answers');
    await Promise.all([answer(page, 'PATCH', 503), answerItem()]);
    await toasts.getByText('Try again shortly').waitFor();
    await shows(visibility, before);
    t.is(await visibility.inputValue(), before, 'the refused choice is put back');
    const awardedBy = award.getByLabel('Awarded by', { exact: true });
    await awardedBy.fill('Fire Chief Ortiz');
    await Promise.all([answer(page, 'PATCH', 503), awardedBy.blur()]);
    t.is(await awardedBy.inputValue(), 'Fire Chief Ortiz', 'what was typed stays');
    await page.unroute(itemRoute);

    // The profile's own fields: the same, under the spec's title.
    const profileRoute = /\/api\/profiles\/\d+$/;
    (await refuse(profileRoute))();
    await page.locator('summary', { hasText: 'Edit Profile' }).click();
    const newItems = page.getByLabel('Who sees new items by default');
    const defaultBefore = await newItems.inputValue();
    await Promise.all([
      answer(page, 'PATCH', 503),
      newItems.selectOption(defaultBefore === 'private' ? 'public' : 'private'),
    ]);
    await toasts.getByText('Failed to update profile').waitFor();
    await toasts.getByText('Try again shortly').waitFor();
    await shows(newItems, defaultBefore);
    t.is(await newItems.inputValue(), defaultBefore, 'the refused default is put back');
    await page.unroute(profileRoute);

    // Nothing was stored.
    const stored = await app().db('profiles').where('id', id).first();
    t.is(stored.defaultVisibility, defaultBefore);
    assertNoBrowserErrors(t, recorded, [/status of 503/]);
    await recorded.context.close();
  },
);
