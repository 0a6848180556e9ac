/**
 * The career page in a browser (docs/decisions/headshot-and-banner.md, docs/decisions/endorsements.md "In the
 * open"): the owner uploads a headshot and a banner through the plain forms, approves a waiting endorsement from
 * the normal view; a visitor sees the headshot, the highlights and the endorsers' faces, with no script. At 375
 * and 1280 px: nothing wider than the viewport, axe finds nothing serious, screenshots of each page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { twoDepartments, verifyMember } from '../helpers/verification';
import { assertNoBrowserErrors, assertNoHorizontalOverflow, openPage, screenshot } from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';
import { seriousViolations } from '../helpers/axe';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });

let owner: CreatedUser;
let colleague: CreatedUser;
let profileId: number;
let colleagueProfileId: number;
let endorsementId: number;
let files: { headshot: string; banner: string; face: string };

/** A picture drawn by sharp: a sky, a figure in a helmet (not a real photo, but not a flat colour either). */
const picture = (width: number, height: number, sky: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<rect width="100%" height="100%" fill="${sky}"/>` +
        `<circle cx="${width / 2}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.22}" fill="#e0b48c"/>` +
        `<path d="M${width * 0.3} ${height * 0.38} Q${width / 2} ${height * 0.05} ${width * 0.7} ${height * 0.38} Z" fill="#1f2328"/>` +
        `<rect x="${width * 0.25}" y="${height * 0.7}" width="${width * 0.5}" height="${height * 0.3}" fill="#6b1212"/>` +
        `</svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

test.before(async () => {
  const [springfield] = await twoDepartments();
  owner = await createUser({ name: 'Dana Whitfield' });
  colleague = await createUser({ name: 'Sam Ortega' });
  profileId = (
    await createProfileFor(owner, {
      rank: 'Captain',
      title: 'Hazmat Technician',
      defaultVisibility: 'public',
      profileStatus: 'live',
      motto: 'Everyone goes home.',
    })
  ).id;
  colleagueProfileId = (await createProfileFor(colleague, { rank: 'Lieutenant', profileStatus: 'live' })).id;
  await verifyMember(owner.user.id, springfield);
  await verifyMember(colleague.user.id, springfield);
  const add = (list: string, item: Record<string, unknown>) =>
    clientAs(app(), owner).post(`/api/profiles/${profileId}/${list}`, { visibility: 'public', ...item });
  await add('timeline', { year: '2008', event: 'Hired as firefighter', type: 'hired' });
  await add('timeline', { year: '2016', event: 'Promoted to captain', type: 'promoted' });
  await add('fire-stations', { stationName: 'Station 7', stationNumber: '7', startYear: '2016', position: 'Captain' });
  await add('special-units', { name: 'Hazmat 1', years: '2012-present', description: 'Regional hazmat team.' });
  await add('certifications', { name: 'Hazmat Technician', issuer: 'NFPA', year: 2019 });
  await add('certifications', { name: 'Paramedic', issuer: 'NREMT', year: 2015, expires: 2020 });
  const skill = await add('skills', { name: 'Rope rescue', category: 'firefighter', level: 'expert' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnout-career-e2e-'));
  files = {
    headshot: path.join(dir, 'dana.jpg'),
    banner: path.join(dir, 'engine.jpg'),
    face: path.join(dir, 'sam.jpg'),
  };
  fs.writeFileSync(files.headshot, await picture(900, 700, '#7aa7d9'));
  fs.writeFileSync(files.banner, await picture(1600, 500, '#d98b4a'));
  fs.writeFileSync(files.face, await picture(500, 500, '#9ccf9a'));
  // The colleague's own headshot, by the same plain form.
  const body = new FormData();
  body.append('kind', 'headshot');
  body.append('file', new Blob([new Uint8Array(fs.readFileSync(files.face))], { type: 'image/jpeg' }), 'sam.jpg');
  const uploaded = await fetch(`${app().baseUrl}/profiles/${colleagueProfileId}/portrait/upload`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: app().baseUrl, Authorization: `Bearer ${colleague.token}` },
  });
  if (uploaded.status !== 303) throw new Error(`the colleague's headshot: ${uploaded.status}`);
  const sent = await clientAs(app(), colleague).post(
    `/api/profiles/${profileId}/skills/${skill.body.id}/endorsements`,
    { comment: 'Best rigger on C shift.' },
  );
  endorsementId = sent.body.id as number;
});

async function as(account: CreatedUser | null, width: number, javaScriptEnabled = true) {
  const recorded = await openPage(browser(), { width, height: 900, javaScriptEnabled });
  if (account) await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${account.token}` });
  return recorded;
}

const seriousAxe = (url: string, account: CreatedUser | null) =>
  seriousViolations(browser(), url, {
    width: 1280,
    headers: account ? { Authorization: `Bearer ${account.token}` } : {},
  });

/** An image that really loaded (not a broken link). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);

test.serial(
  'the owner uploads a headshot and a banner without script, and approves the waiting endorsement',
  async (t) => {
    const own = await as(owner, 375, false);
    await own.page.goto(`${app().baseUrl}/profiles/${profileId}`);
    const waiting = own.page.getByTestId('endorsements-waiting');
    t.regex(await waiting.innerText(), /1 endorsement waiting/);
    t.regex(await waiting.innerText(), /Sam Ortega, Lieutenant, .+ endorsed Rope rescue/);
    await screenshot(own.page, 'career-owner-waiting-375');
    await assertNoHorizontalOverflow(t, own.page, 'the owner’s view with the waiting notice at 375');

    await own.page.getByRole('link', { name: 'Add a headshot' }).click();
    await own.page.waitForURL(`**/profiles/${profileId}/portrait`);
    await own.page.getByLabel('Upload a headshot (cut to a square)').setInputFiles(files.headshot);
    await own.page.getByTestId('portrait-headshot').getByRole('button', { name: 'Upload', exact: true }).click();
    await own.page.waitForURL(`**/profiles/${profileId}`);
    t.true(await loaded(own.page, '[data-testid="profile-headshot"]'), 'the headshot shows');
    await own.page.getByRole('link', { name: 'Change headshot or banner' }).click();
    await own.page.getByLabel('Upload a banner').setInputFiles(files.banner);
    await own.page.getByTestId('portrait-banner').getByRole('button', { name: 'Upload', exact: true }).click();
    await own.page.waitForURL(`**/profiles/${profileId}`);
    t.true(await loaded(own.page, '[data-testid="profile-banner"] img'), 'the banner shows');

    await own.page.goto(`${app().baseUrl}/profiles/${profileId}/portrait`);
    await screenshot(own.page, 'career-portrait-375');
    await assertNoHorizontalOverflow(t, own.page, 'the headshot and banner page at 375');
    await own.context.close();

    const wide = await as(owner, 1280, false);
    await wide.page.goto(`${app().baseUrl}/profiles/${profileId}/portrait`);
    await screenshot(wide.page, 'career-portrait-1280');
    await wide.page.goto(`${app().baseUrl}/profiles/${profileId}`);
    await screenshot(wide.page, 'career-owner-waiting-1280');
    await wide.page.getByTestId('endorsements-waiting').getByRole('button', { name: 'Approve' }).click();
    await wide.page.waitForURL(`**/profiles/${profileId}#endorsements-waiting`);
    t.is(
      await wide.page.getByRole('status').filter({ hasText: 'Endorsement approved' }).innerText(),
      'Endorsement approved. It now shows on your profile.',
    );
    t.is(await wide.page.getByTestId('endorsements-waiting').count(), 0, 'nothing waits any more');
    await screenshot(wide.page, 'career-owner-approved-1280');
    await assertNoHorizontalOverflow(t, wide.page, 'the owner’s view after approving at 1280');
    await wide.context.close();

    const owned = `${app().baseUrl}/profiles/${profileId}`;
    t.deepEqual(await seriousAxe(owned, owner), [], 'axe on the owner’s view');
    t.deepEqual(await seriousAxe(`${owned}/portrait`, owner), [], 'axe on the headshot and banner page');
    t.is(endorsementId > 0, true);
  },
);

