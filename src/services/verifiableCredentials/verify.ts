/**
 * The verify page's check (docs/decisions/verifiable-credentials.md): any Open Badges 3.0 / VC 2.0 credential
 * with a Data Integrity proof, ours (did:web of this site) or another issuer's with a did:key. Nothing is
 * fetched: the contexts are the bundled ones, the keys come from our database or the did:key itself, and the
 * status of our own credentials is read from our rows (another issuer's status list is reported as unchecked).
 *
 * Hostile input is refused before any JSON-LD work with a 4xx that says why: too large (413), not JSON, too
 * deeply nested or too many parts, an inline or unknown context (400).
 */
import type { Knex } from 'knex';
import { PayloadTooLargeError, ValidationError } from '../../errors';
import { IssuedCredential } from '../../models/IssuedCredential';
import { Department } from '../../models/Department';
import { departmentOfDid } from './did';
import { BUNDLED_CONTEXTS, documentLoader, REFUSED_DOCUMENT_MESSAGE } from './documentLoader';
import { loadSigning } from './libraries';
import { isRevoked, statusListUrl } from './statusList';
import {
  MAX_CREDENTIAL_BYTES,
  VERIFY_MESSAGES,
  type Verdict,
  type VerificationReport,
} from '../../validation/verifiableCredentials';

const MAX_DEPTH = 16;
const MAX_PARTS = 2000;

/** Measures nesting and size without recursion (a deep document cannot exhaust the stack). */
function checkShape(value: unknown): void {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let parts = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (++parts > MAX_PARTS) throw new ValidationError(VERIFY_MESSAGES.tooMany);
    if (node === null || typeof node !== 'object') continue;
    if (depth > MAX_DEPTH) throw new ValidationError(VERIFY_MESSAGES.tooDeep);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
}

/** The credential in `text`, or the 4xx that says why it is not one this page reads. */
export function parseCredential(text: string): Record<string, unknown> {
  if (Buffer.byteLength(text) > MAX_CREDENTIAL_BYTES) throw new PayloadTooLargeError(VERIFY_MESSAGES.tooLarge);
  if (!text.trim()) throw new ValidationError(VERIFY_MESSAGES.empty, { credential: VERIFY_MESSAGES.empty });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(VERIFY_MESSAGES.notJson, { credential: VERIFY_MESSAGES.notJson });
  }
  checkShape(value);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ValidationError(VERIFY_MESSAGES.notObject);
  const credential = value as Record<string, unknown>;
  const contexts = Array.isArray(credential['@context']) ? credential['@context'] : [credential['@context']];
  for (const context of contexts) {
    if (typeof context !== 'string') throw new ValidationError(VERIFY_MESSAGES.inlineContext);
    if (!BUNDLED_CONTEXTS.has(context)) throw new ValidationError(REFUSED_DOCUMENT_MESSAGE(context));
  }
  const types = Array.isArray(credential.type) ? credential.type : [credential.type];
  if (!types.includes('VerifiableCredential')) throw new ValidationError(VERIFY_MESSAGES.notCredential);
  return credential;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const objectAt = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The messages of a failed verification, innermost first, without stack traces. */
function failureReasons(error: unknown): string[] {
  const reasons = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 4) return;
    const { message, errors, cause } = value as { message?: unknown; errors?: unknown; cause?: unknown };
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
    visit(cause, depth + 1);
    if (typeof message === 'string' && message) reasons.add(message.slice(0, 300));
  };
  visit(error, 0);
  return [...reasons];
}

const date = (iso: string | null) => (iso ? new Date(iso).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '') : '');

