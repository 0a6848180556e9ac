/**
 * The membership card in Apple and Google Wallet (docs/decisions/wallet-card.md). With the five WALLET_* settings
 * (a test CA made here with openssl), the card page offers the .pkpass: its manifest's SHA-1s match every file
 * and `openssl cms -verify` accepts its signature against the CA; the pass's QR is the card token. With Google's
 * settings, the save link's JWT verifies with the service account's public key and holds a generic pass whose
 * barcode is the token. Without them, no button, a 404, and the admin dashboard names what is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { importSPKI, jwtVerify } from 'jose';
import { startTestApp, startSecondNode, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { verifyMember } from '../helpers/verification';
import { unzip } from '../helpers/zip';
import { loadWalletConfig } from '../../src/walletConfig';

const openssl = spawnSync('openssl', ['version']).status === 0;
if (!openssl) console.warn('Skipped the Apple Wallet pass checks: no openssl on PATH (apt-get install openssl)');

let dir: string;
let configured: TestApp;
let bare: TestApp;
const google = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A CA, and a Pass Type ID certificate it signed (the WWDR certificate is the CA's own here). */
function testCertificates(folder: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: folder, stdio: 'pipe' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Turnout Test CA',
  );
  run(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'signer.key',
    '-out',
    'signer.csr',
    '-subj',
    '/CN=Pass Type ID: pass.test.turnout/UID=pass.test.turnout',
  );
  run(
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '2',
  );
}

