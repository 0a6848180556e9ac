/**
 * The instance's and the departments' did:web identifiers and documents (docs/decisions/verifiable-credentials.md).
 * A department's DID is `did:web:{host}:departments:{id}`, resolved at `/departments/{id}/did.json`; the path
 * carries the department's id, not its FDID, because an FDID is unique only within a state (the FDID is in every
 * credential as the issuer's `otherIdentifier`). Every key the department ever had is listed, so credentials
 * signed before a rotation still verify.
 */
import type { CredentialKey } from '../../models/CredentialKey';

export const DID_CONTEXT = 'https://www.w3.org/ns/did/v1';
export const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';

/** `did:web:{host}` with the port's colon encoded, as did:web requires. */
export function instanceDid(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', encodeURIComponent(url.host), ...path].join(':');
}

export const departmentDid = (baseUrl: string, departmentId: number): string =>
  `${instanceDid(baseUrl)}:departments:${departmentId}`;

/** The department a DID of this instance names, or undefined for any other DID. */
export function departmentOfDid(baseUrl: string, did: string): number | undefined {
  const prefix = `${instanceDid(baseUrl)}:departments:`;
  if (!did.startsWith(prefix)) return undefined;
  const rest = did.slice(prefix.length);
  return /^[1-9][0-9]{0,9}$/.test(rest) && Number(rest) <= 2_147_483_647 ? Number(rest) : undefined;
}

export const keyId = (did: string, key: Pick<CredentialKey, 'id'>): string => `${did}#key-${key.id}`;

export interface VerificationMethod {
  id: string;
  type: 'Multikey';
  controller: string;
  publicKeyMultibase: string;
}

export const verificationMethod = (did: string, key: Pick<CredentialKey, 'id' | 'publicKeyMultibase'>) =>
  ({ id: keyId(did, key), type: 'Multikey', controller: did, publicKeyMultibase: key.publicKeyMultibase }) as const;

/** A DID document listing `keys` (current and retired) for assertions. */
export function didDocument(did: string, keys: Array<Pick<CredentialKey, 'id' | 'publicKeyMultibase'>>) {
  const methods = keys.map((key) => verificationMethod(did, key));
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}

/** A did:key Ed25519 DID (`did:key:z6Mk…`) resolved without a network: the key is the identifier. */
export function didKeyDocument(did: string) {
  const fingerprint = did.slice('did:key:'.length);
  if (!/^z6Mk[1-9A-HJ-NP-Za-km-z]{40,50}$/.test(fingerprint)) return undefined;
  const method = { id: `${did}#${fingerprint}`, type: 'Multikey', controller: did, publicKeyMultibase: fingerprint };
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: [method],
    assertionMethod: [method.id],
  };
}
