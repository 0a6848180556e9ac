/**
 * JSON Resume export (docs/decisions/import-and-json-resume.md): the Share panel's file is the visitor's view for
 * everyone (public, members-only and private canaries), a valid JSON Resume document (the schema, checked with
 * ajv), kept per profile version with an ETag.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { conditionalGet } from '../helpers/conditionalGet';
import { jsonResumeProblem } from '../../src/services/imports/jsonResumeSchema';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const as = (account: CreatedUser | null) => clientAs(app, account);

async function addItem(owner: CreatedUser, profileId: number, list: string, item: Record<string, unknown>) {
  const res = await as(owner).post(`/api/profiles/${profileId}/${list}`, item);
  if (res.status !== 201) throw new Error(`${list}: ${res.status} ${JSON.stringify(res.body)}`);
}

test('JSON Resume export: the visitor view for every viewer, valid against the schema, kept per version', async (t) => {
  const stamp = Math.random().toString(36).slice(2, 8);
  const owner = await createUser();
  const member = await createUser();
  const profile = await createProfileFor(owner, {
    name: 'Dana Reyes',
    rank: 'Lieutenant',
    title: 'Paramedic',
    email: `dana-${stamp}@example.com`,
    emailVisibility: 'private',
    phone: '(512) 555-0199',
    phoneVisibility: 'authenticated',
    linkedin: 'dana-reyes',
    personalStatement: `Fifteen years in EMS. ${stamp}`,
  });
  for (const visibility of ['public', 'authenticated', 'private'] as const) {
    const label = `${visibility}-${stamp}`;
    await addItem(owner, profile.id, 'timeline', {
      year: '2015',
      date: '2015-03-01',
      event: `Hired ${label}`,
      type: 'hired',
      department: 'Austin Fire Department',
      position: `Firefighter ${label}`,
      visibility,
    });
    await addItem(owner, profile.id, 'certifications', {
      name: `Paramedic ${label}`,
      issuer: 'NREMT',
      year: 2016,
      expires: '03/2028',
      visibility,
    });
    await addItem(owner, profile.id, 'skills', {
      name: `Extrication ${label}`,
      category: 'firefighter',
      level: 'advanced',
      visibility,
    });
  }
  await addItem(owner, profile.id, 'timeline', {
    year: '2012',
    event: 'Fire Academy',
    type: 'training_completed',
    department: 'Texas Fire Academy',
    title: 'Firefighter II',
    visibility: 'public',
  });
  await addItem(owner, profile.id, 'awards', { name: 'Medal of Valor', year: '2019', type: 'valor', awardedBy: 'AFD' });

  const path = `/profiles/${profile.id}/resume.json`;
  const answers = await Promise.all([null, member, owner].map((viewer) => as(viewer).get(path)));
  for (const [index, res] of answers.entries()) {
    t.is(res.status, 200);
    t.regex(res.headers.get('content-type') ?? '', /^application\/json/);
    t.regex(res.headers.get('content-disposition') ?? '', /attachment; filename="resume-\d+\.json"/);
    t.is(res.text, answers[0]!.text, `viewer ${index} gets the visitor's file`);
  }
  const document = answers[0]!.body as Record<string, any>;
  t.is(jsonResumeProblem(document), null, 'valid against the JSON Resume schema');
  const text = answers[0]!.text;
  t.true(text.includes(`public-${stamp}`), 'public items are in it');
  t.false(text.includes(`authenticated-${stamp}`), 'members-only items are not');
  t.false(text.includes(`private-${stamp}`), 'private items are not');
  t.false(text.includes(`dana-${stamp}@example.com`), 'a private e-mail is not');
  t.false(text.includes('555-0199'), 'a members-only phone is not');

  t.is(document.basics.name, 'Dana Reyes');
  t.is(document.basics.label, 'Lieutenant, Paramedic');
  t.deepEqual(document.basics.profiles, [{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/dana-reyes' }]);
  t.deepEqual(
    document.work.map((w: any) => [w.name, w.position, w.startDate]),
    [['Austin Fire Department', `Firefighter public-${stamp}`, '2015-03-01']],
  );
  t.deepEqual(
    document.education.map((e: any) => [e.institution, e.studyType, e.startDate]),
    [['Texas Fire Academy', 'Firefighter II', '2012']],
  );
  t.deepEqual(
    document.certificates.map((c: any) => [c.name, c.issuer, c.date, c['x-turnout'].fields.expiresOn]),
    [[`Paramedic public-${stamp}`, 'NREMT', '2016', '03/2028']],
  );
  t.deepEqual(
    document.awards.map((a: any) => [a.title, a.date, a.awarder]),
    [['Medal of Valor', '2019', 'AFD']],
  );
  t.deepEqual(
    document.skills.map((s: any) => [s.name, s.level]),
    [[`Extrication public-${stamp}`, 'advanced']],
  );
  t.is(document.meta['x-turnout'].profile.rank, 'Lieutenant');

  const etag = answers[0]!.headers.get('etag')!;
  t.is((await conditionalGet(app.baseUrl + path, etag, { accept: 'application/json' })).status, 304, 'kept: 304');
  await addItem(owner, profile.id, 'skills', { name: 'Rope rescue', category: 'firefighter', level: 'expert' });
  const changed = await as(null).get(path);
  t.not(changed.headers.get('etag'), etag, 'a new version is a new file');
  t.true(changed.text.includes('Rope rescue'));
});

test('JSON Resume export: a draft is not found for visitors and members, found for its owner', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { profileStatus: 'draft' });
  const path = `/profiles/${profile.id}/resume.json`;
  t.is((await as(null).get(path)).status, 404);
  t.is((await as(await createUser()).get(path)).status, 404);
  t.is((await as(owner).get(path)).status, 200);
  t.is((await as(null).get('/profiles/12abc/resume.json')).status, 404);
});

test('check at source: a certification with a registry number links to its body’s lookup for whoever sees it; Add to LinkedIn is the owner’s', async (t) => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { name: 'Kim Avery' });
  await addItem(owner, profile.id, 'certifications', {
    name: 'Paramedic',
    issuer: 'National Registry of EMTs',
    year: 2014,
    expires: '03/2028',
    credentialId: 'P1234567',
    visibility: 'public',
  });
  await addItem(owner, profile.id, 'certifications', {
    name: 'BLS Provider',
    issuer: 'American Heart Association',
    year: 2024,
    credentialId: 'SECRET9876',
    visibility: 'private',
  });
  const html = { headers: { Accept: 'text/html' } };
  const visitor = (await as(null).get(`/profiles/${profile.id}/public`, html)).text;
  t.true(visitor.includes('Check at source (NREMT)'));
  t.true(visitor.includes('href="https://www.nremt.org/verify-credentials"'));
  t.true(visitor.includes('Registry number P1234567'));
  t.false(visitor.includes('SECRET9876'), 'a private certification’s number never reaches a visitor');
  t.false(visitor.includes('Add to LinkedIn'), 'Add to LinkedIn is not offered to visitors');

  const own = (await as(owner).get(`/profiles/${profile.id}`, html)).text;
  const links = [...own.matchAll(/href="(https:\/\/www\.linkedin\.com\/profile\/add\?[^"]+)"/g)].map(
    (m) => new URL(m[1]!.replace(/&amp;/g, '&')),
  );
  const paramedic = links.find((url) => url.searchParams.get('name') === 'Paramedic')!;
  t.deepEqual(Object.fromEntries(paramedic.searchParams), {
    startTask: 'CERTIFICATION_NAME',
    name: 'Paramedic',
    organizationName: 'National Registry of EMTs',
    issueYear: '2014',
    expirationYear: '2028',
    expirationMonth: '3',
    certUrl: 'https://www.nremt.org/verify-credentials',
    certId: 'P1234567',
  });
  t.true(own.includes('Check at source (AHA eCards)'), 'the owner sees the lookup of their private one too');

  const exported = (await as(null).get(`/profiles/${profile.id}/resume.json`)).body;
  t.deepEqual(
    exported.certificates.map((c: any) => [c.name, c.url]),
    [['Paramedic', 'https://www.nremt.org/verify-credentials']],
  );
});
