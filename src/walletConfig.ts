/**
 * The wallet passes' settings (docs/decisions/wallet-card.md, docs/operations.md): Apple Wallet when all five
 * WALLET_* settings are there, Google Wallet when GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT are.
 * A certificate or key is its PEM text or the path of a file holding it; a service account is its JSON key or a
 * path. What is missing (or unreadable) is named, for the admin dashboard; nothing is ever shown of a value.
 */
import fs from 'node:fs';

type Env = Record<string, string | undefined>;

export interface AppleWalletSettings {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
}

export interface GoogleWalletSettings {
  issuerId: string;
  clientEmail: string;
  privateKey: string;
}

export interface WalletConfig {
  apple: AppleWalletSettings | null;
  google: GoogleWalletSettings | null;
  /** Why each pass is off: the settings missing or unreadable (empty when it is on). */
  missing: { apple: string[]; google: string[] };
}

const value = (env: Env, key: string) => env[key]?.trim() || undefined;

/** A plain setting, or its name added to `missing`. */
function required(env: Env, key: string, missing: string[]): string | undefined {
  const given = value(env, key);
  if (!given) missing.push(key);
  return given;
}

/** PEM text as given (`\n` written as two characters too), or the contents of the file it names. */
function pem(env: Env, key: string, missing: string[]): string | undefined {
  const given = required(env, key, missing);
  if (!given) return undefined;
  if (given.startsWith('-----BEGIN')) return given.replace(/\\n/g, '\n');
  try {
    const text = fs.readFileSync(given, 'utf8');
    if (text.includes('-----BEGIN')) return text;
  } catch {
    // Named below as unreadable.
  }
  missing.push(`${key} (not PEM text, nor a readable PEM file)`);
  return undefined;
}

function serviceAccount(env: Env, missing: string[]): { clientEmail: string; privateKey: string } | undefined {
  const key = 'GOOGLE_WALLET_SERVICE_ACCOUNT';
  const given = required(env, key, missing);
  if (!given) return undefined;
  try {
    const json = JSON.parse(given.startsWith('{') ? given : fs.readFileSync(given, 'utf8')) as Record<string, unknown>;
    if (typeof json.client_email === 'string' && typeof json.private_key === 'string')
      return { clientEmail: json.client_email, privateKey: json.private_key };
  } catch {
    // Named below as unreadable.
  }
  missing.push(`${key} (not a service account key with client_email and private_key)`);
  return undefined;
}

export function loadWalletConfig(env: Env): WalletConfig {
  const appleMissing: string[] = [];
  const passTypeId = required(env, 'WALLET_PASS_TYPE_ID', appleMissing);
  const teamId = required(env, 'WALLET_TEAM_ID', appleMissing);
  const signerCert = pem(env, 'WALLET_SIGNER_CERT', appleMissing);
  const signerKey = pem(env, 'WALLET_SIGNER_KEY', appleMissing);
  const wwdr = pem(env, 'WALLET_WWDR_CERT', appleMissing);
  const googleMissing: string[] = [];
  const issuerId = required(env, 'GOOGLE_WALLET_ISSUER_ID', googleMissing);
  const account = serviceAccount(env, googleMissing);
  return {
    apple:
      passTypeId && teamId && signerCert && signerKey && wwdr
        ? {
            passTypeId,
            teamId,
            signerCert,
            signerKey,
            signerKeyPassphrase: value(env, 'WALLET_SIGNER_KEY_PASSPHRASE'),
            wwdr,
          }
        : null,
    google: issuerId && account ? { issuerId, ...account } : null,
    missing: { apple: appleMissing, google: googleMissing },
  };
}
