/**
 * The wallet card (docs/decisions/wallet-card.md), over HTTP: the membership credential's compact token — a JWS
 * by the department's key, small enough for a QR — kept with the credential and signed again only with it.
 */
import test from 'ava';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { CompactSign, compactVerify, decodeProtectedHeader, generateKeyPair, importJWK } from 'jose';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { verifyMember } from '../helpers/verification';
import { loadSigning } from '../../src/services/verifiableCredentials/libraries';
import { checkCardToken } from '../../src/validation/cardToken';

let app: TestApp;

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
});
test.after.always(async () => {
  await app?.close();
});

/** A verified member of the department named longest (the largest token), with a long name and rank. */
/**
 * A verified member with a live profile: of the department with the longest name (the longest token), or, with
 * `shortestName`, of the one with the shortest, for a test that changes its department while others run.
 */
async function cardHolder(options: { name?: string; rank?: string; shortestName?: boolean } = {}) {
  const member = await createUser();
  const profile = await createProfileFor(member, {
    name: options.name ?? 'Maximiliana Alexandra Montgomery-Fitzgerald',
    rank: options.rank ?? 'Assistant Chief of Emergency Medical Services',
  });
  const [department] = (await app
    .db('departments')
    .orderByRaw(options.shortestName ? 'length(name), id' : 'length(name) desc, id')
    .limit(1)
    .select('id', 'name')) as { id: number; name: string }[];
  await verifyMember(member.user.id, department!.id);
  const [linkId] = (await app
    .db('user_departments')
    .where({ user_id: member.user.id, department_id: department!.id })
    .pluck('id')) as number[];
  return { member, profile, department: department!, linkId: linkId!, client: clientAs(app, member) };
}

