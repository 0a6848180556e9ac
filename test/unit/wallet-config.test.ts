/**
 * The wallet passes' settings (src/walletConfig.ts, docs/operations.md): PEM text or a file path, a service
 * account as JSON text or a path; what is missing or unreadable is named for the admin dashboard.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { loadWalletConfig } from '../../src/walletConfig';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

test('nothing set: both passes off, every setting named', (t) => {
  const wallet = loadWalletConfig({});
  t.is(wallet.apple, null);
  t.is(wallet.google, null);
  t.deepEqual(wallet.missing.apple, [
    'WALLET_PASS_TYPE_ID',
    'WALLET_TEAM_ID',
    'WALLET_SIGNER_CERT',
    'WALLET_SIGNER_KEY',
    'WALLET_WWDR_CERT',
  ]);
  t.deepEqual(wallet.missing.google, ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT']);
});

test('PEM as text (with \\n written out) or as a file; an unreadable path is named, never its value', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'turnout-wallet-config-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'signer.pem');
  writeFileSync(file, PEM);
  const account = path.join(dir, 'account.json');
  writeFileSync(account, JSON.stringify({ client_email: 'a@b.iam.gserviceaccount.com', private_key: PEM }));
  const wallet = loadWalletConfig({
    WALLET_PASS_TYPE_ID: 'pass.example',
    WALLET_TEAM_ID: 'TEAM',
    WALLET_SIGNER_CERT: file,
    WALLET_SIGNER_KEY: PEM.replace(/\n/g, '\\n'),
    WALLET_WWDR_CERT: file,
    GOOGLE_WALLET_ISSUER_ID: '338800',
    GOOGLE_WALLET_SERVICE_ACCOUNT: account,
  });
  t.is(wallet.apple?.signerCert, PEM);
  t.is(wallet.apple?.signerKey, PEM);
  t.is(wallet.google?.clientEmail, 'a@b.iam.gserviceaccount.com');
  t.deepEqual(wallet.missing, { apple: [], google: [] });

  const broken = loadWalletConfig({
    WALLET_PASS_TYPE_ID: 'pass.example',
    WALLET_TEAM_ID: 'TEAM',
    WALLET_SIGNER_CERT: path.join(dir, 'nowhere.pem'),
    WALLET_SIGNER_KEY: 'not a key',
    WALLET_WWDR_CERT: file,
    GOOGLE_WALLET_ISSUER_ID: '338800',
    GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email": 1}',
  });
  t.is(broken.apple, null);
  t.is(broken.google, null);
  t.deepEqual(broken.missing.apple, [
    'WALLET_SIGNER_CERT (not PEM text, nor a readable PEM file)',
    'WALLET_SIGNER_KEY (not PEM text, nor a readable PEM file)',
  ]);
  t.deepEqual(broken.missing.google, [
    'GOOGLE_WALLET_SERVICE_ACCOUNT (not a service account key with client_email and private_key)',
  ]);
});
