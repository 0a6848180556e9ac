/**
 * The wallet card's token (docs/decisions/wallet-card.md): the few facts of a signed credential (name, rank,
 * department, valid until, its revocation bit) as a compact JWS by the same department key, signed with the
 * credential and kept beside it. The keys document (`/verify/keys.json`) is what a scanner needs to check tokens
 * offline: every department key as a JWK and every department's revocation bits.
 */
import { deflateRawSync, gzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { CredentialKey } from '../../models/CredentialKey';
import { Department } from '../../models/Department';
import { IssuedCredential } from '../../models/IssuedCredential';
import {
  CARD_TEXT_MAX,
  CARD_TOKEN_MAX_LENGTH,
  cardCredential,
  type CardClaims,
  type CardKeysDocument,
} from '../../validation/cardToken';
import { departmentDid, keyId } from './did';
import { signingKey, type KeyDeps } from './keys';
import { loadSigning } from './libraries';
import { STATUS_LIST_LENGTH, statusListUrl } from './statusList';

const objectAt = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Text the token carries, cut to `max` characters (never the credential itself). */
const short = (value: unknown, max: number): string => {
  const text = typeof value === 'string' ? value : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** Shorter and shorter texts until the token fits its QR (docs/decisions/wallet-card.md). */
const TEXT_LIMITS = [CARD_TEXT_MAX, 48, 40, 32, 24, 20, 16, 12, 8];
/** An Ed25519 signature (64 bytes) in base64url, and the two dots. */
const SIGNATURE_AND_DOTS = 86 + 2;

/** What the card states, read from the signed credential (so the two never disagree). */
export function cardClaims(document: Record<string, unknown>, textLimit = CARD_TEXT_MAX): CardClaims {
  const subject = objectAt(document.credentialSubject);
  const status = objectAt(document.credentialStatus);
  return {
    name: short(subject.name, textLimit),
    role: short(subject.role, textLimit),
    department: short(objectAt(document.issuer).name, textLimit),
    validUntil: String(document.validUntil),
    statusListIndex: Number(status.statusListIndex),
    statusListCredential: String(status.statusListCredential),
  };
}

/** Signs the card token of a signed credential with its department's current key. */
export async function signCardToken(
  trx: Knex.Transaction,
  departmentId: number,
  document: Record<string, unknown>,
  deps: KeyDeps,
): Promise<string> {
  const { jose, Ed25519Multikey } = await loadSigning();
  const keyPair = await signingKey(trx, departmentId, deps);
  const jwk = await Ed25519Multikey.toJwk({ keyPair, secretKey: true });
  // The multikey's secret is the seed followed by the public key; a JWK's `d` is the seed alone.
  const d = Buffer.from(jwk.d!, 'base64url').subarray(0, 32).toString('base64url');
  const key = await jose.importJWK({ ...jwk, d }, 'EdDSA');
  const header = { alg: 'EdDSA', typ: 'vc+jwt', kid: keyPair.id, zip: 'DEF' };
  const headerLength = Buffer.from(JSON.stringify(header)).toString('base64url').length;
  const issuer = departmentDid(deps.baseUrl, departmentId);
  let payload = Buffer.alloc(0);
  for (const limit of TEXT_LIMITS) {
    payload = deflateRawSync(JSON.stringify(cardCredential(issuer, cardClaims(document, limit))), { level: 9 });
    if (headerLength + payload.toString('base64url').length + SIGNATURE_AND_DOTS <= CARD_TOKEN_MAX_LENGTH) break;
  }
  return new jose.CompactSign(payload).setProtectedHeader(header).sign(key);
}

/** The kept credential with its card token, signing the token for a row kept before tokens existed. */
export async function withCardToken(
  trx: Knex.Transaction,
  credential: IssuedCredential,
  deps: KeyDeps,
): Promise<IssuedCredential & { cardToken: string }> {
  if (credential.cardToken) return credential as IssuedCredential & { cardToken: string };
  const cardToken = await signCardToken(trx, credential.departmentId, credential.document, deps);
  await IssuedCredential.query(trx).findById(credential.id).patch({ cardToken });
  return Object.assign(credential, { cardToken });
}

/** The revocation bits of a department, encoded as the Bitstring Status List encodes them. */
function encodedList(revoked: number[]): string {
  const bits = Buffer.alloc(STATUS_LIST_LENGTH / 8);
  for (const index of revoked) bits[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/**
 * What the keys document shows, as one fingerprint (one query): the keys, their departments' names and every
 * revoked bit. The document is kept in the page cache under it (docs/decisions/wallet-card.md), as a page whose
 * content spans many rows is (docs/decisions/kept-pages.md).
 */
export async function cardKeysVersion(db?: Knex): Promise<string> {
  const [row] = (await CredentialKey.query(db)
    .alias('k')
    .join('departments as d', 'd.id', 'k.department_id')
    .select(
      raw("md5(string_agg(k.id || ':' || d.id || ':' || d.name, ',' order by k.id)) as named_keys"),
      IssuedCredential.query(db)
        .alias('c')
        .whereNotNull('c.revoked_at')
        .select(raw("md5(coalesce(string_agg(c.department_id || ':' || c.status_index, ',' order by c.id), ''))"))
        .as('revoked'),
    )) as unknown as Array<{ namedKeys: string | null; revoked: string }>;
  return `${row?.namedKeys ?? 'none'}.${row?.revoked ?? ''}`;
}

/** GET /verify/keys.json, but its time: every department key (current and retired) and every revocation bit. */
export async function cardKeys(deps: { baseUrl: string; db?: Knex }): Promise<Omit<CardKeysDocument, 'syncedAt'>> {
  const { Ed25519Multikey } = await loadSigning();
  const keys = await CredentialKey.query(deps.db).orderBy('id');
  const departmentIds = [...new Set(keys.map((key) => key.departmentId))];
  const names = new Map(
    (await Department.query(deps.db).whereIn('id', departmentIds).select('id', 'name')).map((row) => [
      row.id,
      row.name,
    ]),
  );
  const revoked = await IssuedCredential.query(deps.db)
    .select('departmentId', 'statusIndex')
    .whereIn('departmentId', departmentIds)
    .whereNotNull('revokedAt');
  const jwks = [];
  for (const key of keys) {
    const pair = await Ed25519Multikey.from({ type: 'Multikey', publicKeyMultibase: key.publicKeyMultibase });
    const { x } = await Ed25519Multikey.toJwk({ keyPair: pair });
    jwks.push({
      kid: keyId(departmentDid(deps.baseUrl, key.departmentId), key),
      kty: 'OKP' as const,
      crv: 'Ed25519' as const,
      x,
      departmentId: key.departmentId,
      department: names.get(key.departmentId) ?? '',
    });
  }
  return {
    keys: jwks,
    statusLists: departmentIds.map((departmentId) => ({
      url: statusListUrl(deps.baseUrl, departmentId),
      encodedList: encodedList(
        revoked.filter((row) => row.departmentId === departmentId).map((row) => row.statusIndex),
      ),
    })),
  };
}