async function download(client: ReturnType<typeof clientAs>, linkId: number) {
  const res = await client.get(`/account/credentials/${linkId}/credential.json`);
  if (res.status !== 200) throw new Error(`download: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as Record<string, any>;
}

/** The public key the department's did:web document publishes for `kid`, as a JWK. */
async function publishedKey(departmentId: number, kid: string) {
  const did = JSON.parse((await app.client().get(`/departments/${departmentId}/did.json`)).text);
  const method = did.verificationMethod.find((candidate: { id: string }) => candidate.id === kid);
  if (!method) throw new Error(`${kid} is not published`);
  const { Ed25519Multikey } = await loadSigning();
  return importJWK(await Ed25519Multikey.toJwk({ keyPair: await Ed25519Multikey.from(method) }), 'EdDSA');
}

const keptToken = async (credentialId: string) =>
  (
    await app
      .db('issued_credentials')
      .where({ id: credentialId.replace('urn:uuid:', '') })
      .first('card_token')
  ).cardToken as string;

test('the credential keeps a compact vc+jwt token by the department key, at most 600 characters', async (t) => {
  const { department, linkId, client } = await cardHolder();
  t.true(department.name.length > 30, 'a long department name');
  const credential = await download(client, linkId);
  const token = await keptToken(credential.id);
  t.true(token.length <= 600, `${token.length} characters`);

  const header = decodeProtectedHeader(token);
  t.is(header.typ, 'vc+jwt');
  t.is(header.alg, 'EdDSA');
  t.is(header.kid, credential.proof.verificationMethod, 'the did:web key that signed the credential');
  const { payload } = await compactVerify(token, await publishedKey(department.id, header.kid!));
  const vc = JSON.parse(inflateRawSync(payload).toString('utf8'));
  t.deepEqual(vc['@context'], ['https://www.w3.org/ns/credentials/v2']);
  t.deepEqual(vc.type, ['VerifiableCredential']);
  t.is(vc.issuer, credential.issuer.id);
  t.is(vc.validUntil, credential.validUntil);
  // Long texts are shortened in the token only, to fit the QR; the credential keeps them whole.
  const begins = (whole: string, cut: string) => cut.endsWith('…') && whole.startsWith(cut.slice(0, -1));
  t.true(begins('Assistant Chief of Emergency Medical Services', vc.credentialSubject.role));
  t.true(begins('Maximiliana Alexandra Montgomery-Fitzgerald', vc.credentialSubject.name));
  t.true(begins(credential.issuer.name, vc.credentialSubject.department));
  t.is(credential.credentialSubject.name, 'Maximiliana Alexandra Montgomery-Fitzgerald');
  t.is(vc.credentialStatus.statusListIndex, credential.credentialStatus.statusListIndex);
  t.is(vc.credentialStatus.statusListCredential, credential.credentialStatus.statusListCredential);

  // Kept: the same credential keeps the same token.
  t.is((await download(client, linkId)).id, credential.id);
  t.is(await keptToken(credential.id), token);

  // A changed copy does not verify.
  const [head, , signature] = token.split('.');
  const forged = JSON.stringify({ ...vc, credentialSubject: { ...vc.credentialSubject, role: 'Chief' } });
  const changed = `${head}.${deflateRawSync(forged).toString('base64url')}.${signature}`;
  await t.throwsAsync(compactVerify(changed, await publishedKey(department.id, header.kid!)));
});

/** The token's credential, checked against the key its header names. */
async function tokenCredential(token: string, departmentId: number) {
  const { payload } = await compactVerify(token, await publishedKey(departmentId, decodeProtectedHeader(token).kid!));
  return JSON.parse(inflateRawSync(payload).toString('utf8'));
}

test('a rank change signs a new token with the new credential', async (t) => {
  const { member, profile, department, linkId, client } = await cardHolder({ name: 'Sam Ortiz', rank: 'Engineer' });
  const first = await download(client, linkId);
  t.is((await clientAs(app, member).patch(`/api/profiles/${profile.id}`, { rank: 'Captain' })).status, 200);
  const second = await download(client, linkId);
  t.not(second.id, first.id);
  t.is((await tokenCredential(await keptToken(first.id), department.id)).credentialSubject.role, 'Engineer');
  const short = await tokenCredential(await keptToken(second.id), department.id);
  t.is(short.credentialSubject.role, 'Captain', 'a short rank is whole');
  t.is(short.credentialSubject.name, 'Sam Ortiz');
});

/** A file as bytes, asked for as `client` (its bearer token or cookies). */
async function bytes(client: ReturnType<typeof clientAs>, url: string) {
  const headers: Record<string, string> = {};
  if (client.bearer) headers.Authorization = `Bearer ${client.bearer}`;
  if (client.cookies.size) headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(app.baseUrl + url, { headers, redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

/** The text a QR PNG encodes, read with jsQR (no code shared with the drawing). */
async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test('the owner prints a card with the QR of the token; nobody else sees it', async (t) => {
  const { department, linkId, client } = await cardHolder({ name: 'Dana Reyes', rank: 'Lieutenant' });
  const settings = await client.get('/account-settings');
  t.true(settings.text.includes(`href="/account/credentials/${linkId}/card"`), 'linked from My Departments');

  const page = await client.get(`/account/credentials/${linkId}/card`);
  t.is(page.status, 200);
  t.false(/<script/i.test(page.text), 'no script');
  for (const fact of ['Dana Reyes', 'Lieutenant', department.name, 'Valid until'])
    t.true(page.text.includes(fact.replace(/&/g, '&amp;')), fact);
  t.regex(page.text, /@media print/);
  t.true(page.text.includes(`src="/account/credentials/${linkId}/card.png"`));

  const png = await bytes(client, `/account/credentials/${linkId}/card.png`);
  t.is(png.status, 200);
  t.is(png.type, 'image/png');
  const credential = await download(client, linkId);
  t.is(await readQr(png.body), await keptToken(credential.id), 'the QR carries the kept token');

  const stranger = clientAs(app, await createUser());
  t.is((await stranger.get(`/account/credentials/${linkId}/card`)).status, 404);
  t.is((await stranger.get(`/account/credentials/${linkId}/card.png`)).status, 404);
  t.not((await bytes(app.client(), `/account/credentials/${linkId}/card.png`)).status, 200, 'nor a visitor');
});

test('a credential kept from before tokens gets its token when its card is first asked for', async (t) => {
  const { linkId, client } = await cardHolder({ name: 'Lee Park', rank: 'Firefighter' });
  const credential = await download(client, linkId);
  await app
    .db('issued_credentials')
    .where({ id: credential.id.replace('urn:uuid:', '') })
    .update({ card_token: null });
  const png = await bytes(client, `/account/credentials/${linkId}/card.png`);
  t.is(png.status, 200);
  const token = await keptToken(credential.id);
  t.truthy(token);
  t.is(await readQr(png.body), token);
  t.is((await download(client, linkId)).id, credential.id, 'the credential itself is not signed again');
});

/** Posts a card token as a browser without script would, and reads the verdict the page shows. */
async function checkOnServer(token: string) {
  const res = await app.client().postForm('/verify/token', { token });
  const verdict = /data-testid="card-scan-result"[\s\S]*?role="status"[^>]*>(?:<[^>]+>)*([^<]+)</.exec(res.text)?.[1];
  return { status: res.status, text: res.text, verdict };
}

test('keys.json and POST /verify/token check a card: valid, revoked as of the sync, unknown signer', async (t) => {
  const { department, linkId, client } = await cardHolder({ name: 'Ana Silva', rank: 'Engineer' });
  const credential = await download(client, linkId);
  const token = await keptToken(credential.id);

  const keys = await app.client().get('/verify/keys.json');
  t.is(keys.status, 200);
  const document = JSON.parse(keys.text);
  const kid = decodeProtectedHeader(token).kid;
  const key = document.keys.find((candidate: { kid: string }) => candidate.kid === kid);
  t.like(key, { kty: 'OKP', crv: 'Ed25519', departmentId: department.id, department: department.name });
  t.false('d' in key, 'never the secret half');
  t.true(
    document.statusLists.some((list: { url: string }) => list.url === credential.credentialStatus.statusListCredential),
  );
  t.false(Number.isNaN(Date.parse(document.syncedAt)));

  const valid = await checkOnServer(token);
  t.is(valid.status, 200);
  t.is(valid.verdict, 'Valid');
  t.true(valid.text.includes('Ana Silva'));

  // Past its end, the same token reads "Expired" (the shared check, with a later clock).
  const later = new Date(Date.parse(credential.validUntil) + 24 * 3600 * 1000);
  t.is((await checkCardToken(token, document, later)).message, 'Expired');

  // Signed by a key no department of this site has.
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const [, body] = token.split('.');
  const stray = await new CompactSign(Buffer.from(body!, 'base64url'))
    .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
    .sign(privateKey);
  t.is((await checkOnServer(stray)).verdict, 'Not signed by a known department');

  const revoked = await client.postForm(`/account/credentials/${linkId}/revoke`, {});
  t.is(revoked.status, 303);
  const answer = await checkOnServer(token);
  t.regex(answer.verdict ?? '', /^Revoked as of [A-Z][a-z]+ \d{1,2}, \d{4}$/);

  const malformed = await checkOnServer('not-a-token');
  t.is(malformed.status, 400);
  t.regex(malformed.text, /not a Turnout card token/);
  t.is((await checkOnServer('   ')).status, 400);
  t.is((await checkOnServer('a'.repeat(100_000))).status, 413);
});

test('keys.json is kept until what it shows changes: a department renamed with plain SQL shows at once', async (t) => {
  const { department, linkId, client } = await cardHolder({ name: 'Rui Costa', rank: 'Captain', shortestName: true });
  await download(client, linkId);
  const keysOf = async () => JSON.parse((await app.client().get('/verify/keys.json')).text);
  const named = (document: { keys: { departmentId: number; department: string }[] }) =>
    document.keys.find((key) => key.departmentId === department.id)?.department;
  t.is(named(await keysOf()), department.name);
  t.is(named(await keysOf()), department.name, 'the kept document');
  await app.db('departments').where('id', department.id).update({ name: 'Renamed Card Department' });
  t.is(named(await keysOf()), 'Renamed Card Department');
});

test('only /verify/scan ships script: /verify stays without, and the service worker keeps the scanner', async (t) => {
  const visitor = app.client();
  const verify = await visitor.get('/verify');
  t.false(/<script/i.test(verify.text), '/verify has no script');
  t.true(verify.text.includes('href="/verify/scan"'), '/verify links the scanner');
  const scan = await visitor.get('/verify/scan');
  t.is(scan.status, 200);
  t.true(scan.text.includes('data-island="CardScanner"'));
  t.true(scan.text.includes('action="/verify/token"'), 'the form works without script');
  const worker = await visitor.get('/verify/sw.js');
  t.is(worker.status, 200);
  t.regex(worker.headers.get('content-type') ?? '', /javascript/);
  const island = /<link rel="modulepreload" href="(\/assets\/CardScanner[^"]+)"/.exec(scan.text)?.[1];
  t.truthy(island);
  t.true(worker.text.includes(JSON.stringify(island!).slice(1, -1)), 'the island is kept for offline use');
  t.true(worker.text.includes('/verify/keys.json'));
});

test("the owner's Share panel links each issued, non-revoked membership credential; nobody else's page does", async (t) => {
  const { member, profile, linkId, client } = await cardHolder({ name: 'Robin Shaw', rank: 'Captain' });
  const credential = await download(client, linkId);
  const uuid = credential.id.replace('urn:uuid:', '');
  const links = [
    `href="/account/credentials/${linkId}/credential.json"`,
    `href="/verify/${uuid}"`,
    `href="/account/credentials/${linkId}/card"`,
  ];
  const own = await clientAs(app, member).get(`/profiles/${profile.id}`);
  t.is(own.status, 200);
  for (const link of links) t.true(own.text.includes(link), link);

  const admin = await createUser({ role: 'admin' });
  for (const other of [clientAs(app, admin), clientAs(app, await createUser()), app.client()]) {
    const seen = await other.get(`/profiles/${profile.id}`);
    for (const link of links) t.false(seen.text.includes(link), `not for another viewer: ${link}`);
  }

  t.is((await client.postForm(`/account/credentials/${linkId}/revoke`, {})).status, 303);
  const after = await clientAs(app, member).get(`/profiles/${profile.id}`);
  t.false(after.text.includes(`href="/verify/${uuid}"`), 'a revoked credential is not offered');
});
