/**
 * An independent verifier checks what Turnout issues (docs/decisions/verifiable-credentials.md): Python with
 * pyld, PyNaCl and base58 from Debian (test/credentials/verify_credential.py), sharing no code with the issuing
 * libraries, reading the did:web document the app serves. It accepts a fresh credential and rejects a copy with
 * one field changed, one signed by a key the department never published, and one whose proof was moved from
 * another credential.
 *
 * The wallet card's token too (docs/decisions/wallet-card.md): test/credentials/verify_card_token.py reads the QR
 * of the card's PNG with zbarimg and checks the JWS with jwcrypto against the did:web key; it rejects a changed
 * token and one signed by a key the department never published.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { CompactSign, decodeProtectedHeader, generateKeyPair } from 'jose';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { contexts as credentialContexts } from '@digitalbazaar/credentials-context';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { verifyMember } from '../helpers/verification';
import { loadSigning } from '../../src/services/verifiableCredentials/libraries';
import { documentLoader, OB_CONTEXT, VC_CONTEXT } from '../../src/services/verifiableCredentials/documentLoader';

const MODULES = 'import pyld, nacl.signing, base58';
/** Debian's python3 has the packages (python3-pyld python3-nacl python3-base58); another python3 on PATH may not. */
const python = ['/usr/bin/python3', 'python3'].find((candidate) => spawnSync(candidate, ['-c', MODULES]).status === 0);
const withPython = python ? test : test.skip;
if (!python)
  console.warn(
    'Skipped: no python3 with pyld, nacl and base58 (apt-get install python3-pyld python3-nacl python3-base58)',
  );

/** The card check needs jwcrypto (python3-jwcrypto) and zbarimg (zbar-tools) besides. */
const cardTools =
  Boolean(python) &&
  spawnSync(python!, ['-c', 'import jwcrypto, base58']).status === 0 &&
  spawnSync('zbarimg', ['--version']).error === undefined;
const withCardTools = cardTools ? test : test.skip;
if (!cardTools)
  console.warn(
    'Skipped the card token check: needs python3-jwcrypto and zbarimg (apt-get install python3-jwcrypto zbar-tools)',
  );

let app: TestApp;
let dir: string;
let contextsFile: string;