/** Checks `credential` (already through `parseCredential`) and says what it shows. */
export async function verifyCredential(
  credential: Record<string, unknown>,
  deps: { baseUrl: string; db?: Knex; now?: Date },
): Promise<VerificationReport> {
  const now = deps.now ?? new Date();
  const issuerValue = credential.issuer;
  const issuer = typeof issuerValue === 'string' ? { id: issuerValue } : objectAt(issuerValue);
  const issuerId = text(issuer.id) ?? '';
  const departmentId = departmentOfDid(deps.baseUrl, issuerId);
  const subject = objectAt(credential.credentialSubject);
  const achievement = objectAt(subject.achievement);
  const validFrom = text(credential.validFrom);
  const validUntil = text(credential.validUntil);

  const { vc, DataIntegrityProof, cryptosuite } = await loadSigning();
  // The signature is judged at the credential's own start, so an expired credential still says whether it was
  // signed by its issuer; expiry is reported on its own below.
  const judgedAt = validFrom && !Number.isNaN(Date.parse(validFrom)) ? new Date(validFrom) : now;
  const result = await vc.verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader: documentLoader({ baseUrl: deps.baseUrl, db: deps.db }),
    now: judgedAt,
    checkStatus: async () => ({ verified: true }),
  });
  const reasons: string[] = result.verified ? [] : failureReasons(result.error ?? result.results);
  if (!result.verified && reasons.length === 0) reasons.push('The signature does not match the credential.');

  let status: VerificationReport['status'] = 'none';
  const entry = objectAt(credential.credentialStatus);
  if (Object.keys(entry).length) {
    const index = Number(entry.statusListIndex);
    const ours = departmentId !== undefined && entry.statusListCredential === statusListUrl(deps.baseUrl, departmentId);
    if (ours && Number.isInteger(index) && index >= 0) {
      status = (await isRevoked(departmentId, index, deps.db)) ? 'revoked' : 'not revoked';
    } else {
      status = 'unchecked';
      reasons.push('Its revocation list is on another site, which this page does not fetch.');
    }
  }

  const department = departmentId === undefined ? undefined : await Department.query(deps.db).findById(departmentId);
  const fdid = objectAt((issuer.otherIdentifier as unknown[] | undefined)?.[0]);
  const expired = validUntil !== null && Date.parse(validUntil) < now.getTime();
  const early = validFrom !== null && Date.parse(validFrom) > now.getTime() + 5 * 60 * 1000;
  const verdict: Verdict = !result.verified
    ? 'invalid'
    : status === 'revoked'
      ? 'revoked'
      : expired
        ? 'expired'
        : early
          ? 'not yet valid'
          : 'valid';
  const issuerName = department?.name ?? text(issuer.name) ?? issuerId;
  const headline = {
    valid: `Valid: signed by ${issuerName}, not revoked${validUntil ? `, valid until ${date(validUntil)}` : ''}.`,
    revoked: `Revoked: ${issuerName} signed this credential, then withdrew it.`,
    expired: `Expired: ${issuerName} signed this credential, but it was valid only until ${date(validUntil)}.`,
    'not yet valid': `Not yet valid: it starts on ${date(validFrom)}.`,
    invalid: 'Not valid: the signature does not hold, so nothing in this credential can be trusted.',
  }[verdict];
  return {
    verdict,
    headline,
    reasons,
    signature: result.verified ? 'holds' : 'broken',
    status,
    issuer: {
      id: issuerId,
      name: issuerName || null,
      fdid: text(fdid.identifier),
      ours: departmentId !== undefined,
      note:
        departmentId !== undefined ? 'This site holds the department’s key and signs on its verifier’s behalf.' : null,
    },
    subject: { name: text(subject.name), role: text(subject.role), since: text(subject.activityStartDate) },
    achievement: { name: text(achievement.name), type: text(achievement.achievementType) },
    validFrom,
    validUntil,
    credentialId: text(credential.id),
  };
}

/** One of our kept credentials by its UUID (the public /verify/{id} page); undefined when unknown. */
export async function keptCredential(id: string, db?: Knex): Promise<IssuedCredential | undefined> {
  return IssuedCredential.query(db).findById(id);
}
