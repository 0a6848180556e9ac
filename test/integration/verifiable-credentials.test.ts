/**
 * Department-signed credentials (docs/decisions/verifiable-credentials.md), over HTTP: an approval signs an Open
 * Badges 3.0 credential the member downloads; /verify says "Valid" to a visitor and "Not valid" to a changed
 * copy; a revocation sets the bit in the department's status list and /verify says "Revoked" on a second node
 * too; a rank change signs a new credential and revokes the old; account deletion revokes; a rotated key stays
 * published; hostile input, pasted or uploaded as a file, gets a clear 4xx and no outbound request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { startTestApp, startSecondNode, clientAs, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { inTransaction } from '../../src/db/transaction';
import { rotateKeys } from '../../src/services/verifiableCredentials/keys';
import { decodeStatusBit, verifyHtml, verifyUpload } from '../helpers/credentials';

let app: TestApp;
let admin: CreatedUser;
let departments: { id: number; name: string; fdid: string | null }[] = [];
let next = 0;

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  admin = await createUser({ role: 'admin' });
  departments = (await app
    .db('departments')
    .where('verification_status', 'verified')
    .whereNotNull('fdid')
    .orderBy('id')
    .limit(8)
    .select('id', 'name', 'fdid')) as typeof departments;
});
test.after.always(async () => {
  await app?.close();
});

/** A member with a profile (rank Captain), linked to a fresh department and verified by the admin. */
async function verifiedMember() {
  const department = departments[next++ % departments.length]!;
  const member = await createUser();
  const profile = await createProfileFor(member, { rank: 'Captain' });
  const client = clientAs(app, member);
  const link = await client.post('/api/departments/user', { departmentId: department.id });
  if (link.status !== 201) throw new Error(`link: ${link.status} ${link.text}`);
  const asked = await client.post(`/api/departments/user/${link.body.id}/verification`);
  if (asked.status !== 201) throw new Error(`request: ${asked.status} ${asked.text}`);
  const [request] = (await app
    .db('membership_verifications')
    .where({ user_id: member.user.id, status: 'pending' })
    .select('id')) as { id: number }[];
  const decided = await clientAs(app, admin).post(`/api/verifications/${request!.id}/decision`, {
    decision: 'approve',
  });
  if (decided.status !== 200) throw new Error(`decision: ${decided.status} ${decided.text}`);
  return { member, client, department, profile, linkId: link.body.id as number, verificationId: request!.id };
}

