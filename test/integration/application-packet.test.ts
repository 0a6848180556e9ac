/**
 * The application packet (docs/decisions/application-packet.md): one PDF of at most 5 MB from 3 photos of
 * certificates at 12 MP and 3 PDFs, that qpdf finds sound, holding the chosen documents and none of the others,
 * nor any private item; only the owner builds one; bad choices get the page again with a 400.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { textPdf } from '../helpers/hostileFiles';
import { ProofDocument } from '../../src/models/ProofDocument';
import { PACKET_MESSAGES } from '../../src/validation/documents';
import { needsPdfTools } from '../helpers/pdfTools';
import { cameraPhoto, uploadDocument } from '../helpers/upload';
import { jsonEntry, unzip } from '../helpers/zip';
import { jsonResumeProblem } from '../../src/services/imports/jsonResumeSchema';

const withPdfTools = needsPdfTools(test.serial);

let app: TestApp;
let dir: string;
let owner: CreatedUser;
let other: CreatedUser;
let profileId: number;
const ids: Record<string, number> = {};

async function upload(bytes: Buffer, name: string, item: string, title: string) {
  await uploadDocument(app, owner, profileId, { bytes, name, item, title });
  ids[title] = (await ProofDocument.query().where({ profileId, title }).first())!.id;
}

test.before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-packet-'));
  app = await startTestApp({ rateLimitsEnabled: false, mediaDir: dir });
  owner = await createUser({ name: 'Dana Whitfield' });
  other = await createUser();
  profileId = (await createProfileFor(owner, { defaultVisibility: 'public', profileStatus: 'live' })).id;
  const add = async (list: string, item: Record<string, unknown>) => {
    const res = await clientAs(app, owner).post(`/api/profiles/${profileId}/${list}`, item);
    if (res.status !== 201) throw new Error(`${list}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { id: number }).id;
  };
  const cert = await add('certifications', {
    name: 'Firefighter II',
    issuer: 'Pro Board',
    year: 2019,
    visibility: 'public',
  });
  await add('certifications', { name: 'PRIVATE-CERT-CANARY', issuer: 'Nobody', year: 2020, visibility: 'private' });
  const item = `certifications:${cert}`;
  for (const n of [1, 2, 3]) await upload(await cameraPhoto(`PHOTO ${n}`), `photo${n}.jpg`, item, `Scan ${n}`);
  for (const n of [1, 2]) await upload(await textPdf([`CHOSEN-PDF-${n}`]), `doc${n}.pdf`, item, `Pdf ${n}`);
  await upload(await textPdf(['UNCHOSEN-PDF-CANARY']), 'doc3.pdf', item, 'Unchosen');
});
test.after.always(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

async function build(who: CreatedUser, fields: Array<[string, string]>) {
  const response = await fetch(`${app.baseUrl}/profiles/${profileId}/application`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
    headers: {
      Origin: app.baseUrl,
      Authorization: `Bearer ${who.token}`,
      Accept: 'text/html',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

withPdfTools('the packet: one sound PDF of at most 5 MB with the chosen documents and nothing else', async (t) => {
  const page = await clientAs(app, owner).get(`/profiles/${profileId}/application`);
  t.is(page.status, 200);
  t.regex(page.text, /CPAT card/, 'the checklist is seeded');

  const answer = await build(owner, [
    ['department', 'Austin Fire Department'],
    ['checklist', 'CPAT card'],
    ['required', String(ids['Pdf 1'])],
    ['required', String(ids['Scan 1'])],
    ['optional', String(ids['Scan 2'])],
    ['optional', String(ids['Scan 3'])],
    ['optional', String(ids['Pdf 2'])],
    ['resume', 'true'],
    ['verification', 'true'],
  ]);
  t.is(answer.status, 200, answer.bytes.toString().slice(0, 300));
  t.is(answer.headers.get('content-type'), 'application/pdf');
  t.regex(
    answer.headers.get('content-disposition') ?? '',
    /^attachment; filename="Dana-Whitfield-Austin-Fire-Department-Application\.pdf"$/,
  );
  t.true(answer.bytes.length <= 5 * 1024 * 1024, `${answer.bytes.length} bytes`);
  const file = path.join(dir, 'packet.pdf');
  await writeFile(file, answer.bytes);
  t.notThrows(() => execFileSync('qpdf', ['--check', file]));
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  for (const wanted of [
    'Dana Whitfield',
    'Austin Fire Department',
    'CPAT card',
    'CHOSEN-PDF-1',
    'CHOSEN-PDF-2',
    'Firefighter II',
    'How to verify',
  ])
    t.true(text.includes(wanted), wanted);
  for (const canary of ['UNCHOSEN-PDF-CANARY', 'PRIVATE-CERT-CANARY', 'Photo ID', owner.user.email])
    t.false(text.includes(canary), canary);
  // Cover, the required PDF's page, the first scan, the résumé, two scans, the second PDF, the verification page.
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
  t.true(pages >= 8, `${pages} pages`);
  t.regex(execFileSync('pdfdetach', ['-list', file]).toString(), /0 embedded files/);
});

test.serial('bad choices show the page again with a 400; nobody else builds a packet', async (t) => {
  const none = await build(owner, [['department', 'Austin Fire Department']]);
  t.is(none.status, 400);
  t.true(none.bytes.toString().includes(PACKET_MESSAGES.nothing));
  const noDepartment = await build(owner, [['resume', 'true']]);
  t.is(noDepartment.status, 400);
  const others = await build(owner, [
    ['department', 'Austin Fire Department'],
    ['required', '999999'],
  ]);
  t.is(others.status, 400);
  t.true(others.bytes.toString().includes(PACKET_MESSAGES.documents));
  t.is(
    (
      await build(other, [
        ['department', 'X'],
        ['resume', 'true'],
      ])
    ).status,
    403,
  );
  t.is((await clientAs(app, other).get(`/profiles/${profileId}/application`)).status, 403);
});

/** The owner linked to `departmentId` and verified by an admin: the approval signs a membership credential. */
async function verifiedIn(departmentId: number) {
  const client = clientAs(app, owner);
  const link = await client.post('/api/departments/user', { departmentId });
  if (link.status !== 201) throw new Error(`link: ${link.status} ${link.text}`);
  const asked = await client.post(`/api/departments/user/${link.body.id}/verification`);
  if (asked.status !== 201) throw new Error(`request: ${asked.status} ${asked.text}`);
  const request = (await app
    .db('membership_verifications')
    .where({ user_id: owner.user.id, department_id: departmentId, status: 'pending' })
    .first('id')) as { id: number };
  const decided = await clientAs(app, admin).post(`/api/verifications/${request.id}/decision`, { decision: 'approve' });
  if (decided.status !== 200) throw new Error(`decision: ${decided.status} ${decided.text}`);
  return link.body.id as number;
}

