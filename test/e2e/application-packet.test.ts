/**
 * Proof documents and the application packet in a browser (docs/decisions/proof-documents.md,
 * docs/decisions/application-packet.md): from edit mode the owner attaches a document, prepares an application and
 * downloads the packet — at 375 px without script and at 1280 px with it. Nothing wider than the viewport,
 * screenshots of each page; the downloaded PDF holds the document.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { textPdf } from '../helpers/hostileFiles';
import { assertNoHorizontalOverflow, openPage, screenshot } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';
import { needsPdfTools } from '../helpers/pdfTools';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
const withPdfTools = needsPdfTools(test.serial);

let owner: CreatedUser;
let profileId: number;
let dir: string;

test.before(async () => {
  owner = await createUser({ name: 'Dana Whitfield' });
  profileId = (await createProfileFor(owner, { defaultVisibility: 'public', profileStatus: 'live' })).id;
  const added = await clientAs(app(), owner).post(`/api/profiles/${profileId}/certifications`, {
    name: 'EMT-Basic',
    issuer: 'NREMT',
    year: 2020,
    visibility: 'public',
  });
  if (added.status !== 201) throw new Error(`certification: ${added.status}`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnout-packet-e2e-'));
});
test.after.always(() => fs.rmSync(dir, { recursive: true, force: true }));

for (const [width, javaScriptEnabled] of [
  [375, false],
  [1280, true],
] as const) {
  withPdfTools(`at ${width} px: attach a document, build a packet, download it`, async (t) => {
    const { page } = await openPage(browser(), { width, height: 900, javaScriptEnabled });
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${owner.token}` });
    await page.goto(`${app().baseUrl}/profiles/${profileId}?edit=1`);
    await page.getByRole('link', { name: 'Proof documents' }).click();
    await page.waitForURL(`**/profiles/${profileId}/documents`);

    const scan = path.join(dir, `emt-${width}.pdf`);
    fs.writeFileSync(scan, await textPdf([`EMT CARD ${width}`]));
    await page.getByLabel('Proves').selectOption({ label: 'Certification: EMT-Basic' });
    await page.getByLabel('Name').fill(`EMT card ${width}`);
    await page.getByLabel('Document file').setInputFiles(scan);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForURL(`**/profiles/${profileId}/documents`);
    const listed = page.getByTestId('document').filter({ hasText: `EMT card ${width}` });
    t.regex(await listed.innerText(), /Certification: EMT-Basic · PDF, 1 page · .* · Private/);
    await screenshot(page, `documents-${width}`);
    await assertNoHorizontalOverflow(t, page, `the documents page at ${width}`);

    await page.getByRole('link', { name: 'Prepare an application' }).click();
    await page.waitForURL(`**/profiles/${profileId}/application`);
    await page.getByLabel('Or type the department’s name').fill('Austin Fire Department');
    await page.getByLabel('CPAT card').check();
    await page
      .getByRole('group', { name: /Required documents/ })
      .getByLabel(`EMT card ${width} — EMT-Basic`)
      .check();
    await screenshot(page, `application-${width}`);
    await assertNoHorizontalOverflow(t, page, `the application page at ${width}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the packet (PDF)' }).click(),
    ]);
    t.is(download.suggestedFilename(), 'Dana-Whitfield-Austin-Fire-Department-Application.pdf');
    const file = path.join(dir, `packet-${width}.pdf`);
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    t.true(text.includes(`EMT CARD ${width}`), 'the chosen document is in the packet');
    t.true(text.includes('CPAT card'), 'the ticked checklist line is on the cover');
    await page.context().close();
  });
}
