/**
 * The credential catalogue in the certification editor (docs/decisions/credential-catalogue.md): the owner types "EMT", picks the NREMT
 * entry, sees the issuer and the suggested expiry filled, saves; free text still saves; screenshots at 375 and
 * 1280 px with the suggestions open.
 */
import test from 'ava';
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
import { typeBeforeHydration } from '../helpers/hydration';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let owner: CreatedUser;
let profileId: number;

test.before(async () => {
  owner = await createUser({ name: 'Dana Whitfield' });
  profileId = (await createProfileFor(owner)).id;
});

const section = (page: Page, key: string) => page.locator(`section[aria-labelledby="section-${key}"]`);

/** Edit mode with the list's section opened from the "Add …" menu (its add form open while it is empty). */
async function editMode(width: number, add: 'certifications' | 'licenses') {
  const recorded = await openPage(browser(), { width, height: 900 });
  await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  await recorded.page.goto(`${app().baseUrl}/profiles/${profileId}?edit=1&add=${add}`);
  await waitForIslands(recorded.page);
  return recorded;
}

test.serial('type "EMT", pick the NREMT entry: issuer and suggested expiry are filled, and it saves', async (t) => {
  const recorded = await editMode(1280, 'certifications');
  const { page } = recorded;
  const frame = section(page, 'certifications');
  const form = frame.getByRole('form', { name: 'New certification' });
  await form.getByLabel('Year', { exact: true }).fill('2025');
  const name = form.getByRole('combobox', { name: 'Certification name' });
  await name.fill('EMT');
  const option = page.getByRole('option', { name: /Emergency Medical Technician \(EMT\).*NREMT/ });
  await option.waitFor();
  await screenshot(page, 'catalogue-suggestions-1280');
  await option.click();
  t.is(await name.inputValue(), 'Emergency Medical Technician (EMT)');
  t.is(
    await form.getByLabel('Issuer', { exact: true }).inputValue(),
    'National Registry of Emergency Medical Technicians (NREMT)',
  );
  t.is(await form.getByLabel('Expiry', { exact: true }).inputValue(), '2027', 'issue year + 24 months');
  await t.notThrowsAsync(form.getByText(/Usually valid 24 months/).waitFor());
  // A suggestion fills an empty expiry only: once there, a new issue year leaves it (the owner's to change).
  await form.getByLabel('Year', { exact: true }).fill('2024');
  await form.getByLabel('Year', { exact: true }).blur();
  t.is(await form.getByLabel('Expiry', { exact: true }).inputValue(), '2027');
  await form.getByLabel('Expiry', { exact: true }).fill('2026');
  await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/certifications')),
    form.getByRole('button', { name: 'Save certification' }).click(),
  ]);
  await frame.getByRole('heading', { name: 'Emergency Medical Technician (EMT)' }).waitFor();

  const saved = await clientAs(app(), owner).get(`/api/profiles/${profileId}`);
  t.like(saved.body.certifications?.[0], {
    name: 'Emergency Medical Technician (EMT)',
    issuer: 'National Registry of Emergency Medical Technicians (NREMT)',
    year: 2024,
    expires: 2026,
  });
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});

test.serial('free text still saves, and the license editor suggests a dated expiry; 375 px fits', async (t) => {
  const recorded = await editMode(375, 'licenses');
  const { page } = recorded;
  const frame = section(page, 'licenses');
  const form = frame.getByRole('form', { name: 'New license' });
  await form.getByLabel('Issue date', { exact: true }).fill('03/15/2025');
  await form.getByRole('combobox', { name: 'License name' }).fill('BLS');
  const option = page.getByRole('option', { name: /Basic Life Support/ });
  await option.waitFor();
  await screenshot(page, 'catalogue-suggestions-375');
  await assertNoHorizontalOverflow(t, page, 'license add form with suggestions at 375');
  await option.click();
  t.is(await form.getByLabel('License type', { exact: true }).inputValue(), 'American Heart Association');
  t.is(await form.getByLabel(/Expiration date/).inputValue(), '03/15/2027');
  await recorded.context.close();

  // Free text: nothing chosen, the typed name is what is saved.
  const desk = await editMode(1280, 'certifications');
  const certs = section(desk.page, 'certifications');
  const free = certs.getByRole('form', { name: 'New certification' });
  await free.getByRole('combobox', { name: 'Certification name' }).fill('Rope Rescue Technician (state)');
  await free.getByLabel('Issuer', { exact: true }).fill('State Fire Academy');
  await free.getByLabel('Year', { exact: true }).fill('2021');
  await free.getByRole('button', { name: 'Save certification' }).click();
  await t.notThrowsAsync(certs.getByRole('heading', { name: 'Rope Rescue Technician (state)' }).waitFor());
  assertNoBrowserErrors(t, desk);
  await desk.context.close();
});

test.serial('a name typed before hydration is kept, and searched once the editor hydrates', async (t) => {
  const recorded = await openPage(browser(), { width: 1280, height: 900 });
  const { page } = recorded;
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
  const form = () => section(page, 'certifications').getByRole('form', { name: 'New certification' });
  await typeBeforeHydration(t, page, `${app().baseUrl}/profiles/${profileId}?edit=1&add=certifications`, {
    first: { field: () => form().getByRole('combobox', { name: 'Certification name' }), type: 'Paramedic' },
    next: { field: () => form().getByLabel('Year', { exact: true }), type: '2025' },
  });
  await form().getByRole('combobox', { name: 'Certification name' }).focus();
  await page.getByRole('option', { name: /Paramedic \(NRP\)/ }).click();
  t.is(await form().getByLabel('Expiry', { exact: true }).inputValue(), '2027');
  assertNoBrowserErrors(t, recorded);
  await recorded.context.close();
});
