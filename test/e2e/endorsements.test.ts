/**
 * Endorsements from verified colleagues in a browser (docs/decisions/endorsements.md): a colleague endorses a skill from the
 * Endorse link on the profile, the owner approves it in edit mode, a visitor sees it on the public page with the
 * endorser linked; a member who is not a colleague gets no Endorse link and a 403 from the API. Screenshots of
 * each page at 1280 and 375 px, none wider than its viewport.
 */
import test from 'ava';
import { clientAs } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { twoDepartments, verifyMember } from '../helpers/verification';
import {
  assertNoBrowserErrors,
  assertNoHorizontalOverflow,
  openPage,
  screenshot,
  waitForIslands,
} from '../helpers/browser';
import { useBrowserApp } from '../helpers/browserApp';

const { app, browser } = useBrowserApp(test, { rateLimitsEnabled: false });
let owner: CreatedUser;
let colleague: CreatedUser;
let outsider: CreatedUser;
let profileId: number;
let colleagueProfileId: number;
let skillId: number;

test.before(async () => {
  const [springfield, shelbyville] = await twoDepartments();
  owner = await createUser({ name: 'Dana Whitfield' });
  colleague = await createUser({ name: 'Sam Ortega' });
  outsider = await createUser({ name: 'Kim Alvarez' });
  profileId = (await createProfileFor(owner)).id;
  colleagueProfileId = (await createProfileFor(colleague, { rank: 'Lieutenant' })).id;
  await createProfileFor(outsider);
  await verifyMember(owner.user.id, springfield);
  await verifyMember(colleague.user.id, springfield);
  await verifyMember(outsider.user.id, shelbyville);
  const skill = await clientAs(app(), owner).post(`/api/profiles/${profileId}/skills`, {
    name: 'Rope rescue',
    category: 'firefighter',
    level: 'expert',
    description: 'High-angle and confined-space rescue.',
    endorsements: [{ endorserName: 'Chief Ray Park', endorserTitle: 'Battalion Chief', comment: 'Solid on ropes.' }],
  });
  skillId = skill.body.id as number;
});

const skillsPage = () => `${app().baseUrl}/profiles/${profileId}/public?widget=skills`;

async function as(account: CreatedUser | null, width: number) {
  const recorded = await openPage(browser(), { width, height: 900 });
  if (account) await recorded.page.setExtraHTTPHeaders({ Authorization: `Bearer ${account.token}` });
  return recorded;
}

test.serial('a colleague endorses, the owner approves, a visitor sees it on the public page', async (t) => {
  // The colleague: the Endorse link on the skill, the form, the confirmation.
  const mate = await as(colleague, 1280);
  await mate.page.goto(skillsPage());
  const endorse = mate.page.getByRole('link', { name: 'Endorse Rope rescue' });
  await endorse.waitFor();
  await screenshot(mate.page, 'endorse-colleague-skills-1280');
  await endorse.click();
  await mate.page.waitForURL(`**/profiles/${profileId}/skills/${skillId}/endorse`);
  await mate.page.getByLabel('Comment (optional)').fill('Best rigger on C shift — calm at the edge.');
  await screenshot(mate.page, 'endorse-form-1280');
  await assertNoHorizontalOverflow(t, mate.page, 'endorse form at 1280');
  await mate.page.getByRole('button', { name: 'Endorse' }).click();
  await mate.page.waitForURL(/sent=1/);
  t.regex(await mate.page.getByRole('status').innerText(), /Endorsement sent\. It shows on the profile once/);
  assertNoBrowserErrors(t, mate);
  await mate.context.close();

  // Not shown before the owner approves. This visitor's page stays open until after the approval: reloading it
  // then must show the endorsement (the approval refreshes the kept page and its ETag, not only new visitors').
  const early = await as(null, 1280);
  await early.page.goto(skillsPage());
  t.is(await early.page.getByText('Sam Ortega').count(), 0, 'pending: not on the public page');

  // The owner: the review in edit mode, Approve.
  const own = await as(owner, 1280);
  await own.page.goto(`${app().baseUrl}/profiles/${profileId}?edit=1`);
  await waitForIslands(own.page);
  const review = own.page.getByTestId('endorsement-review');
  await review.scrollIntoViewIfNeeded();
  t.regex(await review.innerText(), /1 awaiting approval/);
  t.regex(await review.innerText(), /Sam Ortega, Lieutenant, .+ endorsed Rope rescue/);
  await screenshot(own.page, 'endorse-owner-review-1280');
  await review.getByRole('button', { name: 'Approve' }).click();
  await own.page.waitForURL(/edit=1/);
  await own.page.getByTestId('endorsement-review').getByText('Shown', { exact: true }).waitFor();
  await waitForIslands(own.page);
  await assertNoHorizontalOverflow(t, own.page, 'owner edit mode with the review at 1280');
  assertNoBrowserErrors(t, own);
  await own.context.close();

  // The visitor who saw the page before the approval: the same page, reloaded, shows it now.
  await early.page.reload();
  const seenBefore = early.page.locator('section[aria-labelledby="section-skills"]');
  t.is(await seenBefore.getByRole('link', { name: 'Sam Ortega' }).count(), 1, 'the approval refreshed the kept page');
  t.regex(await seenBefore.innerText(), /1 verified endorsement/);
  await early.context.close();

  // A visitor: the verified endorsement, the endorser linked to their profile; the owner's own marked.
  const visitor = await as(null, 1280);
  await visitor.page.goto(skillsPage());
  const section = visitor.page.locator('section[aria-labelledby="section-skills"]');
  const link = section.getByRole('link', { name: 'Sam Ortega' });
  t.is(await link.getAttribute('href'), `/profiles/${colleagueProfileId}/public`);
  t.regex(await section.innerText(), /1 verified endorsement/);
  t.regex(await section.innerText(), /Sam Ortega, Lieutenant, .+: “Best rigger on C shift — calm at the edge\.”/);
  t.regex(await section.innerText(), /Chief Ray Park, Battalion Chief: “Solid on ropes\.” \(added by the owner\)/);
  t.is(await visitor.page.getByRole('link', { name: /^Endorse/ }).count(), 0);
  t.is(await visitor.page.locator('script[type="module"], script[src]').count(), 0, 'still no script for a visitor');
  await screenshot(visitor.page, 'endorse-public-1280');
  await assertNoHorizontalOverflow(t, visitor.page, 'public skills at 1280');
  await visitor.context.close();
});