async function download(client: ReturnType<typeof clientAs>, linkId: number) {
  const res = await client.get(`/account/credentials/${linkId}/credential.json`);
  if (res.status !== 200) throw new Error(`download: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as Record<string, any>;
}

test('an approval signs an Open Badges 3.0 membership credential the member downloads and a visitor verifies', async (t) => {
  const { member, client, department, profile, linkId } = await verifiedMember();
  // My Departments links the file and its verify page.
  const settings = await client.get('/account-settings');
  t.true(settings.text.includes(`href="/account/credentials/${linkId}/credential.json"`));
  t.true(settings.text.includes(`href="/account/credentials/${linkId}/verify"`));
  const res = await client.get(`/account/credentials/${linkId}/credential.json`);
  t.is(res.status, 200);
  t.regex(res.headers.get('content-disposition') ?? '', /attachment; filename="credential.json"/);
  const credential = JSON.parse(res.text);
  t.deepEqual(credential.type, ['VerifiableCredential', 'OpenBadgeCredential']);
  t.deepEqual(credential['@context'], [
    'https://www.w3.org/ns/credentials/v2',
    'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
  ]);
  t.is(credential.proof.cryptosuite, 'eddsa-rdfc-2022');
  t.is(credential.credentialSubject.role, 'Captain');
  t.is(credential.credentialSubject.achievement.achievementType, 'Membership');
  t.is(credential.credentialSubject.id, `${app.baseUrl}/profiles/${profile.id}`);
  t.is(credential.issuer.otherIdentifier[0].identifier, department.fdid);
  t.regex(credential.issuer.description, /on behalf of the department's verifier/);
  t.false(res.text.toLowerCase().includes(member.user.email.toLowerCase()), 'never the e-mail itself');
  t.regex(credential.credentialSubject.identifier[0].identityHash, /^sha256\$[0-9a-f]{64}$/);
  t.is(credential.credentialStatus.type, 'BitstringStatusListEntry');
  const year = (iso: string) => new Date(iso).getUTCFullYear();
  t.is(year(credential.validUntil) - year(credential.validFrom), 1, 'twelve months');

  // Kept: asked again, the same signed credential.
  t.is((await download(client, linkId)).id, credential.id);

  // The department's did:web document lists the key that signed it.
  const did = await app.client().get(`/departments/${department.id}/did.json`);
  t.is(did.status, 200);
  const didDocument = JSON.parse(did.text);
  t.true(didDocument.assertionMethod.includes(credential.proof.verificationMethod));

  // A signed-out visitor pastes it on /verify.
  const page = await verifyHtml(app.client(), JSON.stringify(credential));
  t.is(page.status, 200);
  t.regex(page.text, /Valid: signed by/);
  t.false(/<script/i.test(page.text), 'the verify page ships no script');

  // A copy with one field changed does not verify.
  const changed = { ...credential, credentialSubject: { ...credential.credentialSubject, role: 'Chief' } };
  const refused = await verifyHtml(app.client(), JSON.stringify(changed));
  t.is(refused.status, 200);
  t.regex(refused.text, /Not valid: the signature does not hold/);

  // The same file chosen on the upload form (multipart), beside the paste box.
  const uploaded = await verifyUpload(app.baseUrl, JSON.stringify(credential));
  t.is(uploaded.status, 200);
  t.regex(uploaded.text, /Valid: signed by/);
  t.regex((await verifyUpload(app.baseUrl, JSON.stringify(changed))).text, /Not valid: the signature does not hold/);

  // Its public page.
  const kept = await app.client().get(`/verify/${credential.id.replace('urn:uuid:', '')}`);
  t.is(kept.status, 200);
  t.regex(kept.text, /Valid: signed by/);
  t.regex(kept.headers.get('x-robots-tag') ?? '', /noindex/);
});

test('a revoked membership sets the bit and /verify says Revoked, on a second node too', async (t) => {
  const { client, department, linkId, verificationId } = await verifiedMember();
  const credential = await download(client, linkId);
  const second = await startSecondNode(app);
  t.teardown(() => second.close());
  // Every node of a deployment shares BASE_URL (the DIDs name it); the test's second node listens on its own port.
  (second.config as { baseUrl: string }).baseUrl = app.baseUrl;
  t.regex((await verifyHtml(second.client(), JSON.stringify(credential))).text, /Valid: signed by/);

  const revoked = await clientAs(app, admin).post(`/api/admin/verifications/${verificationId}/revoke`, {
    reason: 'Left the department',
  });
  t.is(revoked.status, 200);
  for (const node of [app, second]) {
    const page = await verifyHtml(node.client(), JSON.stringify(credential));
    t.regex(page.text, /Revoked: /);
    const list = await node.client().get(`/departments/${department.id}/credentials/status`);
    t.is(list.status, 200);
    t.regex(list.headers.get('cache-control') ?? '', /public, max-age=\d+/);
    t.true(await decodeStatusBit(JSON.parse(list.text), Number(credential.credentialStatus.statusListIndex)));
  }
});

test('a rank change signs a new credential and revokes the old one; the member may revoke their own', async (t) => {
  const { member, client, profile, linkId } = await verifiedMember();
  const first = await download(client, linkId);
  t.is((await clientAs(app, member).patch(`/api/profiles/${profile.id}`, { rank: 'Battalion Chief' })).status, 200);
  const second = await download(client, linkId);
  t.not(second.id, first.id);
  t.is(second.credentialSubject.role, 'Battalion Chief');
  t.regex((await verifyHtml(app.client(), JSON.stringify(first))).text, /Revoked: /);
  t.regex((await verifyHtml(app.client(), JSON.stringify(second))).text, /Valid: /);

  const asked = await client.postForm(`/account/credentials/${linkId}/revoke`, {});
  t.is(asked.status, 303);
  t.regex((await verifyHtml(app.client(), JSON.stringify(second))).text, /Revoked: /);
  // Someone else's link is not theirs to ask about.
  const stranger = clientAs(app, await createUser());
  t.is((await stranger.get(`/account/credentials/${linkId}/credential.json`)).status, 404);
});

test('deleting the account revokes its credentials', async (t) => {
  const { member, client, linkId } = await verifiedMember();
  const credential = await download(client, linkId);
  t.is((await clientAs(app, admin).delete(`/api/admin/users/${member.user.id}`)).status, 204);
  t.regex((await verifyHtml(app.client(), JSON.stringify(credential))).text, /Revoked: /);
});

test('a rotated key stays in the DID document and its credentials still verify', async (t) => {
  const { client, department, linkId } = await verifiedMember();
  const before = await download(client, linkId);
  await inTransaction(app.db, (trx) => rotateKeys(trx, { departmentIds: [department.id] }));
  const reissued = await client.postForm(`/account/credentials/${linkId}/reissue`, {});
  t.is(reissued.status, 303);
  const after = await download(client, linkId);
  t.not(after.proof.verificationMethod, before.proof.verificationMethod);
  const didDocument = JSON.parse((await app.client().get(`/departments/${department.id}/did.json`)).text);
  t.true(didDocument.assertionMethod.includes(before.proof.verificationMethod));
  t.true(didDocument.assertionMethod.includes(after.proof.verificationMethod));
  t.regex((await verifyHtml(app.client(), JSON.stringify(after))).text, /Valid: /);
  // The old credential was superseded by the reissue: revoked, but its signature still holds.
  const old = await verifyHtml(app.client(), JSON.stringify(before));
  t.regex(old.text, /Revoked: /);
});

test('hostile input gets a clear 4xx and the server fetches nothing', async (t) => {
  const asked: string[] = [];
  const trap = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    res.end('{}');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  t.teardown(() => trap.close());
  const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/context.jsonld`;
  const visitor = app.client();

  const huge = await visitor.postForm('/verify', { credential: 'x'.repeat(10 * 1024 * 1024) });
  t.is(huge.status, 413);

  const deep = await verifyHtml(visitor, '['.repeat(5000) + ']'.repeat(5000));
  t.is(deep.status, 400);
  t.regex(deep.text, /nested too deeply/);

  const unknownContext = {
    '@context': ['https://www.w3.org/ns/credentials/v2', trapUrl],
    type: ['VerifiableCredential'],
    issuer: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
    credentialSubject: { id: 'urn:x' },
  };
  const refused = await verifyHtml(visitor, JSON.stringify(unknownContext));
  t.is(refused.status, 400);
  t.regex(refused.text, /which this server does not fetch/);

  // A JSON-LD bomb: an inline context that expands terms into terms.
  const bomb = {
    '@context': [
      'https://www.w3.org/ns/credentials/v2',
      { a: { '@id': 'urn:a', '@context': { b: { '@id': 'urn:b', '@context': { c: 'urn:c' } } } } },
    ],
    type: ['VerifiableCredential'],
    a: Array.from({ length: 1500 }, () => ({ b: { c: 'x' } })),
  };
  const bombed = await verifyHtml(visitor, JSON.stringify(bomb));
  t.true(bombed.status >= 400 && bombed.status < 500);

  const notJson = await verifyHtml(visitor, '{"@context": ');
  t.is(notJson.status, 400);
  t.regex(notJson.text, /not valid JSON/);

  // The same, chosen as a file on the upload form.
  const hugeFile = await verifyUpload(app.baseUrl, new Uint8Array(10 * 1024 * 1024).fill(0x20));
  t.is(hugeFile.status, 413);
  t.regex(hugeFile.text, /too large to be a credential/);
  const deepFile = await verifyUpload(app.baseUrl, '['.repeat(5000) + ']'.repeat(5000));
  t.is(deepFile.status, 400);
  t.regex(deepFile.text, /nested too deeply/);
  const bombFile = await verifyUpload(app.baseUrl, JSON.stringify(bomb));
  t.true(bombFile.status >= 400 && bombFile.status < 500);
  const trapFile = await verifyUpload(app.baseUrl, JSON.stringify(unknownContext));
  t.is(trapFile.status, 400);
  t.regex(trapFile.text, /which this server does not fetch/);
  const binary = await verifyUpload(app.baseUrl, new Uint8Array([0xff, 0xfe, 0x00, 0x7b]), 'credential.png');
  t.is(binary.status, 400);
  t.regex(binary.text, /not valid JSON/);
  const empty = await verifyUpload(app.baseUrl, '');
  t.is(empty.status, 400);
  t.regex(empty.text, /Choose a credential file/);

  t.deepEqual(asked, [], 'no request reached the address the credential named');
});
