/**
 * The departments' signing keys (docs/decisions/verifiable-credentials.md): one Ed25519 key current per
 * department, made on first use; a rotation retires it (its public half stays in the DID document) and the next
 * signature makes a new one. The secret half is kept encrypted with AES-256-GCM under a key derived from
 * CREDENTIAL_KEY; it is decrypted only to sign, never logged, presented or exported.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { CredentialKey } from '../../models/CredentialKey';
import { Department } from '../../models/Department';
import { NotFoundError } from '../../errors';
import { departmentDid, keyId } from './did';
import { loadSigning } from './libraries';
import type { Ed25519KeyPair } from '@digitalbazaar/ed25519-multikey';

const FORMAT = 'v1';

function wrappingKey(credentialKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', credentialKey, 'turnout', 'credential signing keys', 32));
}

export function encryptSecret(secret: string, credentialKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(credentialKey), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(sealed: string, credentialKey: string): string {
  const [format, iv, tag, body] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || !body) throw new Error('A credential key is stored in an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(credentialKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  // A wrong CREDENTIAL_KEY fails here (the tag does not match): the message names the setting, never a value.
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('A credential signing key cannot be decrypted: CREDENTIAL_KEY is not the one it was stored with');
  }
}

export interface KeyDeps {
  baseUrl: string;
  credentialKey: string;
}

/** Every key of the department, oldest first (the DID document's list). */
export async function departmentKeys(departmentId: number, db?: Knex): Promise<CredentialKey[]> {
  return await CredentialKey.query(db).where('departmentId', departmentId).orderBy('id');
}

/**
 * The department's current key pair, ready to sign; made (and stored encrypted) when it has none. The department
 * row is locked first, so two signatures at once make one key.
 */
export async function signingKey(trx: Knex.Transaction, departmentId: number, deps: KeyDeps): Promise<Ed25519KeyPair> {
  const department = await Department.query(trx).findById(departmentId).forUpdate();
  if (!department) throw new NotFoundError('Department not found');
  const { Ed25519Multikey } = await loadSigning();
  const did = departmentDid(deps.baseUrl, departmentId);
  const current = await CredentialKey.query(trx).findOne({ departmentId, retiredAt: null });
  if (current) {
    return Ed25519Multikey.from({
      type: 'Multikey',
      id: keyId(did, current),
      controller: did,
      publicKeyMultibase: current.publicKeyMultibase,
      secretKeyMultibase: decryptSecret(current.encryptedSecret, deps.credentialKey),
    });
  }
  const pair = await Ed25519Multikey.generate({ controller: did });
  const exported = await pair.export({ publicKey: true, secretKey: true });
  const row = await CredentialKey.query(trx).insertAndFetch({
    departmentId,
    publicKeyMultibase: exported.publicKeyMultibase,
    encryptedSecret: encryptSecret(exported.secretKeyMultibase!, deps.credentialKey),
  });
  return Ed25519Multikey.from({
    type: 'Multikey',
    id: keyId(did, row),
    controller: did,
    publicKeyMultibase: row.publicKeyMultibase,
    secretKeyMultibase: exported.secretKeyMultibase,
  });
}

/**
 * Retires the current key of each department named (every department with a key when none is named); the next
 * signature makes a new one. Returns how many keys were retired. `npm run credentials:rotate`.
 */
export async function rotateKeys(trx: Knex.Transaction, input: { departmentIds?: number[] }): Promise<number> {
  const query = CredentialKey.query(trx).patch({ retiredAt: new Date() }).whereNull('retiredAt');
  if (input.departmentIds) query.whereIn('departmentId', input.departmentIds);
  return query;
}
