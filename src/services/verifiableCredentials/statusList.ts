/**
 * A department's Bitstring Status List credential (W3C Bitstring Status List; docs/decisions/verifiable-credentials.md):
 * GET /departments/{id}/credentials/status. Built from the revoked rows of `issued_credentials` and signed by
 * the department's key; a node keeps the signed list for the same set of revoked bits, so a new revocation (a
 * new set) is answered at once on every node. Cacheable by clients for a short while (the route's Cache-Control).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { entryLimitedCache } from '../../entryLimitedCache';
import { IssuedCredential } from '../../models/IssuedCredential';
import { departmentDid } from './did';
import { VC_CONTEXT } from './documentLoader';
import { loadSigning } from './libraries';
import { signDocument, type CredentialDeps } from './sign';

/** 131,072 bits (16 KB before compression): the specification's minimum, for group privacy. */
export const STATUS_LIST_LENGTH = 131_072;

export const statusListUrl = (baseUrl: string, departmentId: number): string =>
  `${baseUrl}/departments/${departmentId}/credentials/status`;

/** The revoked bits of a department, ascending. */
export async function revokedIndexes(departmentId: number, db?: Knex): Promise<number[]> {
  const rows = await IssuedCredential.query(db)
    .select('statusIndex')
    .where('departmentId', departmentId)
    .whereNotNull('revokedAt')
    .orderBy('statusIndex');
  return rows.map((row) => row.statusIndex);
}

const signedLists = entryLimitedCache<string, { body: string; etag: string }>(500);

/** The signed status list credential as JSON text, with an ETag that moves with its bits. */
export async function statusListCredential(
  trx: Knex.Transaction,
  departmentId: number,
  deps: CredentialDeps,
): Promise<{ body: string; etag: string }> {
  const revoked = await revokedIndexes(departmentId, trx);
  const digest = createHash('sha256').update(revoked.join(',')).digest('base64url').slice(0, 22);
  const key = `${deps.baseUrl} ${departmentId}:${digest}`;
  const kept = signedLists.get(key);
  if (kept) return kept;
  const { statusList } = await loadSigning();
  const list = await statusList.createList({ length: STATUS_LIST_LENGTH });
  for (const index of revoked) list.setStatus(index, true);
  const id = statusListUrl(deps.baseUrl, departmentId);
  const unsigned = {
    '@context': [VC_CONTEXT],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: departmentDid(deps.baseUrl, departmentId),
    validFrom: (deps.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: await list.encode(),
    },
  };
  // Signing may make the department's first key: the route's transaction.
  const signed = await signDocument(trx, departmentId, unsigned, deps);
  const answer = { body: JSON.stringify(signed), etag: `"${digest}"` };
  signedLists.set(key, answer);
  return answer;
}

/** Whether bit `index` of a department's list is set (our own credentials, read from the rows: no fetch). */
export async function isRevoked(departmentId: number, index: number, db?: Knex): Promise<boolean> {
  const row = await IssuedCredential.query(db).findOne({ departmentId, statusIndex: index });
  return Boolean(row?.revokedAt);
}
