/**
 * Department-verified membership in a real Chromium (docs/decisions/verified-membership.md): a member requests verification in My
 * Departments (the island), the department's verifier approves it on /verifications (a plain form), the member
 * lists themself, and the badge shows on the profile header and the department page lists them.
 * Screenshots of each page at 375 and 1280 px (test-results/screenshots/verify-*).
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
import { departmentPath } from '../../src/validation/verifiedBadge';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

async function signIn(page: Page, account: CreatedUser) {
  const login = await page.request.post(`${app().baseUrl}/api/auth/login`, {
    data: { email: account.user.email, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
}

async function shoot(page: Page, t: Parameters<typeof assertNoHorizontalOverflow>[0], url: string, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await waitForIslands(page);
    await screenshot(page, `verify-${name}-${width}`);
    await assertNoHorizontalOverflow(t, page, `${name} at ${width}`);
  }
}

test('request verification, approve it as the department verifier, see the badge and the department page', async (t) => {
  const department = (await app()
    .db('departments')
    .where('verification_status', 'verified')
    .whereNotNull('website')
    .orderBy('id')
    .first('id', 'name')) as { id: number; name: string };
  const admin = await createUser({ role: 'admin', name: 'Ada Admin' });
  const verifier = await createUser({ name: 'Victor Verifier' });
  await clientAs(app(), admin).post('/api/admin/department-verifiers', {
    departmentId: department.id,
    userId: verifier.user.id,
  });
  const member = await createUser({ name: 'Morgan Reyes' });
  await clientAs(app(), member).post('/api/departments/user', { departmentId: department.id });
  const profile = await createProfileFor(member, {
    name: 'Morgan Reyes',
    rank: 'Captain',
    departmentId: department.id,
    department: department.name,
  });

  // The member asks, in My Departments (the island, through the API).
  const memberPage = await openPage(browser());
  await signIn(memberPage.page, member);
  await memberPage.page.goto(`${app().baseUrl}/account-settings#departments`);
  await memberPage.page.locator('[data-island="MyDepartments"]').scrollIntoViewIfNeeded();
  await waitForIslands(memberPage.page);
  const card = memberPage.page.getByTestId('my-departments');
  await card.getByRole('button', { name: `Request verification of your membership in ${department.name}` }).click();
  await t.notThrowsAsync(card.getByText('Verification requested').waitFor());
  t.is(memberPage.page.url(), `${app().baseUrl}/account-settings#departments`, 'the island sent it, no page load');

  // The verifier finds it through the menu and approves it.
  const verifierPage = await openPage(browser());
  await signIn(verifierPage.page, verifier);
  await verifierPage.page.goto(`${app().baseUrl}/account-settings`);
  const menu = verifierPage.page.locator('summary[aria-label$="account menu"]');
  await menu.click();
  await verifierPage.page.getByRole('link', { name: 'Verification Requests' }).click();
  await verifierPage.page.waitForURL(`${app().baseUrl}/verifications`);
  await shoot(verifierPage.page, t, `${app().baseUrl}/verifications`, 'review-page');
  await verifierPage.page.setViewportSize({ width: 1280, height: 900 });
  const request = verifierPage.page.getByRole('form', { name: "Decide Morgan Reyes's request" });
  await request.getByRole('button', { name: 'Approve' }).click();
  await verifierPage.page.waitForURL(/\/verifications#request-[0-9]+-status$/);
  await t.notThrowsAsync(verifierPage.page.getByText('Approved — Morgan Reyes is now verified').waitFor());
  await t.notThrowsAsync(verifierPage.page.getByText('No requests are waiting.').waitFor());

  // The member sees it verified and lists themself on the department page (the island).
  await memberPage.page.reload();
  await memberPage.page.locator('[data-island="MyDepartments"]').scrollIntoViewIfNeeded();
  await waitForIslands(memberPage.page);
  await t.notThrowsAsync(card.getByText('Verified member').waitFor());
  await card.getByRole('button', { name: `Listed on the ${department.name} page` }).click();
  await t.notThrowsAsync(card.getByText('Listed on department page ✓').waitFor());
  await shoot(memberPage.page, t, `${app().baseUrl}/account-settings#departments`, 'my-departments');

  // A timeline entry of that department carries the badge too (and the résumé's experience).
  await clientAs(app(), member).post(`/api/profiles/${profile.id}/timeline`, {
    event: 'Promoted to Captain',
    year: '2024',
    type: 'promoted',
    department: department.name,
  });

  // The badge on the profile header, for a visitor; the header links the department page, which lists them.
  const visitor = await openPage(browser(), { javaScriptEnabled: false });
  const year = new Date().getUTCFullYear();
  await visitor.page.goto(`${app().baseUrl}/profiles/${profile.id}/public`);
  await t.notThrowsAsync(visitor.page.getByText(`Verified by ${department.name}, ${year}`).first().waitFor());
  await shoot(visitor.page, t, `${app().baseUrl}/profiles/${profile.id}/public`, 'profile-header');
  t.is(await visitor.page.getByText(`Verified by ${department.name}, ${year}`).count(), 2, 'header and timeline');
  await shoot(visitor.page, t, `${app().baseUrl}/profiles/${profile.id}/resume`, 'resume');
  await visitor.page.setViewportSize({ width: 1280, height: 900 });
  await visitor.page.goto(`${app().baseUrl}/profiles/${profile.id}/public`);
  await visitor.page.getByRole('link', { name: department.name }).first().click();
  await visitor.page.waitForURL(`${app().baseUrl}${departmentPath(department)}`);
  await t.notThrowsAsync(visitor.page.getByRole('link', { name: /Morgan Reyes/ }).waitFor());
  await shoot(visitor.page, t, `${app().baseUrl}${departmentPath(department)}`, 'department-page');

  // The admin dashboard's tab.
  const adminPage = await openPage(browser());
  await signIn(adminPage.page, admin);
  await shoot(adminPage.page, t, `${app().baseUrl}/admin?tab=verification`, 'admin-tab');

  for (const recorded of [memberPage, verifierPage, visitor, adminPage]) assertNoBrowserErrors(t, recorded);
});
