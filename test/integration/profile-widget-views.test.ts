/** The widgets' read views (spec 02 §§3–4, 9): collapsed counts, expanded details, computed order, no JavaScript. */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createProfileWithItems } from '../helpers/profileItems';

let app: TestApp;
let id: number;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  ({ id } = await createProfileWithItems(app));
});
test.after.always(async () => {
  await app?.close();
});

const html = { headers: { Accept: 'text/html' } };
const visit = async (query = '') => {
  const res = await clientAs(app, null).get(`/profiles/${id}/public${query}`, html);
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return res.text as string;
};
const hasScript = (page: string) =>
  /<script(?![^>]*type="application\/(json|ld\+json)")/.test(page) || page.includes('modulepreload');
/** The positions of the texts in the page, in the given order (-1 when missing). */
const positions = (page: string, texts: string[]) => texts.map((text) => page.indexOf(text));
const ascending = (numbers: number[]) => numbers.every((n, i) => n >= 0 && (i === 0 || n > numbers[i - 1]!));
const eventsInOrder = (page: string, years: number[]) =>
  ascending(
    positions(
      page,
      years.map((year) => `Career event ${year}`),
    ),
  );

test('a visitor sees the collapsed sections: counts, Show All, status words in order, skill levels, no script', async (t) => {
  const page = await visit();
  t.false(hasScript(page), 'a visitor gets no script');
  t.true(
    eventsInOrder(page, [2015, 2014, 2013, 2012, 2011]),
    'the five newest events marked for the main profile, newest first',
  );
  t.false(page.includes('Career event 2010'), 'the sixth main event waits for Show All');
  t.false(page.includes('Career event 2016'), 'not on the main profile: only in the expanded view');
  t.true(page.includes('Show All 7 Timeline'));
  t.true(page.includes(`href="/profiles/${id}/public?widget=timeline"`));
  t.true(page.includes('Training completed'), 'event type in words');
  t.true(page.includes('Newest First') && page.includes('Oldest First'));
  t.true(page.includes(`href="/profiles/${id}/public?sort=oldest#section-timeline"`));
  t.true(
    ascending(positions(page, ['Expired License', 'Expiring License', 'Active License'])),
    'expired → expiring → active',
  );
  t.true(ascending(positions(page, ['>Expired<', '>Expiring<', '>Active<'])), 'status as words');
  t.true(page.includes('Advanced, 3 of 4'));
  t.true(page.includes('Beginner, 1 of 4'));
  t.true(page.includes('Show All 8 Skills'), 'skills collapse to 6');
  t.false(page.includes('Skill number 7'));
  t.true(page.includes('Medal of Valor') && page.includes('For rescuing two children'));
  t.false(page.includes('Highest honor'), 'significance only in the expanded view');
  t.true(page.includes('Severity: Major'));
  t.false(page.includes('Stage early'), 'lessons learned only in the expanded view');
  t.true(page.includes('Pierce Enforcer pumper.') && page.includes('Level A entry team.'));
  t.true(page.includes('Permanent'), 'a certification without expiry');
  t.false(page.includes('Secret private event'));
});

test('the expanded views show every item and the details; unsafe media URLs are not links', async (t) => {
  const timeline = await visit('?widget=timeline');
  t.true(eventsInOrder(timeline, [2016, 2015, 2010]));
  t.false(timeline.includes('Show All'));
  t.true(timeline.includes(`href="/profiles/${id}/public?widget=timeline&amp;sort=oldest"`));
  t.false(timeline.includes('Secret private event'), 'a private item never appears for a visitor');
  t.false(hasScript(timeline));

  const awards = await visit('?widget=awards');
  t.true(awards.includes('Highest honor of the department.'));
  t.true(awards.includes('href="https://news.example/valor"'));
  t.false(awards.includes('javascript:'), 'only http(s) URLs become links');
  // Each award's icon; a legacy value outside the set (written before the rule) is drawn as the medal.
  t.regex(awards, /data-icon="star"[\s\S]*Medal of Valor/);
  t.regex(awards, /data-icon="medal"[\s\S]*Unit Citation/);
  t.false(awards.includes('no-such-icon'));

  const credentials = await visit('?widget=certifications');
  t.regex(credentials, /data-icon="graduation"[\s\S]*Firefighter II/, 'a certification shows its icon');
  const licenses = await visit('?widget=licenses');
  t.regex(licenses, /data-icon="ambulance"[\s\S]*Active License/, 'a license shows its icon');
  t.regex(licenses, /data-icon="id_card"[\s\S]*Expiring License/, 'a license without one shows the default');

  const incidents = await visit('?widget=incidents');
  t.true(incidents.includes('Stage early.') && incidents.includes('Engine 7, Ladder 3'));

  const skills = await visit('?widget=skills');
  t.true(skills.includes('Skill number 8') && skills.includes('Capt. Reyes, Captain'));
  t.true(skills.includes('Steady hands'));
});

test('?widget=timeline&sort=oldest reverses the order and keeps the toggle links', async (t) => {
  const page = await visit('?widget=timeline&sort=oldest');
  t.true(eventsInOrder(page, [2010, 2011, 2016]));
  t.true(page.includes(`href="/profiles/${id}/public?widget=timeline&amp;sort=newest"`));
  t.regex(page, /aria-current="true"[^>]*>Oldest First/);
  t.false(page.includes('Secret private event'));
});

test('a chosen widget with nothing to show shows its own empty state, not every section', async (t) => {
  const page = await visit('?widget=photos'); // the profile has no photos
  t.regex(page, /<h2[^>]*id="section-photos"[^>]*>Photo Gallery</);
  t.true(page.includes('No photos yet.'));
  t.false(page.includes('Add your first photo'), 'the owner’s invitation is not for visitors');
  t.false(page.includes('id="section-timeline"'), 'no other section');
  t.false(page.includes('Career event 2010'));
  t.regex(page, /<a[^>]*aria-current="page"[^>]*>Photos</);
  t.true(page.includes(`href="/profiles/${id}/public">← All widgets`));
  t.true((await visit()).includes('id="section-timeline"'), 'All Widgets still shows every section with items');
  t.false((await visit()).includes('id="section-photos"'), 'and no empty one');
});