let admin: CreatedUser;
let kept: { id: number; name: string };
let revoked: { id: number; name: string };
let holdingCount = 0;
let revokedIds: string[] = [];

/** Two verified memberships with signed credentials; the second credential revoked at the owner's request. */
async function withCredentials() {
  if (kept) return;
  admin = await createUser({ role: 'admin' });
  const rows = (await app
    .db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .offset(3)
    .limit(2)
    .select('id', 'name')) as Array<{ id: number; name: string }>;
  [kept, revoked] = [rows[0]!, rows[1]!];
  await verifiedIn(kept.id);
  const revokedLink = await verifiedIn(revoked.id);
  const asked = await clientAs(app, owner).postForm(`/account/credentials/${revokedLink}/revoke`, {});
  if (asked.status !== 303) throw new Error(`revoke: ${asked.status} ${asked.text.slice(0, 200)}`);
  const holding = await app.db('issued_credentials').where({ user_id: owner.user.id }).whereNull('revoked_at');
  holdingCount = holding.length;
  revokedIds = (await app
    .db('issued_credentials')
    .where({ user_id: owner.user.id })
    .whereNotNull('revoked_at')
    .pluck('id')) as string[];
}

withPdfTools('the packet embeds each chosen, unrevoked membership credential as a PDF attachment', async (t) => {
  await withCredentials();
  t.is(holdingCount, 1, 'one credential holds, one is revoked');
  t.is(revokedIds.length, 1);
  const chosen = await build(owner, [
    ['department', 'Austin Fire Department'],
    ['required', String(ids['Pdf 1'])],
    ['credentials', 'true'],
  ]);
  t.is(chosen.status, 200, chosen.bytes.toString().slice(0, 300));
  const file = path.join(dir, 'with-credentials.pdf');
  await writeFile(file, chosen.bytes);
  const listed = execFileSync('pdfdetach', ['-list', file]).toString();
  t.regex(listed, /1 embedded files/);
  const safe = (name: string) =>
    `${name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')}-Membership.json`;
  t.true(listed.includes(safe(kept.name)), listed);
  t.false(listed.includes(safe(revoked.name)), 'a revoked credential stays out');
  execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'credential.json'), file]);
  const embedded = JSON.parse((await import('node:fs')).readFileSync(path.join(dir, 'credential.json'), 'utf8'));
  t.deepEqual(embedded.type, ['VerifiableCredential', 'OpenBadgeCredential']);
  t.is(embedded.issuer.name, kept.name);
  t.truthy(embedded.proof, 'signed as issued');
  // Not ticked: nothing attached.
  const unticked = await build(owner, [
    ['department', 'Austin Fire Department'],
    ['required', String(ids['Pdf 1'])],
  ]);
  await writeFile(file, unticked.bytes);
  t.regex(execFileSync('pdfdetach', ['-list', file]).toString(), /0 embedded files/);
});

