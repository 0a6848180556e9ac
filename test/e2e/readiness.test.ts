/**
 * Shared readiness in a real Chromium (docs/decisions/department-readiness.md), one journey at 375 and 1280 px: a
 * verified member shares with the department (from My Departments, a plain form with its preview), the training
 * officer sees the roster, adds a position requirement, attests the certification, and the badge shows on the
 * public page; the member withdraws and the roster row disappears. axe on both pages; screenshots
 * (test-results/screenshots/readiness-*).
 */
import test from 'ava';
import type { Page } from 'playwright-core';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { verifyMember } from '../helpers/verification';
import { reauthenticate } from '../helpers/stepUp';
import { seriousViolations } from '../helpers/axe';
import { assertNoBrowserErrors, assertNoHorizontalOverflow, openPage, screenshot } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

async function signIn(page: Page, account: CreatedUser) {
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, {
    data: { email: account.user.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
}

async function look(
  t: Parameters<typeof assertNoHorizontalOverflow>[0],
  page: Page,
  account: CreatedUser,
  name: string,
) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await screenshot(page, `readiness-${name}-${width}`);
    await assertNoHorizontalOverflow(t, page, `${name} at ${width}`);
    const headers = { Authorization: `Bearer ${account.token}` };
    t.deepEqual(await seriousViolations(browser(), page.url(), { width, headers }), [], `axe on ${name} at ${width}`);
  }
}

test.serial(
  'share, see the roster with a position, attest, withdraw; each page looked at in 375 and 1280 px',
  async (t) => {
    const width = 1280;
    const department = (await app()
      .db('departments')
      .where('verification_status', 'verified')
      .orderBy('id')
      .first('id', 'name')) as { id: number; name: string };
    const catalogue = (await app().db('credential_catalogue').orderBy('name').first('name')) as { name: string };
    const name = `Riley Shares ${width}`;
    const member = await createUser({ name, username: `riley${width}` });
    const profile = await createProfileFor(member, { name });
    await verifyMember(member.user.id, department.id);
    await clientAs(app(), member).post(`/api/profiles/${profile.id}/certifications`, {
      name: catalogue.name,
      issuer: 'Pro Board',
      year: 2024,
      expires: '2099',
      visibility: 'public',
    });
    const admin = await createUser({ role: 'admin' });
    const officer = await createUser({ name: `Officer ${width}` });
    const adminClient = clientAs(app(), admin);
    await reauthenticate(adminClient, admin.password);
    await adminClient.post(`/api/departments/${department.id}/officers`, { email: officer.user.email });

    // The member shares from My Departments: the link, the preview, the plain form.
    const memberPage = await openPage(browser(), { width });
    await signIn(memberPage.page, member);
    await memberPage.page.goto(`${app().baseUrl}/account-settings#departments`);
    await memberPage.page.getByRole('link', { name: `Share readiness with ${department.name}` }).click();
    await memberPage.page.waitForURL(`${app().baseUrl}/departments/${department.id}/sharing`);
    await memberPage.page.getByLabel('Certifications').check();
    await memberPage.page.getByRole('button', { name: 'Share' }).click();
    await t.notThrowsAsync(memberPage.page.getByText('Shared with the department.').waitFor());
    await t.notThrowsAsync(memberPage.page.getByRole('cell', { name: catalogue.name }).waitFor());
    await look(t, memberPage.page, member, 'sharing');

    // The officer sees the roster, adds a position and attests.
    const officerPage = await openPage(browser(), { width });
    await signIn(officerPage.page, officer);
    const roster = `${app().baseUrl}/departments/${department.id}/readiness`;
    await officerPage.page.goto(roster);
    await t.notThrowsAsync(officerPage.page.getByRole('cell', { name: name }).waitFor());
    await officerPage.page.getByRole('textbox', { name: 'Position' }).fill('Engineer');
    await officerPage.page.getByLabel(catalogue.name, { exact: true }).check();
    await officerPage.page.getByRole('button', { name: 'Add Position' }).click();
    await t.notThrowsAsync(officerPage.page.getByText(`Added — Engineer: ${catalogue.name}`).waitFor());
    await t.notThrowsAsync(officerPage.page.getByRole('link', { name: 'Engineer' }).waitFor());
    await officerPage.page.getByRole('button', { name: 'Attest' }).click();
    await t.notThrowsAsync(officerPage.page.getByText('Attested.').waitFor());
    const badge = `Attested by ${department.name}`;
    await t.notThrowsAsync(officerPage.page.getByText(badge).first().waitFor());
    await look(t, officerPage.page, officer, 'roster');

    // The badge on the public page, for a visitor.
    const visitorPage = await openPage(browser(), { width });
    await visitorPage.page.goto(`${app().baseUrl}/riley${width}`);
    await t.notThrowsAsync(visitorPage.page.getByText(badge).first().waitFor());
    await screenshot(visitorPage.page, `readiness-public-${width}`);

    // The member withdraws: the roster row is gone.
    await memberPage.page.getByRole('button', { name: 'Withdraw Sharing' }).click();
    await t.notThrowsAsync(memberPage.page.getByText('Sharing withdrawn.', { exact: false }).waitFor());
    await officerPage.page.goto(roster);
    t.is(await officerPage.page.getByRole('cell', { name: name }).count(), 0);
    await t.notThrowsAsync(officerPage.page.getByText('No member who shares with the department matches.').waitFor());

    for (const recorded of [memberPage, officerPage, visitorPage]) {
      assertNoBrowserErrors(t, recorded);
      await recorded.context.close();
    }
  },
);
