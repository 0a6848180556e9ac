/**
 * The wallet card's token and its check (docs/decisions/wallet-card.md), shared by the server (POST /verify/token)
 * and the offline scanner (/verify/scan): one compact JWS, header `typ: "vc+jwt"`, `alg: "EdDSA"`, the signing
 * key's did:web id as `kid` and `zip: "DEF"`, whose payload is a minimal VC 2.0 compressed with raw DEFLATE (as
 * SMART Health Cards do), so the QR stays small. The check needs only WebCrypto (Ed25519), DecompressionStream
 * and a keys document (`/verify/keys.json`): no import, so the browser runs exactly what the server runs.
 */

/** The longest token a card carries: a QR of this many characters scans from a phone at arm's length. */
export const CARD_TOKEN_MAX_LENGTH = 600;

/**
 * A name, rank or department longer than this is shortened in the token only (the credential keeps it whole);
 * shorter still when the token would pass its length otherwise.
 */
export const CARD_TEXT_MAX = 60;

export interface CardKey {
  kid: string;
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  departmentId: number;
  department: string;
}

export interface CardStatusList {
  /** The status list credential's URL, as the token names it. */
  url: string;
  /** The list's bits as the Bitstring Status List encodes them: multibase base64url ("u…") of GZIP. */
  encodedList: string;
}

/** GET /verify/keys.json: what the scanner keeps to check offline. */
export interface CardKeysDocument {
  syncedAt: string;
  keys: CardKey[];
  statusLists: CardStatusList[];
}

export interface CardClaims {
  name: string;
  role: string;
  department: string;
  validUntil: string;
  statusListIndex: number;
  statusListCredential: string;
}

export type CardVerdict = 'valid' | 'expired' | 'revoked' | 'unknown' | 'malformed';

export interface CardCheck {
  verdict: CardVerdict;
  /** The words the page shows. */
  message: string;
  claims: CardClaims | null;
}

/** A check's answer as the scanner shows it: who checked, against keys of when. */
export type CardAnswer = CardCheck & { checkedBy: 'server' | 'device'; syncedAt: string };

/** The scanner island's props (/verify/scan). */
export interface CardScannerProps {
  keysUrl: string;
  serviceWorkerUrl: string;
  scope: string;
  /** The token posted without script, kept in the field. */
  token: string;
  /** The server's answer to a post without script. */
  result: CardAnswer | null;
}

export const CARD_MESSAGES = {
  valid: 'Valid',
  expired: 'Expired',
  revoked: (syncedAt: string) => `Revoked as of ${cardDay(syncedAt)}`,
  unknown: 'Not signed by a known department',
  malformed: 'This is not a Turnout card token',
  empty: 'Scan a card or paste its token.',
  tooLong: `A card token is at most ${CARD_TOKEN_MAX_LENGTH} characters.`,
} as const;

export const cardDay = (iso: string): string =>
  Number.isNaN(Date.parse(iso))
    ? iso
    : new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** The minimal VC 2.0 a card token carries. */
export function cardCredential(issuer: string, claims: CardClaims) {
  return {
    '@context': [VC_CONTEXT],
    type: ['VerifiableCredential'],
    issuer,
    validUntil: claims.validUntil,
    credentialSubject: { name: claims.name, role: claims.role, department: claims.department },
    // No statusPurpose: every list it can name is a revocation list, which the list itself states (its bytes
    // are what keeps the token under its length).
    credentialStatus: {
      type: 'BitstringStatusListEntry',
      statusListIndex: String(claims.statusListIndex),
      statusListCredential: claims.statusListCredential,
    },
  };
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function inflate(bytes: Uint8Array<ArrayBuffer>, format: 'deflate-raw' | 'gzip'): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

interface ParsedToken {
  kid: string;
  issuer: string;
  claims: CardClaims;
  signingInput: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/** The token's parts, or null when it is not a card token this site signs. */
export async function parseCardToken(token: string): Promise<ParsedToken | null> {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return null;
  try {
    const header = objectOf(JSON.parse(new TextDecoder().decode(fromBase64Url(parts[0]!))));
    if (header.alg !== 'EdDSA' || header.typ !== 'vc+jwt' || header.zip !== 'DEF' || header.crit) return null;
    const kid = textOf(header.kid);
    const payload = objectOf(
      JSON.parse(new TextDecoder().decode(await inflate(fromBase64Url(parts[1]!), 'deflate-raw'))),
    );
    const subject = objectOf(payload.credentialSubject);
    const status = objectOf(payload.credentialStatus);
    const issuer = textOf(payload.issuer);
    const index = Number(status.statusListIndex);
    const claims = {
      name: textOf(subject.name),
      role: textOf(subject.role),
      department: textOf(subject.department),
      validUntil: textOf(payload.validUntil),
      statusListCredential: textOf(status.statusListCredential),
    };
    if (!kid || !issuer || !kid.startsWith(`${issuer}#`) || !Number.isInteger(index) || index < 0) return null;
    if (Object.values(claims).some((value) => value === null)) return null;
    return {
      kid,
      issuer,
      claims: { ...(claims as Omit<CardClaims, 'statusListIndex'>), statusListIndex: index },
      signingInput: new TextEncoder().encode(`${parts[0]}.${parts[1]}`),
      signature: fromBase64Url(parts[2]!),
    };
  } catch {
    return null;
  }
}

async function signedBy(parsed: ParsedToken, key: CardKey): Promise<boolean> {
  try {
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      { kty: key.kty, crv: key.crv, x: key.x },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    return await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, parsed.signature, parsed.signingInput);
  } catch {
    return false;
  }
}

async function bitIsSet(list: CardStatusList, index: number): Promise<boolean> {
  const bits = await inflate(fromBase64Url(list.encodedList.replace(/^u/, '')), 'gzip');
  return (((bits[index >> 3] ?? 0) >> (7 - (index & 7))) & 1) === 1;
}

/**
 * Checks `token` against `keys` (signature by a key of a department of this site, then the revocation bit as of
 * the keys document's sync, then the date). `now` is the reader's clock.
 */
export async function checkCardToken(token: string, keys: CardKeysDocument, now: Date): Promise<CardCheck> {
  const parsed = await parseCardToken(token);
  if (!parsed) return { verdict: 'malformed', message: CARD_MESSAGES.malformed, claims: null };
  const key = keys.keys.find((candidate) => candidate.kid === parsed.kid);
  if (!key || !(await signedBy(parsed, key))) {
    return { verdict: 'unknown', message: CARD_MESSAGES.unknown, claims: null };
  }
  const { claims } = parsed;
  const list = keys.statusLists.find((candidate) => candidate.url === claims.statusListCredential);
  if (list && (await bitIsSet(list, claims.statusListIndex))) {
    return { verdict: 'revoked', message: CARD_MESSAGES.revoked(keys.syncedAt), claims };
  }
  if (Date.parse(claims.validUntil) < now.getTime()) {
    return { verdict: 'expired', message: CARD_MESSAGES.expired, claims };
  }
  return { verdict: 'valid', message: CARD_MESSAGES.valid, claims };
}
