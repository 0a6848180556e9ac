/**
 * Import from LinkedIn and JSON Resume (docs/decisions/import-and-json-resume.md) over HTTP, as the owner's plain
 * forms post it: a real-shaped LinkedIn export (LinkedIn's documented columns) and a JSON Resume file are previewed,
 * the ticked rows added as private items, a second import of the same file adds nothing twice, and both round-trip
 * through the JSON Resume export. Hostile files (a ZIP bomb, too many entries, 50 MB, 100,000 entries, formulas)
 * get a clear 4xx and leave nothing stored changed.
 */
import net from 'node:net';
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { linkedInExport, uploadImport, zipOf } from '../helpers/importFiles';
import { IMPORT_MESSAGES, IMPORT_SKIPS } from '../../src/validation/imports';

let app: TestApp;
test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

const as = (account: CreatedUser | null) => clientAs(app, account);
const owned = async () => {
  const owner = await createUser();
  const profile = await createProfileFor(owner, { name: 'Sam Ortiz', department: 'Austin Fire Department' });
  return { owner, profileId: profile.id };
};
const zipFile = (bytes: Buffer) => ({ bytes, name: 'Basic_LinkedInDataExport.zip', type: 'application/zip' });
const jsonFile = (document: unknown) => ({
  bytes: Buffer.from(JSON.stringify(document)),
  name: 'resume.json',
  type: 'application/json',
});

/** The preview page's rows: offered ones by their checkbox (key) and text, skipped ones by their text. */
function previewRows(html: string) {
  const section = (id: string) => html.split(`data-testid="import-${id}"`)[1]?.split('</ul>')[0] ?? '';
  const offered = [...section('offered').matchAll(/value="(r\d+)"[^>]*>.*?<strong>([^<]*)<\/strong>/gs)].map((m) => ({
    key: m[1]!,
    title: m[2]!,
  }));
  const skipped = [...section('skipped').matchAll(/<strong>([^<]*)<\/strong><span[^>]*>([^<]*)<\/span>/gs)].map(
    (m) => ({ title: m[1]!, reason: m[2]! }),
  );
  return { offered, skipped };
}

/** Uploads, follows the 303 to the preview and reads it. */
async function preview(owner: CreatedUser, profileId: number, file: { bytes: Buffer; name: string; type: string }) {
  const upload = await uploadImport(app, owner.token, profileId, file);
  if (upload.status !== 303) throw new Error(`upload answered ${upload.status}: ${upload.text.slice(0, 500)}`);
  const page = await as(owner).get(upload.location!, { headers: { Accept: 'text/html' } });
  if (page.status !== 200) throw new Error(`the preview answered ${page.status}`);
  return { path: upload.location!, html: page.text, ...previewRows(page.text) };
}

const add = (owner: CreatedUser, path: string, keys: string[]) =>
  as(owner).postForm(path, [['intent', 'add'], ...keys.map((key): [string, string] => ['rows', key])]);

/** Every item of the profile as its owner sees it, by list. */
async function ownItems(owner: CreatedUser, profileId: number) {
  const res = await as(owner).get(`/api/profiles/own/${profileId}`);
  return res.body as Record<string, Array<Record<string, unknown>>>;
}

const LINKEDIN = {
  'Profile.csv': [
    [
      'Sam',
      'Ortiz',
      '',
      '',
      '',
      'Firefighter/Paramedic',
      'Twelve years on the line.',
      'Public Safety',
      '78701',
      'Austin, Texas',
      '',
      '',
      '',
    ],
  ],
  'Positions.csv': [
    ['Austin Fire Department', 'Firefighter/Paramedic', 'Engine 12, B shift.', 'Austin, Texas', 'Mar 2015', ''],
    ['Travis County ESD 2', 'Probationary Firefighter', '', 'Pflugerville, Texas', 'Jun 2012', 'Feb 2015'],
  ],
  'Certifications.csv': [
    ['Paramedic', '', 'NREMT', 'May 2014', 'Mar 2028', 'P1234567'],
    ['Firefighter II', '', 'Texas Commission on Fire Protection', 'Aug 2012', '', 'FF-99881'],
    ['Hazmat Technician', '', '', 'Jan 2016', '', ''],
  ],
  'Education.csv': [
    ['Austin Community College', '2010', '2012', '', 'Associate of Applied Science, Fire Protection', ''],
  ],
  'Skills.csv': [['Vehicle Extrication'], ['=HYPERLINK("http://evil.example","click")'], ['Vehicle extrication']],
  'Honors.csv': [['Lifesaving Award', 'For a cardiac arrest save on I-35.', 'Oct 2019']],
};

