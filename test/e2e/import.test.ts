/**
 * Import from LinkedIn (docs/decisions/import-and-json-resume.md) in a browser, at 375 and 1280 px: from the user
 * menu to the upload form, a real-shaped LinkedIn export chosen, the preview (each row and what it becomes, the
 * skipped ones with why), one row unticked, the rest added as private items; no page wider than the screen.
 */
import test from 'ava';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { linkedInExport } from '../helpers/importFiles';
import { clientAs } from '../helpers/app';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

for (const width of [375, 1280]) {
  test.serial(`a LinkedIn export is previewed and the ticked rows added as private items at ${width} px`, async (t) => {
    const owner = await createUser({ name: 'Sam Ortiz' });
    const profile = await createProfileFor(owner, { name: 'Sam Ortiz' });
    const zip = await linkedInExport({
      'Positions.csv': [
        ['Austin Fire Department', 'Firefighter/Paramedic', 'Engine 12, B shift.', 'Austin, Texas', 'Mar 2015', ''],
        ['Travis County ESD 2', 'Probationary Firefighter', '', 'Pflugerville, Texas', 'Jun 2012', 'Feb 2015'],
      ],
      'Certifications.csv': [
        ['Paramedic', '', 'NREMT', 'May 2014', 'Mar 2028', 'P1234567'],
        ['Hazardous Materials Technician, a certification with a long name', '', '', 'Jan 2016', '', ''],
      ],
      'Skills.csv': [['Vehicle Extrication'], ['High-angle rope rescue']],
    });
    const recorded = await openPage(browser(), { width, height: 800 });
    const { page } = recorded;
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${profile.id}`);
    await waitForIslands(page);
    await page.getByTestId('user-menu').locator('summary').click();
    await page.getByRole('link', { name: 'Import from LinkedIn' }).click();
    await page.getByRole('heading', { name: 'Import from LinkedIn or JSON Resume' }).waitFor();
    await assertNoHorizontalOverflow(t, page, `upload form at ${width}`);
    await screenshot(page, `import-upload-${width}`);

    await page.getByLabel('File (.zip or .json)').setInputFiles({
      name: 'Basic_LinkedInDataExport.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    await page.getByRole('button', { name: 'Read the file' }).click();
    await page.getByRole('heading', { name: 'Preview: Basic_LinkedInDataExport.zip' }).waitFor();
    const offered = page.getByTestId('import-offered').getByRole('checkbox');
    t.is(await offered.count(), 5);
    t.true(await offered.first().isChecked(), 'rows start ticked');
    await t.notThrowsAsync(page.getByTestId('import-skipped').getByText('Issuer is required').waitFor());
    await page.getByRole('checkbox', { name: /High-angle rope rescue/ }).uncheck();
    await assertNoHorizontalOverflow(t, page, `preview at ${width}`);
    await screenshot(page, `import-preview-${width}`);

    await page.getByRole('button', { name: 'Add ticked rows as private' }).click();
    await page.getByRole('status').getByText('Added 4 items as private').waitFor();
    await screenshot(page, `import-added-${width}`);
    const items = (await clientAs(app(), owner).get(`/api/profiles/own/${profile.id}`)).body;
    t.deepEqual(
      items.skills.map((skill: { name: string; visibility: string }) => [skill.name, skill.visibility]),
      [['Vehicle Extrication', 'private']],
    );
    t.is(items.timeline.length, 2);
    assertNoBrowserErrors(t, recorded);
    await recorded.context.close();
  });
}
