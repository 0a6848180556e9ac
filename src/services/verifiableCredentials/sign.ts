/** The one signing call of the credentials (docs/decisions/verifiable-credentials.md). */
import type { Knex } from 'knex';
import { documentLoader } from './documentLoader';
import { signingKey, type KeyDeps } from './keys';
import { loadSigning } from './libraries';

export interface CredentialDeps extends KeyDeps {
  productName: string;
  /** The clock (tests and the bench move it). */
  now?: Date;
}

/** Signs `document` with the department's current key (made on first use). */
export async function signDocument(
  trx: Knex.Transaction,
  departmentId: number,
  document: object,
  deps: CredentialDeps,
): Promise<Record<string, unknown>> {
  const { vc, DataIntegrityProof, cryptosuite } = await loadSigning();
  const key = await signingKey(trx, departmentId, deps);
  const suite = new DataIntegrityProof({ signer: key.signer(), cryptosuite, date: deps.now });
  return (await vc.issue({
    credential: document,
    suite,
    documentLoader: documentLoader({ baseUrl: deps.baseUrl, db: trx }),
  })) as Record<string, unknown>;
}