test('LinkedIn export: the preview maps each row or says why it is skipped; the ticked rows are added as private; a second import adds nothing twice', async (t) => {
  const { owner, profileId } = await owned();
  const bytes = await linkedInExport(LINKEDIN, { 'Connections.csv': 'First Name,Last Name\r\nA,B\r\n' });
  const first = await preview(owner, profileId, zipFile(bytes));
  t.deepEqual(
    first.offered.map((row) => row.title),
    [
      'Firefighter/Paramedic · Austin Fire Department',
      'Probationary Firefighter · Travis County ESD 2',
      'Paramedic · NREMT',
      'Firefighter II · Texas Commission on Fire Protection',
      'Associate of Applied Science, Fire Protection · Austin Community College',
      'Vehicle Extrication',
      '=HYPERLINK(&quot;http://evil.example&quot;,&quot;click&quot;)',
      'Lifesaving Award',
    ],
  );
  t.true(first.html.includes('Finished On (Feb 2015) is not kept'), 'what an offered row loses is said');
  const reasons = Object.fromEntries(first.skipped.map((row) => [row.title, row.reason.split(' · ')[0]]));
  t.is(reasons['Sam · Ortiz · Firefighter/Paramedic'], IMPORT_SKIPS.profileFields.replace(/'/g, '&#x27;'));
  t.is(reasons['Hazmat Technician'], 'Issuer is required');
  t.is(reasons['Vehicle extrication'], IMPORT_SKIPS.twice);
  t.is(reasons['Connections.csv'], IMPORT_SKIPS.noList('this file'));

  // The owner unticks the formula skill.
  const formula = first.offered.find((row) => row.title.startsWith('=HYPERLINK'))!;
  const ticked = first.offered.filter((row) => row !== formula).map((row) => row.key);
  const added = await add(owner, first.path, ticked);
  t.is(added.status, 303);
  t.is(added.headers.get('location'), `/profiles/${profileId}/import#import-status`);
  const back = await as(owner).get(`/profiles/${profileId}/import`, { headers: { Accept: 'text/html' } });
  t.is(back.status, 200);
  t.true(back.text.includes(IMPORT_MESSAGES.added(7)), 'the status line says what was added');

  const items = await ownItems(owner, profileId);
  t.deepEqual(
    items.timeline!.map((item) => [item.type, item.event, item.department, item.date, item.visibility]).sort(),
    [
      ['hired', 'Firefighter/Paramedic', 'Austin Fire Department', 'Mar 2015', 'private'],
      ['hired', 'Probationary Firefighter', 'Travis County ESD 2', 'Jun 2012', 'private'],
      [
        'training_completed',
        'Associate of Applied Science, Fire Protection',
        'Austin Community College',
        null,
        'private',
      ],
    ],
  );
  const paramedic = items.certifications!.find((item) => item.name === 'Paramedic')!;
  t.like(paramedic, {
    issuer: 'NREMT',
    year: 2014,
    expires: 2028,
    expiresOn: '03/2028',
    credentialId: 'P1234567',
    visibility: 'private',
  });
  t.deepEqual(
    items.skills!.map((item) => item.name),
    ['Vehicle Extrication'],
  );
  t.like(items.awards![0], { name: 'Lifesaving Award', year: '2019', citation: 'For a cardiac arrest save on I-35.' });

  const visitor = await as(null).get(`/api/profiles/${profileId}`);
  t.is(
    visitor.body.timeline.length + visitor.body.certifications.length + visitor.body.skills.length,
    0,
    'private: a visitor sees none',
  );

  // The preview was taken: posting it again adds nothing.
  t.is((await add(owner, first.path, ticked)).status, 404);

  // The same file again: every added row is on the profile; only the unticked one is offered.
  const second = await preview(owner, profileId, zipFile(bytes));
  t.deepEqual(
    second.offered.map((row) => row.title),
    [formula.title],
  );
  t.is(second.skipped.filter((row) => row.reason.startsWith(IMPORT_SKIPS.onProfile)).length, 8);
  t.is((await as(owner).postForm(second.path, { intent: 'cancel' })).status, 303);
  t.is((await ownItems(owner, profileId)).skills!.length, 1, 'cancel adds nothing');
});

test('only the owner imports: another member 403, a visitor is sent to sign in, a missing profile 404', async (t) => {
  const { profileId } = await owned();
  const other = await createUser();
  const admin = await createUser({ role: 'admin' });
  const bytes = await linkedInExport({ 'Skills.csv': [['Ladders']] });
  t.is((await uploadImport(app, other.token, profileId, zipFile(bytes))).status, 403);
  t.is((await uploadImport(app, admin.token, profileId, zipFile(bytes))).status, 403);
  t.is((await as(other).get(`/profiles/${profileId}/import`, { headers: { Accept: 'text/html' } })).status, 403);
  t.is((await as(null).get(`/profiles/${profileId}/import`, { headers: { Accept: 'text/html' } })).status, 302);
  t.is((await uploadImport(app, other.token, 999999, zipFile(bytes))).status, 404);
  const { owner, profileId: own } = await owned();
  const mine = await preview(owner, own, zipFile(bytes));
  t.is(
    (await add(other, mine.path.replace(`/profiles/${own}/`, `/profiles/${profileId}/`), [mine.offered[0]!.key]))
      .status,
    403,
  );
  t.is((await as(other).get(mine.path, { headers: { Accept: 'text/html' } })).status, 403);
});

const RESUME = {
  basics: { name: 'Sam Ortiz', label: 'Firefighter/Paramedic', summary: 'Twelve years on the line.' },
  work: [
    { name: 'Austin Fire Department', position: 'Lieutenant', startDate: '2020-06-01', summary: 'Ladder 4.' },
    { name: 'Austin Fire Department', position: 'Firefighter/Paramedic', startDate: '2015-03' },
  ],
  education: [{ institution: 'Texas Fire Academy', studyType: 'Certificate', area: 'Fire Science', startDate: '2011' }],
  certificates: [{ name: 'Fire Officer I', issuer: 'The Pro Board', date: '2019-05' }],
  awards: [
    { title: 'Medal of Valor', date: '2021', awarder: 'Austin Fire Department', summary: 'Rescue at a 3-alarm fire.' },
  ],
  skills: [{ name: 'Rope Rescue', level: 'Advanced', keywords: ['Rope Rescue Technician'] }],
  languages: [{ language: 'Spanish', fluency: 'Fluent' }],
};

/** Makes every item of the profile public (plain SQL, as the owner would one by one) and waits for the caches. */
async function publishAll(profileId: number) {
  for (const table of ['profile_timeline', 'profile_certifications', 'profile_awards', 'profile_skills'])
    await app.db(table).where('profile_id', profileId).update({ visibility: 'public' });
  await app.caughtUp();
}

const entries = (document: Record<string, any>) => ({
  work: document.work.map((w: any) => [w.name, w.position, w.startDate]),
  education: document.education.map((e: any) => [e.institution, e.studyType, e.startDate]),
  certificates: document.certificates.map((c: any) => [c.name, c.issuer, c.date?.slice(0, 4)]),
  awards: document.awards.map((a: any) => [a.title, a.date, a.awarder, a.summary]),
  skills: document.skills.map((s: any) => [s.name, s.level?.toLowerCase(), s.keywords]),
});
const sorted = (value: ReturnType<typeof entries>) =>
  Object.fromEntries(Object.entries(value).map(([key, rows]) => [key, [...rows].sort()]));

test('round trip: a JSON Resume file and a LinkedIn export, imported, published and exported as JSON Resume, give the same entries', async (t) => {
  const { owner, profileId } = await owned();
  const fromResume = await preview(owner, profileId, jsonFile(RESUME));
  t.deepEqual(
    fromResume.skipped.map((row) => row.title),
    ['Basics', '1 languages'],
  );
  t.is(
    (
      await add(
        owner,
        fromResume.path,
        fromResume.offered.map((row) => row.key),
      )
    ).status,
    303,
  );
  await publishAll(profileId);
  const exported = (await as(null).get(`/profiles/${profileId}/resume.json`)).body;
  t.deepEqual(sorted(entries(exported)), sorted(entries({ ...RESUME, certificates: RESUME.certificates })));

  // And the export imports into another profile with nothing lost (its x-turnout extension).
  const { owner: second, profileId: secondId } = await owned();
  const again = await preview(second, secondId, jsonFile(exported));
  t.is(again.offered.length, fromResume.offered.length);
  await add(
    second,
    again.path,
    again.offered.map((row) => row.key),
  );
  await publishAll(secondId);
  const twice = (await as(null).get(`/profiles/${secondId}/resume.json`)).body;
  t.deepEqual(sorted(entries(twice)), sorted(entries(exported)));

  // LinkedIn: positions, certifications, education, skills and honors come back as the same entries.
  const { owner: third, profileId: thirdId } = await owned();
  const linkedIn = await preview(third, thirdId, zipFile(await linkedInExport(LINKEDIN)));
  await add(
    third,
    linkedIn.path,
    linkedIn.offered.map((row) => row.key),
  );
  await publishAll(thirdId);
  const fromLinkedIn = entries((await as(null).get(`/profiles/${thirdId}/resume.json`)).body);
  t.deepEqual(
    sorted(fromLinkedIn),
    sorted({
      work: [
        ['Austin Fire Department', 'Firefighter/Paramedic', '2015-03'],
        ['Travis County ESD 2', 'Probationary Firefighter', '2012-06'],
      ],
      education: [['Austin Community College', 'Associate of Applied Science, Fire Protection', '2010']],
      certificates: [
        ['Paramedic', 'NREMT', '2014'],
        ['Firefighter II', 'Texas Commission on Fire Protection', '2012'],
      ],
      awards: [['Lifesaving Award', '2019', undefined, 'For a cardiac arrest save on I-35.']],
      skills: [
        ['Vehicle Extrication', 'intermediate', undefined],
        ['=HYPERLINK("http://evil.example","click")', 'intermediate', undefined],
      ],
    }),
  );
});

/** What the owner has stored: every list item and waiting preview of the profile. */
async function stored(profileId: number) {
  const counts = await Promise.all(
    ['profile_timeline', 'profile_certifications', 'profile_skills', 'profile_imports'].map(async (table) =>
      Number(((await app.db(table).where('profile_id', profileId).count('* as n').first()) as { n: string }).n),
    ),
  );
  return counts;
}

test('hostile files get a clear 4xx on the form and change nothing stored', async (t) => {
  const { owner, profileId } = await owned();
  const kept = await preview(owner, profileId, zipFile(await linkedInExport({ 'Skills.csv': [['Ladders']] })));
  await add(
    owner,
    kept.path,
    kept.offered.map((row) => row.key),
  );
  const before = await stored(profileId);

  const refused = async (file: { bytes: Buffer; name: string; type: string }, status: number, message: string) => {
    const res = await uploadImport(app, owner.token, profileId, file);
    t.is(res.status, status, message);
    t.true(res.text.includes(message.replace(/'/g, '&#x27;').replace(/"/g, '&quot;')), `the form says: ${message}`);
    t.deepEqual(await stored(profileId), before, 'nothing stored changed');
  };
  // A ZIP bomb: 40 MB of one byte, deflated to a few kilobytes, named as a file the import reads.
  const bomb = await zipOf({ 'Positions.csv': Buffer.alloc(40 * 1024 * 1024, 0x41) });
  t.true(bomb.length < 200 * 1024);
  await refused(zipFile(bomb), 413, IMPORT_MESSAGES.zipTooLarge);
  const crowded = await zipOf(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`f${i}.csv`, 'a'])));
  await refused(zipFile(crowded), 413, IMPORT_MESSAGES.zipTooManyEntries);
  await refused(zipFile(await zipOf({ 'Photos/1.jpg': 'x' })), 400, IMPORT_MESSAGES.noLinkedInFiles);
  await refused(zipFile(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)])), 400, IMPORT_MESSAGES.badZip);
  await refused(
    { bytes: Buffer.from('%PDF-1.7'), name: 'x.pdf', type: 'application/pdf' },
    400,
    IMPORT_MESSAGES.unknownFile,
  );
  await refused(
    { bytes: Buffer.from('{"work": ['), name: 'r.json', type: 'application/json' },
    400,
    IMPORT_MESSAGES.badJson,
  );
  await refused(
    jsonFile({ work: [{ startDate: 'last spring' }] }),
    400,
    IMPORT_MESSAGES.notJsonResume(
      'work.0.startDate must match pattern "^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"',
    ),
  );
  const huge = { skills: Array.from({ length: 100_000 }, (_, i) => ({ name: `Skill ${i}` })) };
  await refused(jsonFile(huge), 413, IMPORT_MESSAGES.tooManyRows);
  const unreadable = await linkedInExport({}, { 'Positions.csv': 'Company Name,Title\r\n"unterminated,x\r\n' });
  const res = await uploadImport(app, owner.token, profileId, zipFile(unreadable));
  t.is(res.status, 400);
  t.regex(res.text, /Positions\.csv could not be read/);
  t.deepEqual(await stored(profileId), before);
});

test('a 50 MB upload is refused with 413 before the server has read it', async (t) => {
  const { owner, profileId } = await owned();
  const { hostname, port } = new URL(app.baseUrl);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `POST /profiles/${profileId}/import HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${owner.token}\r\n` +
          `Origin: ${app.baseUrl}\r\nAccept: text/html\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(1024 * 1024, 0x41)); // 1 MB of the 50 declared
    });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('</html>')) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
  t.regex(answer, /^HTTP\/1\.1 413/);
  t.true(answer.includes(IMPORT_MESSAGES.tooLarge));
  t.deepEqual(await stored(profileId), [0, 0, 0, 0]);
});
