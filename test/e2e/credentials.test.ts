/**
 * The credential journey in a browser (docs/decisions/verifiable-credentials.md), at 375 and 1280 px: a verifier's
 * approval → the member's credential.json → a signed-out visitor pastes it on /verify
 * (or chooses the file) → "Valid"; the membership is revoked → "Revoked". The verify page has no script and no serious axe issue.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { clientAs } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { openPage, assertNoHorizontalOverflow, SCREENSHOT_DIR, waitForIslands } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';
import { seriousViolations } from '../helpers/axe';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

test.serial(
  'approve → download the credential → a visitor verifies it → revoke → Revoked, at 375 and 1280 px',
  async (t) => {
    const admin = await createUser({ role: 'admin' });
    const [department] = (await app()
      .db('departments')
      .where('verification_status', 'verified')
      .orderBy('id')
      .limit(1)
      .pluck('id')) as number[];
    for (const width of [375, 1280]) {
      const member = await createUser();
      await createProfileFor(member, { rank: 'Firefighter/EMT' });
      const api = clientAs(app(), member);
      const link = await api.post('/api/departments/user', { departmentId: department });
      await api.post(`/api/departments/user/${link.body.id}/verification`);
      const [requestId] = (await app()
        .db('membership_verifications')
        .where({ user_id: member.user.id })
        .pluck('id')) as number[];
      t.is(
        (await clientAs(app(), admin).post(`/api/verifications/${requestId}/decision`, { decision: 'approve' })).status,
        200,
      );

      // The member signs in and downloads the file from My Departments.
      const own = await openPage(browser(), { width, height: 900 });
      await own.page.goto(`${app().baseUrl}/login`);
      await own.page.getByLabel('Email').fill(member.user.email);
      await own.page.getByLabel('Password').fill(member.password);
      await own.page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await own.page.waitForURL((url) => url.pathname !== '/login');
      await own.page.goto(`${app().baseUrl}/account-settings#departments`);
      await waitForIslands(own.page);
      const [download] = await Promise.all([
        own.page.waitForEvent('download'),
        own.page.getByRole('link', { name: /^Download your .* credential \(credential\.json\)$/ }).click(),
      ]);
      t.is(download.suggestedFilename(), 'credential.json');
      const text = await readFile((await download.path())!, 'utf8');
      await own.context.close();

      // A signed-out visitor pastes it.
      const visitor = await openPage(browser(), { width, height: 900, javaScriptEnabled: false });
      const verify = async () => {
        await visitor.page.goto(`${app().baseUrl}/verify`);
        await visitor.page.getByLabel('Credential (the contents of credential.json)').fill(text);
        await visitor.page.getByRole('button', { name: 'Verify', exact: true }).click();
        const answer = visitor.page.getByRole('status').or(visitor.page.getByTestId('form-alert'));
        return (await answer.textContent()) ?? '';
      };
      t.regex(await verify(), /^Valid: signed by/);
      t.is(await visitor.page.locator('script').count(), 0, 'no script on the verify page');
      // The file itself, chosen on the upload form beside the paste box.
      await visitor.page.goto(`${app().baseUrl}/verify`);
      await visitor.page
        .getByLabel('Or choose the credential file (.json)')
        .setInputFiles({ name: 'credential.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await visitor.page.getByRole('button', { name: 'Verify the file' }).click();
      t.regex((await visitor.page.getByRole('status').textContent()) ?? '', /^Valid: signed by/);
      await assertNoHorizontalOverflow(t, visitor.page, `verify result at ${width}`);
      await visitor.page.screenshot({
        path: path.join(SCREENSHOT_DIR, `credential-valid-${width}.png`),
        fullPage: true,
      });
      const kept = `${app().baseUrl}/verify/${JSON.parse(text).id.replace('urn:uuid:', '')}`;
      t.deepEqual(await seriousViolations(browser(), kept, { width }), [], 'axe on a result');
      t.deepEqual(await seriousViolations(browser(), `${app().baseUrl}/verify`, { width }), [], 'axe on the form');

      const revoked = await clientAs(app(), admin).post(`/api/admin/verifications/${requestId}/revoke`, {
        reason: 'Moved away',
      });
      t.is(revoked.status, 200);
      t.regex(await verify(), /^Revoked: /);
      await visitor.page.screenshot({
        path: path.join(SCREENSHOT_DIR, `credential-revoked-${width}.png`),
        fullPage: true,
      });
      await visitor.context.close();
    }
  },
);
