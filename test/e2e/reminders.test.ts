/**
 * Expiry reminders in a browser (docs/decisions/expiry-reminders.md): Account Settings → Notifications saved without JavaScript, the
 * calendar link, the owner's "Expiring soon" notice in edit mode and the unsubscribe page — each looked at
 * (screenshots) and no wider than 375 and 1280 px viewports.
 */
import test from 'ava';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { unsubscribeToken } from '../../src/services/reminders/tokens';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let owner: CreatedUser;
let profileId: number;

const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

test.before(async () => {
  owner = await createUser({ name: 'Alex Reyes' });
  profileId = (await createProfileFor(owner)).id;
  const api = clientAs(app(), owner);
  await api.post(`/api/profiles/${profileId}/licenses`, {
    name: 'Emergency Medical Technician — State of Illinois, Department of Public Health',
    type: 'EMS',
    issued: '2020',
    expires: inDays(12),
    status: 'active',
  });
  await api.post(`/api/profiles/${profileId}/certifications`, {
    name: 'NREMT Paramedic',
    issuer: 'NREMT',
    year: 2022,
    expiresOn: inDays(-3),
  });
});

for (const width of [375, 1280]) {
  test.serial(`Notifications save without JavaScript and every reminder page fits ${width} px`, async (t) => {
    const recorded = await openPage(browser(), { width, height: 800, javaScriptEnabled: false });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });

    await page.goto(`${app().baseUrl}/profiles/${profileId}?edit=1`);
    const notice = page.getByTestId('expiring-notice');
    t.regex(await notice.innerText(), /Expiring soon/);
    t.regex(await notice.innerText(), /NREMT Paramedic \(certification\) expired on [A-Z][a-z]+ \d+, \d{4}$/m);
    t.regex(await notice.innerText(), /expires on [A-Z][a-z]+ \d+, \d{4} · in 12 days/);
    await screenshot(page, `reminders-profile-edit-${width}`);
    await notice.screenshot({ path: `${SCREENSHOT_DIR}/reminders-notice-${width}.png` });
    await assertNoHorizontalOverflow(t, page, `profile edit mode at ${width}`);

    await page.goto(`${app().baseUrl}/account-settings#notifications`);
    const section = page.getByRole('region', { name: 'Notifications' }).or(page.locator('#notifications'));
    await section.getByLabel('Days before expiry').fill('45, 10');
    await section.getByLabel('A notice on the day it expires').uncheck();
    await section.getByRole('button', { name: 'Save Notifications' }).click();
    await page.waitForURL(/saved=notifications/);
    t.is(
      await page
        .getByTestId('settings-notice')
        .innerText()
        .then((s) => s.split('\n')[0]),
      'Notifications updated',
    );
    t.is(await section.getByLabel('Days before expiry').inputValue(), '45, 10');
    t.false(await section.getByLabel('A notice on the day it expires').isChecked());
    // The calendar address is shown once, right after it is made (only its hash is stored).
    await page.getByRole('button', { name: /^(Create|Replace) Calendar Link$/ }).click();
    await page.waitForURL(/saved=calendar/);
    t.regex(await page.locator('#calendar-url').inputValue(), /\/calendar\/[0-9a-f]{64}\.ics$/);
    await assertNoHorizontalOverflow(t, page, `account settings at ${width}`);
    await screenshot(page, `reminders-account-settings-${width}`);

    await page.setExtraHTTPHeaders({});
    await page.goto(
      `${app().baseUrl}/reminders/unsubscribe/${unsubscribeToken(app().config.sessionSecret, owner.user.id)}`,
    );
    await page.getByRole('button', { name: 'Turn Off Expiry Reminders' }).click();
    await page.getByText('Expiry reminders are off.').waitFor();
    await assertNoHorizontalOverflow(t, page, `unsubscribe at ${width}`);
    await screenshot(page, `reminders-unsubscribed-${width}`);
    t.false((await app().db('users').where('id', owner.user.id).first()).remindersEnabled);
    await app().db('users').where('id', owner.user.id).update({ remindersEnabled: true });

    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}