test.serial('a visitor sees the headshot, the highlights and the endorsers’ faces, with no script', async (t) => {
  for (const width of [375, 1280]) {
    const visitor = await as(null, width);
    await visitor.page.goto(`${app().baseUrl}/profiles/${profileId}/public`);
    t.true(await loaded(visitor.page, '[data-testid="profile-headshot"]'), `headshot at ${width}`);
    t.true(await loaded(visitor.page, '[data-testid="profile-banner"] img'), `banner at ${width}`);
    const facts = await visitor.page.getByTestId('career-facts').innerText();
    t.regex(facts, new RegExp(`${new Date().getFullYear() - 2008} years of service`));
    t.regex(facts, /Station 7 · Captain/);
    t.regex(facts, /Hazmat 1/);
    const highlights = visitor.page.getByTestId('career-highlights');
    t.regex(await highlights.innerText(), /Hazmat Technician\s*Permanent\s*Paramedic\s*Expired/, 'in force first');
    const faces = visitor.page.getByTestId('endorser-faces');
    t.regex(await faces.innerText(), /1\s*verified endorsement/);
    t.regex(await faces.innerText(), /From Sam Ortega/);
    await faces.getByRole('img', { name: 'Sam Ortega' }).scrollIntoViewIfNeeded();
    t.true(await loaded(visitor.page, '[data-testid="endorser-faces"] img[alt="Sam Ortega"]'), 'the endorser’s face');
    t.is(
      await faces.getByRole('link').first().getAttribute('href'),
      `/profiles/${colleagueProfileId}/public`,
      'the face links to the endorser',
    );
    t.is(await visitor.page.locator('script:not([type="application/ld+json"])').count(), 0, 'no script');
    await visitor.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(visitor.page, `career-public-${width}`);
    await assertNoHorizontalOverflow(t, visitor.page, `the public career page at ${width}`);
    assertNoBrowserErrors(t, visitor);
    await visitor.context.close();
  }
  t.deepEqual(await seriousAxe(`${app().baseUrl}/profiles/${profileId}/public`, null), [], 'axe on the public page');
});
