/**
 * The list forms of edit mode without JavaScript (src/pages/profileListForms.tsx): the add form and each item's
 * form post urlencoded to the page routes with the API's schemas and services — 303 back to the section on
 * success, the edit page again with the values and the spec's messages on failure; nested rows and tags as a
 * browser posts them; delete through the confirm step; fields the editor does not show are never touched.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { insertPhotoFor } from '../helpers/photos';
import { LIST_MESSAGES } from '../../src/validation/lists';
import { LIST_TEXT_MAX } from '../../src/validation/lists/define';
import { SKILL_MESSAGES } from '../../src/validation/lists/skills';
import { TIMELINE_MESSAGES } from '../../src/validation/lists/timeline';

let app: TestApp;
let owner: CreatedUser;
let id: number;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  owner = await createUser({ name: 'Robin Forms' });
  id = (await createProfileFor(owner, { defaultVisibility: 'public' })).id;
});
test.after.always(async () => {
  await app?.close();
});

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The markup of the form posting to `action` (one of many forms on the edit page). */
function formAt(html: string, action: string): string {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  return html.slice(start, html.indexOf('</form>', start));
}

/** A field's value in a form's markup (inputs and textareas). */
function valueOf(form: string, name: string): string | undefined {
  const tag = new RegExp(`<(input|textarea)\\b[^>]*\\bname="${escape(name)}"[^>]*>([^<]*)`).exec(form);
  if (!tag) return undefined;
  if (tag[1] === 'textarea') return decode(tag[2]!);
  return decode(/\bvalue="([^"]*)"/.exec(tag[0])?.[1] ?? '');
}

/** The message beside a field (its `<id>-error` element). */
function errorOf(form: string, name: string): string | undefined {
  const tag = new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname="${escape(name)}"[^>]*>`).exec(form)?.[0];
  const fieldId = tag && /\bid="([^"]*)"/.exec(tag)?.[1];
  if (!fieldId) return undefined;
  const match = new RegExp(`id="${escape(fieldId)}-error"[^>]*>([^<]*)<`).exec(form);
  return match ? decode(match[1]!) : undefined;
}

/** Whether a form has a submit button posting this intent. */
const hasIntent = (form: string, intent: string) =>
  [...form.matchAll(/<button\b[^>]*>/g)].some(
    ([tag]) => tag.includes('name="intent"') && tag.includes(`value="${intent}"`),
  );

const items = async (list: string) => (await clientAs(app, owner).get(`/api/profiles/${id}/${list}`)).body;

test.serial(
  'add: 303 back to the saved item (marked saved) and the item stored; unchecked boxes are false',
  async (t) => {
    const res = await clientAs(app, owner).postForm(`/profiles/${id}/lists/timeline`, {
      year: '2019',
      event: 'Made captain',
      type: 'promoted',
      location: ' Austin, TX ',
      visibility: 'authenticated',
    });
    t.is(res.status, 303);
    const [event] = await items('timeline');
    const location = `/profiles/${id}?edit=1&saved=timeline:${event.id}#item-timeline-${event.id}`;
    t.is(res.headers.get('location'), location);
    // The page it leads to shows the item's read view with its "Saved" line.
    const saved = await clientAs(app, owner).get<string>(location.split('#')[0]!, { headers: { Accept: 'text/html' } });
    t.regex(saved.text, /role="status"[^>]*>.*?Timeline event saved/s);
    t.like(event, {
      event: 'Made captain',
      type: 'promoted',
      location: 'Austin, TX',
      visibility: 'authenticated',
      showOnMainProfile: false,
      isPrimary: false,
    });
  },
);

test.serial(
  'add with errors: the edit page again, 400, the values kept and each message beside its field',
  async (t) => {
    const res = await clientAs(app, owner).postForm(`/profiles/${id}/lists/timeline`, {
      event: 'Joined the hazmat team',
      description: 'Level A entry',
      showOnMainProfile: 'true',
    });
    t.is(res.status, 400);
    const form = formAt(res.text, `/profiles/${id}/lists/timeline`);
    t.is(valueOf(form, 'event'), 'Joined the hazmat team');
    t.is(valueOf(form, 'description'), 'Level A entry');
    t.is(errorOf(form, 'year'), TIMELINE_MESSAGES.yearRequired);
    t.is(errorOf(form, 'type'), TIMELINE_MESSAGES.typeRequired);
    t.regex(
      res.text,
      /<details[^>]*open=""[^>]*>\s*<summary>(?:(?!<\/summary>).)*Add<span data-noun="">\s*timeline event/,
      'the add form is open',
    );
    t.is((await items('timeline')).length, 1, 'nothing stored');
  },
);