test.before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'turnout-wallet-'));
  const env: Record<string, string> = {
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
      client_email: 'wallet@turnout-test.iam.gserviceaccount.com',
      private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    }),
  };
  if (openssl) {
    testCertificates(dir);
    Object.assign(env, {
      WALLET_PASS_TYPE_ID: 'pass.test.turnout',
      WALLET_TEAM_ID: 'TEAM123456',
      WALLET_SIGNER_CERT: path.join(dir, 'signer.pem'),
      WALLET_SIGNER_KEY: path.join(dir, 'signer.key'),
      WALLET_WWDR_CERT: path.join(dir, 'ca.pem'),
    });
  }
  configured = await startTestApp({ rateLimitsEnabled: false, wallet: loadWalletConfig(env) });
  // A second node on the same database, with none of the settings.
  bare = await startSecondNode(configured);
});
test.after.always(async () => {
  await bare?.close();
  await configured?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function cardHolder(app: TestApp) {
  const member = await createUser();
  await createProfileFor(member, { name: 'Jordan Blake', rank: 'Lieutenant' });
  const [department] = (await app.db('departments').orderBy('id').limit(1).pluck('id')) as number[];
  await verifyMember(member.user.id, department!);
  const [linkId] = (await app
    .db('user_departments')
    .where({ user_id: member.user.id, department_id: department })
    .pluck('id')) as number[];
  const client = clientAs(app, member);
  const credential = JSON.parse((await client.get(`/account/credentials/${linkId}/credential.json`)).text);
  const row = await app
    .db('issued_credentials')
    .where({ id: credential.id.replace('urn:uuid:', '') })
    .first();
  return { member, linkId: linkId!, client, credential, token: row.cardToken as string };
}

async function bytes(app: TestApp, token: string, url: string) {
  const res = await fetch(app.baseUrl + url, { headers: { Authorization: `Bearer ${token}` }, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

(openssl ? test : test.skip)(
  'the Apple Wallet pass is signed, its manifest holds, and its QR is the token',
  async (t) => {
    const { member, linkId, client, credential, token } = await cardHolder(configured);
    const card = await client.get(`/account/credentials/${linkId}/card`);
    t.true(card.text.includes(`href="/account/credentials/${linkId}/card.pkpass"`), 'the Add to Apple Wallet link');

    const pass = await bytes(configured, member.token, `/account/credentials/${linkId}/card.pkpass`);
    t.is(pass.status, 200);
    t.is(pass.headers.get('content-type'), 'application/vnd.apple.pkpass');
    const files = await unzip(pass.body);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    const signed = [...files.keys()].filter((name) => !['manifest.json', 'signature'].includes(name)).sort();
    t.deepEqual(Object.keys(manifest).sort(), signed, 'the manifest lists every file');
    for (const name of signed)
      t.is(manifest[name], createHash('sha1').update(files.get(name)!).digest('hex'), `${name}'s SHA-1`);

    const passJson = JSON.parse(files.get('pass.json')!.toString('utf8'));
    t.is(passJson.passTypeIdentifier, 'pass.test.turnout');
    t.is(passJson.teamIdentifier, 'TEAM123456');
    t.is(passJson.serialNumber, credential.id.replace('urn:uuid:', ''));
    t.is(passJson.barcodes[0].format, 'PKBarcodeFormatQR');
    t.is(passJson.barcodes[0].message, token);
    t.is(passJson.generic.primaryFields[0].value, 'Jordan Blake');

    writeFileSync(path.join(dir, 'manifest.json'), files.get('manifest.json')!);
    writeFileSync(path.join(dir, 'signature'), files.get('signature')!);
    const verify = (manifestFile: string) =>
      spawnSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-content',
          manifestFile,
          '-in',
          'signature',
          '-CAfile',
          'ca.pem',
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, encoding: 'utf8' },
      );
    const accepted = verify('manifest.json');
    t.is(accepted.status, 0, accepted.stderr);
    // A manifest changed after signing is refused.
    writeFileSync(
      path.join(dir, 'changed.json'),
      files
        .get('manifest.json')!
        .toString('utf8')
        .replace(/[0-9a-f]{40}/, '0'.repeat(40)),
    );
    t.not(verify('changed.json').status, 0);

    const stranger = await createUser();
    t.is((await bytes(configured, stranger.token, `/account/credentials/${linkId}/card.pkpass`)).status, 404);
  },
);

test('the Google Wallet save link holds a generic pass signed RS256 whose barcode is the token', async (t) => {
  const { linkId, client, credential, token } = await cardHolder(configured);
  const card = await client.get(`/account/credentials/${linkId}/card`);
  t.true(card.text.includes(`href="/account/credentials/${linkId}/google-wallet"`));
  const saved = await client.get(`/account/credentials/${linkId}/google-wallet`);
  t.is(saved.status, 302);
  const location = saved.headers.get('location') ?? '';
  t.true(location.startsWith('https://pay.google.com/gp/v/save/'));
  const jwt = location.slice('https://pay.google.com/gp/v/save/'.length);
  const publicKey = await importSPKI(google.publicKey.export({ type: 'spki', format: 'pem' }) as string, 'RS256');
  const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, {
    issuer: 'wallet@turnout-test.iam.gserviceaccount.com',
    audience: 'google',
  });
  t.is(protectedHeader.alg, 'RS256');
  t.is(payload.typ, 'savetowallet');
  const [object] = (payload.payload as { genericObjects: Array<Record<string, any>> }).genericObjects;
  t.is(object!.id, `3388000000012345678.${credential.id.replace('urn:uuid:', '')}`);
  t.is(object!.barcode.type, 'QR_CODE');
  t.is(object!.barcode.value, token);
  t.is(object!.header.defaultValue.value, 'Jordan Blake');
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await t.throwsAsync(jwtVerify(jwt, other.publicKey), undefined, 'not signed by another key');
});

test('without the settings: no wallet buttons, a 404, and the admin dashboard names what is missing', async (t) => {
  const { member, linkId, client } = await cardHolder(bare);
  const card = await client.get(`/account/credentials/${linkId}/card`);
  t.is(card.status, 200);
  t.false(card.text.includes('Add to Apple Wallet'));
  t.false(card.text.includes('Add to Google Wallet'));
  t.is((await bytes(bare, member.token, `/account/credentials/${linkId}/card.pkpass`)).status, 404);
  t.is((await client.get(`/account/credentials/${linkId}/google-wallet`)).status, 404);

  const admin = await createUser({ role: 'admin' });
  const dashboard = await clientAs(bare, admin).get('/admin');
  t.is(dashboard.status, 200);
  const note = /data-testid="admin-wallet-settings"[\s\S]*?<\/section>/.exec(dashboard.text)?.[0] ?? '';
  for (const setting of [
    'WALLET_PASS_TYPE_ID',
    'WALLET_TEAM_ID',
    'WALLET_SIGNER_CERT',
    'WALLET_SIGNER_KEY',
    'WALLET_WWDR_CERT',
    'GOOGLE_WALLET_ISSUER_ID',
    'GOOGLE_WALLET_SERVICE_ACCOUNT',
  ])
    t.true(note.includes(setting), setting);
  const on = await clientAs(configured, admin).get('/admin');
  t.regex(on.text, /Google Wallet: on\./);
});
