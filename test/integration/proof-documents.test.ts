/**
 * Proof documents (docs/decisions/proof-documents.md): the owner attaches a PDF or an image to a certification,
 * license, timeline entry or award; it is private (never in a visitor's page, JSON or résumé); images are
 * re-encoded without metadata, PDFs rebuilt without script; hostile uploads get a clear 4xx, never a 500; a
 * removed document's file goes, and so does an item's documents' files when the item goes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { declaredUpload, pngBomb, textPdf } from '../helpers/hostileFiles';
import { reauthenticate } from '../helpers/stepUp';
import { unzip } from '../helpers/zip';
import { ProofDocument } from '../../src/models/ProofDocument';
import { retryPendingFileDeletions } from '../../src/services/fileDeletions';
import { LocalMediaStore } from '../../src/services/photos/store';
import { createLogger } from '../../src/log';
import { DOCUMENT_MESSAGES } from '../../src/validation/documents';
import { PHOTO_MESSAGES } from '../../src/validation/photos';
import { needsPdfTools } from '../helpers/pdfTools';

const withPdfTools = needsPdfTools(test.serial);

let app: TestApp;
let mediaDir: string;
let owner: CreatedUser;
let other: CreatedUser;
let profileId: number;
let certificationId: number;
let awardId: number;

const CANARY = 'PRIVATE-DOCUMENT-CANARY-7731';

test.before(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-documents-'));
  app = await startTestApp({ rateLimitsEnabled: false, mediaDir });
  owner = await createUser({ name: 'Dana Whitfield' });
  other = await createUser();
  profileId = (await createProfileFor(owner, { defaultVisibility: 'public', profileStatus: 'live' })).id;
  const add = async (list: string, item: Record<string, unknown>) => {
    const res = await clientAs(app, owner).post(`/api/profiles/${profileId}/${list}`, {
      visibility: 'public',
      ...item,
    });
    if (res.status !== 201) throw new Error(`${list}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { id: number }).id;
  };
  certificationId = await add('certifications', { name: 'EMT-Basic', issuer: 'NREMT', year: 2020 });
  awardId = await add('awards', { name: 'Medal of Valor', year: '2021', type: 'valor' });
});
test.after.always(async () => {
  await app?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

async function upload(
  who: CreatedUser,
  bytes: Buffer,
  name: string,
  fields: Record<string, string> = { item: `certifications:${certificationId}`, title: 'EMT card' },
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${app.baseUrl}/profiles/${profileId}/documents/upload`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: app.baseUrl, Authorization: `Bearer ${who.token}`, Accept: 'text/html' },
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

const documentsOf = () => ProofDocument.query().where({ profileId }).orderBy('id');
const storedFile = (document: ProofDocument) =>
  path.join(mediaDir, 'documents', document.storageKey, `document.${document.kind === 'pdf' ? 'pdf' : 'jpg'}`);
const download = (who: CreatedUser | null, document: ProofDocument) =>
  clientAs(app, who).get(`/profiles/${profileId}/documents/${document.id}/file`);

withPdfTools('a PDF with JavaScript is stored without it, private, and only its owner downloads it', async (t) => {
  const hostile = await textPdf([CANARY, 'Page two'], { script: true });
  t.true(hostile.includes('JavaScript'), 'the upload carries script');
  const answer = await upload(owner, hostile, 'emt card (scan).pdf');
  t.is(answer.status, 303, answer.text);
  t.is(answer.location, `/profiles/${profileId}/documents`);
  const [document] = await documentsOf();
  t.like(document, { kind: 'pdf', target: 'certifications', certificationId, title: 'EMT card', pageCount: 2 });

  const mine = await download(owner, document!);
  t.is(mine.status, 200);
  t.is(mine.headers.get('content-type'), 'application/pdf');
  t.regex(mine.headers.get('cache-control') ?? '', /no-store/);
  t.regex(mine.headers.get('content-disposition') ?? '', /filename="EMT-card\.pdf"/);
  const stored = storedFile(document!);
  const text = execFileSync('pdftotext', [stored, '-']).toString();
  t.true(text.includes(CANARY), 'the pages are kept');
  const raw = execFileSync('qpdf', ['--qdf', '--object-streams=disable', stored, '-']).toString('latin1');
  t.notRegex(raw, /JavaScript|OpenAction|\/AA|\/JS|\/Launch/, 'no script, open action or page action survives');
  t.notThrows(() => execFileSync('qpdf', ['--check', stored]));

  for (const who of [other, null]) t.is((await download(who, document!)).status, who ? 403 : 302);
  t.is((await clientAs(app, other).get(`/profiles/${profileId}/documents`)).status, 403);

  // Never in a visitor's page or JSON, nor the owner's public résumé.
  for (const url of [
    `/profiles/${profileId}/public`,
    `/api/profiles/${profileId}`,
    `/api/profiles/${profileId}/certifications`,
    `/profiles/${profileId}/resume`,
  ]) {
    const page = await app.client().get(url);
    t.false(page.text.includes('EMT card'), url);
    t.false(page.text.includes(`/documents/${document!.id}`), url);
  }
  // The owner's page lists it.
  const page = await clientAs(app, owner).get(`/profiles/${profileId}/documents`);
  t.is(page.status, 200);
  t.regex(page.text, /EMT card/);
  t.regex(page.text, /Certification: EMT-Basic/);
});

test.serial('an image is re-encoded as a JPEG without its EXIF', async (t) => {
  const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#336699' } })
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } })
    .jpeg()
    .toBuffer();
  const answer = await upload(owner, jpeg, 'award.jpg', { item: `awards:${awardId}`, title: 'Valor citation' });
  t.is(answer.status, 303, answer.text);
  const document = (await documentsOf()).at(-1)!;
  t.like(document, { kind: 'image', target: 'awards', awardId });
  const meta = await sharp(storedFile(document)).metadata();
  t.is(meta.format, 'jpeg');
  t.is(meta.exif, undefined);
});

test.serial('hostile or wrong uploads get a clear 4xx and store nothing', async (t) => {
  const before = (await documentsOf()).length;
  const filesBefore = (await readdir(path.join(mediaDir, 'documents'))).length;
  const bomb = await upload(owner, pngBomb(30000, 30000), 'bomb.png');
  t.is(bomb.status, 400);
  t.regex(bomb.text, new RegExp(PHOTO_MESSAGES.tooManyPixels));
  const html = await upload(owner, Buffer.from('<html><script>alert(1)</script></html>'), 'x.pdf');
  t.is(html.status, 415);
  const broken = await upload(owner, Buffer.from('%PDF-1.7\nnot really a pdf'), 'broken.pdf');
  t.is(broken.status, 400);
  t.regex(broken.text, /could not be read/);
  const noItem = await upload(owner, await textPdf(['x']), 'x.pdf', { item: 'gear:1', title: 'x' });
  t.is(noItem.status, 400);
  t.true(noItem.text.includes(DOCUMENT_MESSAGES.target));
  const othersItem = await upload(other, await textPdf(['x']), 'x.pdf');
  t.is(othersItem.status, 403);
  t.regex(
    await declaredUpload(app, `/profiles/${profileId}/documents/upload`, owner.token, 50 * 1024 * 1024),
    /^HTTP\/1\.1 413/,
  );
  t.is((await documentsOf()).length, before);
  t.is((await readdir(path.join(mediaDir, 'documents'))).length, filesBefore, 'no file left behind');
});

withPdfTools('the owner’s data export carries their documents', async (t) => {
  await reauthenticate(clientAs(app, owner), owner.password);
  const res = await fetch(`${app.baseUrl}/account-settings/export`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}`, Origin: app.baseUrl, Accept: 'text/html' },
    redirect: 'manual',
  });
  t.is(res.status, 200);
  const zip = await unzip(Buffer.from(await res.arrayBuffer()));
  const [pdf, image] = await documentsOf();
  const listed = JSON.parse(zip.get('profile.json')!.toString()).proofDocuments as Array<{
    file: string;
    title: string;
  }>;
  t.deepEqual(
    listed.map((d) => [d.title, d.file]),
    [
      ['EMT card', `documents/${pdf!.id}-EMT card.pdf`],
      ['Valor citation', `documents/${image!.id}-Valor citation.jpg`],
    ],
  );
  t.true(
    execFileSync('pdftotext', ['-', '-'], { input: zip.get(listed[0]!.file) })
      .toString()
      .includes(CANARY),
  );
  t.is(zip.get(listed[1]!.file)!.subarray(0, 3).toString('hex'), 'ffd8ff');
});

test.serial('removing a document, or the item it proves, removes its file', async (t) => {
  const [pdf, image] = await documentsOf();
  const removed = await clientAs(app, owner).postForm(`/profiles/${profileId}/documents/${pdf!.id}/remove`, {});
  t.is(removed.status, 303);
  t.is(await ProofDocument.query().findById(pdf!.id), undefined);
  t.is((await download(owner, pdf!)).status, 404);
  t.is((await clientAs(app, other).postForm(`/profiles/${profileId}/documents/${image!.id}/remove`, {})).status, 403);

  const gone = await clientAs(app, owner).delete(`/api/profiles/${profileId}/awards/0`);
  t.is(gone.status, 204);
  t.is(await ProofDocument.query().findById(image!.id), undefined, 'the document goes with its item');
  await retryPendingFileDeletions(
    app.db,
    new LocalMediaStore(mediaDir, createLogger({ logLevel: 'silent', nodeEnv: 'test' })),
  );
  t.deepEqual(await readdir(path.join(mediaDir, 'documents')), [], 'both files are gone');
});