withPdfTools(
  'the ZIP for machines: resume.json, the packet PDF and the chosen credentials, nothing else',
  async (t) => {
    await withCredentials();
    const answer = await build(owner, [
      ['department', 'Austin Fire Department'],
      ['required', String(ids['Pdf 1'])],
      ['optional', String(ids['Scan 2'])],
      ['resume', 'true'],
      ['verification', 'true'],
      ['credentials', 'true'],
      ['format', 'zip'],
    ]);
    t.is(answer.status, 200, answer.bytes.toString().slice(0, 300));
    t.is(answer.headers.get('content-type'), 'application/zip');
    t.is(answer.headers.get('cache-control'), 'private, no-store');
    t.regex(
      answer.headers.get('content-disposition') ?? '',
      /^attachment; filename="Dana-Whitfield-Austin-Fire-Department-Application\.zip"$/,
    );
    const entries = await unzip(answer.bytes);
    const credentialFile = `credentials/${kept.name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')}-Membership.json`;
    t.deepEqual(
      [...entries.keys()].sort(),
      [credentialFile, 'Dana-Whitfield-Austin-Fire-Department-Application.pdf', 'resume.json'].sort(),
    );
    for (const name of entries.keys()) t.regex(name, /^[\w/.-]+$/, 'portal-safe names');
    const resume = jsonEntry(entries, 'resume.json');
    t.is(jsonResumeProblem(resume), null, 'a valid JSON Resume');
    t.is(resume.basics.name, 'Dana Whitfield');
    t.true(resume.certificates.some((c: { name: string }) => c.name === 'Firefighter II'));
    const manifest = resume.meta['x-turnout'].packet;
    t.is(manifest.department, 'Austin Fire Department');
    t.regex(manifest.profileUrl, /^http/);
    t.deepEqual(manifest.documents, ['Pdf 1', 'Scan 2']);
    t.deepEqual(manifest.credentials, [credentialFile]);
    const credential = jsonEntry(entries, credentialFile);
    t.true(manifest.verifyUrls.includes(`${app.baseUrl}/verify/${credential.id.replace('urn:uuid:', '')}`));
    t.is(credential.issuer.name, kept.name);
    // The PDF inside is the packet: sound, with the chosen documents.
    const file = path.join(dir, 'zipped.pdf');
    await writeFile(file, entries.get('Dana-Whitfield-Austin-Fire-Department-Application.pdf')!);
    t.notThrows(() => execFileSync('qpdf', ['--check', file]));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    t.true(text.includes('CHOSEN-PDF-1'));
    // Canaries: nothing unchosen or private anywhere in the ZIP.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n') + text;
    for (const canary of ['UNCHOSEN-PDF-CANARY', 'PRIVATE-CERT-CANARY', 'Unchosen', ...revokedIds, owner.user.email])
      t.false(everything.includes(canary), canary);

    // Neither résumé nor credentials ticked: resume.json keeps the manifest and no section; no credentials folder.
    const bare = await build(owner, [
      ['department', 'Austin Fire Department'],
      ['required', String(ids['Pdf 1'])],
      ['format', 'zip'],
    ]);
    const bareEntries = await unzip(bare.bytes);
    t.false([...bareEntries.keys()].some((name) => name.startsWith('credentials/')));
    const bareResume = jsonEntry(bareEntries, 'resume.json');
    t.deepEqual(bareResume.certificates, []);
    t.deepEqual(bareResume.meta['x-turnout'].packet.credentials, []);
    t.false(bareEntries.get('resume.json')!.toString().includes('Firefighter II'));
    // Another user gets no ZIP either.
    t.is(
      (
        await build(other, [
          ['department', 'X'],
          ['resume', 'true'],
          ['format', 'zip'],
        ])
      ).status,
      403,
    );
    t.is(
      (
        await build(owner, [
          ['department', 'X'],
          ['resume', 'true'],
          ['format', 'tar'],
        ])
      ).status,
      400,
    );
  },
);