test.before(async () => {
  if (!python && !cardTools) return;
  app = await startTestApp({ rateLimitsEnabled: false });
  dir = mkdtempSync(path.join(tmpdir(), 'turnout-credentials-'));
  const map: Record<string, string> = {};
  const bundled: Array<[string, unknown]> = [
    [VC_CONTEXT, credentialContexts.get(VC_CONTEXT)],
    [OB_CONTEXT, (await documentLoader({ baseUrl: app.baseUrl })(OB_CONTEXT)).document],
  ];
  for (const [index, [url, context]] of bundled.entries()) {
    map[url] = path.join(dir, `context-${index}.json`);
    writeFileSync(map[url]!, JSON.stringify(context));
  }
  contextsFile = path.join(dir, 'contexts.json');
  writeFileSync(contextsFile, JSON.stringify(map));
});
test.after.always(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the Python verifier (asynchronously: it reads the DID document from this process's server). */
function independentCheck(credential: unknown): Promise<{ ok: boolean; output: string }> {
  const file = path.join(dir, `credential-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(credential));
  const args = ['test/credentials/verify_credential.py', file, contextsFile, '--http'];
  return new Promise((resolve) => {
    execFile(python!, args, { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() }),
    );
  });
}

/** Runs the Python card token check on a token or (`qr`) a PNG file. */
function cardCheck(input: { token: string } | { qr: string }): Promise<{ ok: boolean; output: string }> {
  const args = [
    'test/credentials/verify_card_token.py',
    ...('qr' in input ? ['--qr', input.qr] : [input.token]),
    '--http',
  ];
  return new Promise((resolve) => {
    execFile(python!, args, { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() }),
    );
  });
}

/** A verified member's downloaded credential (and their link and client). */
async function issuedWithLink(rank: string) {
  const member = await createUser();
  await createProfileFor(member, { rank });
  const [department] = (await app.db('departments').orderBy('id').limit(1).pluck('id')) as number[];
  await verifyMember(member.user.id, department!);
  const client = clientAs(app, member);
  const [linkId] = (await app
    .db('user_departments')
    .where({ user_id: member.user.id, department_id: department })
    .pluck('id')) as number[];
  const res = await client.get(`/account/credentials/${linkId}/credential.json`);
  if (res.status !== 200) throw new Error(`download: ${res.status} ${res.text}`);
  return { credential: JSON.parse(res.text) as Record<string, any>, linkId: linkId!, member };
}

const issued = async (rank: string) => (await issuedWithLink(rank)).credential;

withPython('the independent verifier accepts what Turnout signs and rejects tampered copies', async (t) => {
  const credential = await issued('Lieutenant');
  const fresh = await independentCheck(credential);
  t.true(fresh.ok, fresh.output);
  t.is(fresh.output, 'valid');

  const changed = await independentCheck({ ...credential, name: 'Chief of Everything' });
  t.false(changed.ok);
  t.regex(changed.output, /signature does not match/);

  // Signed under the department's DID by a key the department never published (not in its did.json).
  const { vc, Ed25519Multikey, DataIntegrityProof, cryptosuite } = await loadSigning();
  const did = credential.issuer.id as string;
  const stray = await Ed25519Multikey.generate({ id: `${did}#key-999999`, controller: did });
  const { proof: _proof, ...unsigned } = credential;
  const forged = await vc.issue({
    credential: unsigned,
    suite: new DataIntegrityProof({ signer: stray.signer(), cryptosuite }),
    documentLoader: documentLoader({ baseUrl: app.baseUrl }),
  });
  const unpublished = await independentCheck(forged);
  t.false(unpublished.ok);
  t.regex(unpublished.output, /not published/);

  // Another member's genuine proof moved onto this credential.
  const other = await issued('Engineer');
  const moved = await independentCheck({ ...credential, proof: other.proof });
  t.false(moved.ok);
  t.regex(moved.output, /signature does not match/);
});

withCardTools(
  'the independent check reads the card QR with zbarimg and verifies its token with jwcrypto',
  async (t) => {
    const { credential, linkId, member } = await issuedWithLink('Captain');
    const png = await fetch(`${app.baseUrl}/account/credentials/${linkId}/card.png`, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    t.is(png.status, 200);
    const file = path.join(dir, `card-${linkId}.png`);
    writeFileSync(file, Buffer.from(await png.arrayBuffer()));
    const card = await cardCheck({ qr: file });
    t.true(card.ok, card.output);
    t.true(card.output.startsWith('valid '), card.output);
    const facts = JSON.parse(card.output.slice('valid '.length));
    t.is(facts.role, 'Captain');
    t.is(facts.validUntil, credential.validUntil);
    t.is(facts.status.statusListIndex, credential.credentialStatus.statusListIndex);

    const token = (
      await app
        .db('issued_credentials')
        .where({ id: credential.id.replace('urn:uuid:', '') })
        .first()
    ).cardToken as string;
    const [head, body, signature] = token.split('.') as [string, string, string];
    const changed = deflateRawSync(
      inflateRawSync(Buffer.from(body, 'base64url')).toString('utf8').replace('Captain', 'Chief'),
    ).toString('base64url');
    const tampered = await cardCheck({ token: `${head}.${changed}.${signature}` });
    t.false(tampered.ok);
    t.regex(tampered.output, /signature does not match/);

    // Signed under the department's DID by a key the department never published.
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const header = decodeProtectedHeader(token);
    const stray = await new CompactSign(Buffer.from(body, 'base64url'))
      .setProtectedHeader({ ...header, kid: `${header.kid!.split('#')[0]}#key-999999` } as { alg: string })
      .sign(privateKey);
    const unpublished = await cardCheck({ token: stray });
    t.false(unpublished.ok);
    t.regex(unpublished.output, /not published/);
  },
);