test.serial(
  'an over-long text comes back whole with its limit message, never cut, and nothing is stored',
  async (t) => {
    const long = `${'Search and rescue. '.repeat(11)}The end`; // past the 200-character limit, not cut at it
    const res = await clientAs(app, owner).postForm(`/profiles/${id}/lists/timeline`, {
      year: '2020',
      event: long,
      type: 'promoted',
    });
    t.is(res.status, 400);
    const form = formAt(res.text, `/profiles/${id}/lists/timeline`);
    t.is(valueOf(form, 'event'), long);
    t.is(errorOf(form, 'event'), LIST_MESSAGES.tooLong('Event title', LIST_TEXT_MAX));
    t.false(
      (await items('timeline')).some((item: { year: number }) => item.year === 2020),
      'nothing stored',
    );
  },
);

test.serial('nested rows and tags post as a browser sends them; blank rows are dropped', async (t) => {
  const res = await clientAs(app, owner).postForm(`/profiles/${id}/lists/skills`, [
    ['name', 'Rope rescue'],
    ['category', 'firefighter'],
    ['level', 'expert'],
    ['certifications', 'Rope Tech'],
    ['certifications', 'Rescue Tech I'],
    ['certifications', ''],
    ['endorsements[0][endorserName]', 'Capt. Reyes'],
    ['endorsements[0][comment]', 'Steady hands'],
    ['endorsements[1][endorserName]', ''],
    ['endorsements[1][comment]', ''],
    ['visibility', 'public'],
    ['showOnMainProfile', 'true'],
  ]);
  t.is(res.status, 303);
  const [skill] = await items('skills');
  t.deepEqual(skill.certifications, ['Rope Tech', 'Rescue Tech I']);
  t.is(skill.endorsements.length, 1);
  t.like(skill.endorsements[0], { endorserName: 'Capt. Reyes', comment: 'Steady hands' });

  // The edit page with the item open (its Edit without JavaScript) renders the rows as inputs with those names,
  // and an empty row for adding one.
  const page = await clientAs(app, owner).get(`/profiles/${id}?edit=1&open=skills:${skill.id}`, {
    headers: { Accept: 'text/html' },
  });
  const form = formAt(page.text, `/profiles/${id}/lists/skills/id:${skill.id}`);
  t.is(valueOf(form, 'endorsements[0][endorserName]'), 'Capt. Reyes');
  t.is(valueOf(form, 'endorsements[1][endorserName]'), '', 'the empty row');
  t.is(valueOf(form, 'version'), String(skill.version));
  t.true(hasIntent(form, 'update'), 'Save changes for a browser without JavaScript');
});

test.serial('an item form: update (303), a bad nested row (400, values kept), a stale version (412)', async (t) => {
  const [skill] = await items('skills');
  const action = `/profiles/${id}/lists/skills/id:${skill.id}`;
  const fields = (version: number, extra: Array<[string, string]>): Array<[string, string]> => [
    ['intent', 'update'],
    ['version', String(version)],
    ['name', 'Rope rescue'],
    ['category', 'firefighter'],
    ['level', 'advanced'],
    ['certifications', 'Rope Tech'],
    ['visibility', 'public'],
    ...extra,
  ];

  const withRows = (second: [string, string]) =>
    clientAs(app, owner).postForm(
      action,
      fields(skill.version, [['endorsements[0][endorserName]', 'Capt. Reyes'], second]),
    );
  const bad = await withRows(['endorsements[1][comment]', 'Who said this?']);
  t.is(bad.status, 400);
  const form = formAt(bad.text, action);
  t.is(errorOf(form, 'endorsements[1][endorserName]'), SKILL_MESSAGES.endorserRequired);
  t.is(valueOf(form, 'endorsements[1][comment]'), 'Who said this?', 'the typed row is kept');
  t.is((await items('skills'))[0].level, 'expert', 'nothing changed');

  const ok = await withRows(['endorsements[1][endorserName]', 'Lt. Chen']);
  t.is(ok.status, 303);
  const [updated] = await items('skills');
  t.is(ok.headers.get('location'), `/profiles/${id}?edit=1&saved=skills:${updated.id}#item-skills-${updated.id}`);
  t.like(updated, { level: 'advanced', showOnMainProfile: false, certifications: ['Rope Tech'] });
  t.deepEqual(
    updated.endorsements.map((e: { endorserName: string }) => e.endorserName),
    ['Capt. Reyes', 'Lt. Chen'],
  );

  const stale = await clientAs(app, owner).postForm(action, fields(skill.version, []));
  t.is(stale.status, 412);
  t.true(decode(formAt(stale.text, action)).includes(LIST_MESSAGES.stale));
  t.is((await items('skills'))[0].level, 'advanced');

  // A field sent twice where one value is expected is refused with the field's message, not a 500.
  const twice = await clientAs(app, owner).postForm(action, fields(updated.version, [['name', 'Second name']]));
  t.is(twice.status, 400);
  t.is(errorOf(formAt(twice.text, action), 'name'), SKILL_MESSAGES.nameRequired);
});

