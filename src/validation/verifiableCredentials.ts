/**
 * The verify page's words and the shape of its answer (docs/decisions/verifiable-credentials.md), shared by the
 * service and the view. No yup: the page has no island.
 */

/** The largest credential the page reads: ours are about 3 KB. */
export const MAX_CREDENTIAL_BYTES = 64 * 1024;

export const VERIFY_MESSAGES = {
  empty: 'Paste a credential (the contents of its .json file) or choose the file.',
  noFile: 'Choose a credential file (its .json file) to upload.',
  tooLarge: `This file is too large to be a credential (the limit is ${MAX_CREDENTIAL_BYTES / 1024} KB).`,
  notJson: 'This is not a credential: it is not valid JSON. Paste the whole contents of the credential file.',
  tooDeep: 'This is not a credential this page reads: it is nested too deeply.',
  tooMany: 'This is not a credential this page reads: it has too many parts.',
  notObject: 'This is not a credential: a credential is one JSON object with "@context", "type" and "proof".',
  inlineContext: 'This credential defines its own terms inline ("@context" objects); only published contexts are read.',
  notCredential: 'This is not a verifiable credential: its "type" does not include "VerifiableCredential".',
} as const;

export type Verdict = 'valid' | 'revoked' | 'expired' | 'not yet valid' | 'invalid';

export interface VerificationReport {
  verdict: Verdict;
  /** One plain sentence. */
  headline: string;
  reasons: string[];
  signature: 'holds' | 'broken';
  status: 'not revoked' | 'revoked' | 'unchecked' | 'none';
  issuer: { id: string; name: string | null; fdid: string | null; ours: boolean; note: string | null };
  subject: { name: string | null; role: string | null; since: string | null };
  achievement: { name: string | null; type: string | null };
  validFrom: string | null;
  validUntil: string | null;
  credentialId: string | null;
}
