/**
 * An independent verifier checks what Turnout issues (docs/decisions/verifiable-credentials.md): Python with
 * pyld, PyNaCl and base58 from Debian (test/credentials/verify_credential.py), sharing no code with the issuing
 * libraries, reading the did:web document the app serves. It accepts a fresh credential and rejects a copy with
 * one field changed, one signed by a key the department never published, and one whose proof was moved from
 * another credential.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

let app: TestApp;
let dir: string;
let contextsFile: string;

test.before(async () => {
  if (!python) return;
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

/** A verified member's downloaded credential. */
async function issued(rank: string) {
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
  return JSON.parse(res.text) as Record<string, any>;
}

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