test.serial('a member who is not a colleague gets no Endorse link and a 403 from the API', async (t) => {
  const other = await as(outsider, 1280);
  await other.page.goto(skillsPage());
  await other.page.getByRole('heading', { name: 'Rope rescue' }).waitFor();
  t.is(await other.page.getByRole('link', { name: /^Endorse/ }).count(), 0);
  const api = await other.page.request.post(
    `${app().baseUrl}/api/profiles/${profileId}/skills/${skillId}/endorsements`,
    {
      data: { comment: 'Let me in' },
      headers: { Authorization: `Bearer ${outsider.token}` },
    },
  );
  t.is(api.status(), 403);
  t.regex(((await api.json()) as { error: string }).error, /Only members verified in the same department/);
  await other.page.goto(`${app().baseUrl}/profiles/${profileId}/skills/${skillId}/endorse`);
  t.regex(await other.page.locator('main').innerText(), /Only members verified in the same department/);
  await screenshot(other.page, 'endorse-refused-1280');
  await other.context.close();
});

test.serial('at 375 px: the colleague’s, the owner’s and the public pages fit', async (t) => {
  const mate = await as(colleague, 375);
  await mate.page.goto(skillsPage());
  await screenshot(mate.page, 'endorse-colleague-skills-375');
  await assertNoHorizontalOverflow(t, mate.page, 'colleague skills at 375');
  await mate.page.goto(`${app().baseUrl}/profiles/${profileId}/skills/${skillId}/endorse`);
  t.regex(await mate.page.locator('main').innerText(), /You have endorsed this skill\. It shows on the profile\./);
  await screenshot(mate.page, 'endorse-form-375');
  await assertNoHorizontalOverflow(t, mate.page, 'endorse page at 375');
  await mate.context.close();

  const own = await as(owner, 375);
  await own.page.goto(`${app().baseUrl}/profiles/${profileId}?edit=1`);
  await waitForIslands(own.page);
  await own.page.getByTestId('endorsement-review').scrollIntoViewIfNeeded();
  await screenshot(own.page, 'endorse-owner-review-375');
  await assertNoHorizontalOverflow(t, own.page, 'owner edit mode at 375');
  assertNoBrowserErrors(t, own);
  await own.context.close();

  const visitor = await as(null, 375);
  await visitor.page.goto(skillsPage());
  await screenshot(visitor.page, 'endorse-public-375');
  await assertNoHorizontalOverflow(t, visitor.page, 'public skills at 375');
  await visitor.context.close();
});