test.serial('icons: an unknown one is refused with its message; one of the set is stored', async (t) => {
  const award = { name: 'Lifesaving Award', year: '2022', type: 'lifesaving', visibility: 'public' };
  const bad = await clientAs(app, owner).postForm(`/profiles/${id}/lists/awards`, { ...award, icon: 'skull' });
  t.is(bad.status, 400);
  t.true(decode(bad.text).includes(LIST_MESSAGES.invalidChoice('Icon')));
  const ok = await clientAs(app, owner).postForm(`/profiles/${id}/lists/awards`, { ...award, icon: 'trophy' });
  t.is(ok.status, 303);
  t.is((await items('awards'))[0].icon, 'trophy');
});

test.serial('a form never touches fields it does not show (linked photos)', async (t) => {
  const [first, second] = [(await insertPhotoFor(id)).id, (await insertPhotoFor(id)).id].map(String);
  const created = await clientAs(app, owner).post(`/api/profiles/${id}/awards`, {
    name: 'Unit Citation',
    year: '2021',
    type: 'unit',
    photos: [first, second],
    primaryPhoto: first,
  });
  t.is(created.status, 201, JSON.stringify(created.body));
  const res = await clientAs(app, owner).postForm(`/profiles/${id}/lists/awards/id:${created.body.id}`, {
    intent: 'update',
    version: String(created.body.version),
    name: 'Unit Citation (Engine 7)',
    year: '2021',
    type: 'unit',
    visibility: 'public',
  });
  t.is(res.status, 303);
  const stored = (await items('awards')).find((a: { id: number }) => a.id === created.body.id);
  t.like(stored, { name: 'Unit Citation (Engine 7)', photos: [first, second], primaryPhoto: first });
});

test.serial('delete: Delete asks to confirm (303 to the confirm step), then deletes; Cancel goes back', async (t) => {
  const [event] = await items('timeline');
  const action = `/profiles/${id}/lists/timeline/id:${event.id}`;
  const ask = await clientAs(app, owner).postForm(action, { intent: 'confirm-delete', version: '1' });
  t.is(ask.status, 303);
  t.is(ask.headers.get('location'), `/profiles/${id}?edit=1&confirm=timeline:${event.id}#section-timeline`);
  const confirm = await clientAs(app, owner).get(ask.headers.get('location')!.split('#')[0]!, {
    headers: { Accept: 'text/html' },
  });
  const form = formAt(confirm.text, action);
  t.true(form.includes('Delete this timeline event?'));
  t.true(hasIntent(form, 'delete'));
  t.is((await items('timeline')).length, 1, 'asking deletes nothing');

  const cancel = await clientAs(app, owner).postForm(action, { intent: 'cancel' });
  t.is(cancel.status, 303);
  const stale = await clientAs(app, owner).postForm(action, { intent: 'delete', version: String(event.version + 5) });
  t.is(stale.status, 412);
  const done = await clientAs(app, owner).postForm(action, { intent: 'delete', version: String(event.version) });
  t.is(done.status, 303);
  t.is((await items('timeline')).length, 0);
});

test.serial("Edit without JavaScript: a closed item's editor links to the edit page with its form open", async (t) => {
  const created = await clientAs(app, owner).post(`/api/profiles/${id}/awards`, {
    name: 'Lifesaving Medal',
    year: '2022',
    type: 'medal',
  });
  t.is(created.status, 201, JSON.stringify(created.body));
  const itemId = created.body.id as number;
  const action = `/profiles/${id}/lists/awards/id:${itemId}`;
  const html = { headers: { Accept: 'text/html' } };

  const closed = await clientAs(app, owner).get(`/profiles/${id}?edit=1`, html);
  t.is(closed.status, 200);
  t.false(closed.text.includes(`action="${action}"`), 'a closed editor carries no form');
  t.true(closed.text.includes(`href="/profiles/${id}?edit=1&amp;open=awards:${itemId}#item-awards-${itemId}"`));

  const opened = await clientAs(app, owner).get(`/profiles/${id}?edit=1&open=awards:${itemId}`, html);
  t.is(opened.status, 200);
  t.true(opened.text.includes(`id="item-awards-${itemId}"`), 'the card the link scrolls to');
  const form = formAt(opened.text, action);
  t.is(valueOf(form, 'name'), 'Lifesaving Medal');
  t.true(hasIntent(form, 'update'));
  t.true(hasIntent(form, 'confirm-delete'));
  // One editor opens: the other items' forms stay out of the page.
  const forms = [...opened.text.matchAll(/action="\/profiles\/\d+\/lists\/[a-z-]+\/id:\d+"/g)];
  t.is(forms.length, 1);

  // Only an editor's page opens it: another member's view of the profile has no form, whatever the link says.
  const other = await createUser();
  const theirs = await clientAs(app, other).get(`/profiles/${id}?edit=1&open=awards:${itemId}`, html);
  t.is(theirs.status, 200);
  t.false(theirs.text.includes(`action="${action}"`));
});

test('who may post: a visitor goes to /login, another member is refused; unknown lists and items are 404', async (t) => {
  const visitor = await app.client().postForm(`/profiles/${id}/lists/gear`, { name: 'Engine 7' });
  t.is(visitor.status, 303);
  t.is(visitor.headers.get('location'), '/login');
  const other = await createUser();
  const gear = { name: 'Engine 7', station: 'Station 7', years: '2015', description: 'Pumper', visibility: 'public' };
  const refused = await clientAs(app, other).postForm(`/profiles/${id}/lists/gear`, gear);
  t.is(refused.status, 403);
  t.is((await items('gear')).length, 0);
  t.is((await clientAs(app, owner).postForm(`/profiles/${id}/lists/nope`, gear)).status, 404);
  t.is((await clientAs(app, owner).postForm(`/profiles/${id}/lists/gear/id:999999`, { intent: 'cancel' })).status, 303);
  t.is(
    (await clientAs(app, owner).postForm(`/profiles/${id}/lists/gear/id:999999`, { ...gear, intent: 'update' })).status,
    404,
  );
  t.is((await clientAs(app, owner).postForm(`/profiles/${id}/lists/gear/7`, { intent: 'update' })).status, 404);
});

test('every intent asks the policy: another member gets 403 for confirm-delete and cancel as for update and delete', async (t) => {
  const created = await clientAs(app, owner).post(`/api/profiles/${id}/special-units`, {
    name: 'Rope Rescue',
    years: '2018-2020',
    description: 'High angle',
  });
  t.is(created.status, 201, created.text);
  const action = `/profiles/${id}/lists/special-units/id:${created.body.id}`;
  const other = clientAs(app, await createUser());
  const version = String(created.body.version);
  for (const intent of ['update', 'delete', 'confirm-delete', 'cancel']) {
    const res = await other.postForm(action, { intent, version, name: 'Taken over' });
    t.is(res.status, 403, intent);
    t.is(res.headers.get('location'), null, intent);
  }
  const [unit] = (await items('special-units')) as Array<{ id: number; name: string }>;
  t.like(unit, { id: created.body.id, name: 'Rope Rescue' });
  // A visitor is sent to sign in first, whatever the intent.
  const visitor = await app.client().postForm(action, { intent: 'confirm-delete' });
  t.is(visitor.status, 303);
  t.is(visitor.headers.get('location'), '/login');
});

test('a path that names no profile, list or item is 404, whoever posts', async (t) => {
  const gear = { name: 'Engine 7', visibility: 'public' };
  for (const path of [
    '/profiles/abc/lists/gear',
    '/profiles/0/lists/gear',
    '/profiles/12abc/lists/gear',
    '/profiles/99999999999/lists/gear',
    `/profiles/${id}/lists/gear/id:abc`,
    `/profiles/${id}/lists/gear/id:0`,
  ]) {
    t.is((await clientAs(app, owner).postForm(path, { ...gear, intent: 'update' })).status, 404, path);
  }
});
