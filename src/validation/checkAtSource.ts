/**
 * "Check at source" and "Add to LinkedIn" for a certification (docs/decisions/import-and-json-resume.md). Pure and
 * yup-free: the read views and the JSON Resume export use it.
 *
 * A body with a public lookup is known by its issuer's name; the link leads to that lookup, and the number the
 * owner entered is shown beside it to type there (none of these lookups documents a link that carries the number).
 */
export interface SourceLookup {
  /** The body's short name ("NREMT"). */
  body: string;
  /** Its public lookup page. */
  url: string;
  /** What the owner entered, as the lookup asks for it. */
  code: string;
  /** What the number is called at that lookup. */
  codeName: string;
}

interface Body {
  body: string;
  issuer: RegExp;
  url: string;
  codeName: string;
}

export const SOURCE_LOOKUPS: readonly Body[] = [
  {
    body: 'NREMT',
    issuer: /\bnremt\b|national registry of (?:emergency medical technicians|emts)/i,
    url: 'https://www.nremt.org/verify-credentials',
    codeName: 'Registry number',
  },
  {
    body: 'the Pro Board',
    issuer: /pro[\s-]?board|national board on fire service professional qualifications/i,
    url: 'https://theproboard.org/',
    codeName: 'Certificate number',
  },
  {
    body: 'AHA eCards',
    issuer: /american heart association|\baha\b/i,
    url: 'https://ecards.heart.org/student/myecards?pid=ahaecard.employerStudentSearch',
    codeName: 'eCard code',
  },
];

const CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,63}$/;

/** The lookup for a certification the owner gave a number for, from a body with a public lookup; else null. */
export function checkAtSource(cert: { issuer?: unknown; credentialId?: unknown }): SourceLookup | null {
  const code = typeof cert.credentialId === 'string' ? cert.credentialId.trim() : '';
  if (!code || !CODE.test(code) || typeof cert.issuer !== 'string') return null;
  const issuer = cert.issuer;
  const known = SOURCE_LOOKUPS.find((body) => body.issuer.test(issuer));
  return known ? { body: known.body, url: known.url, code, codeName: known.codeName } : null;
}

const month = (expiresOn: unknown): number | null => {
  const match = typeof expiresOn === 'string' ? /^(0[1-9]|1[0-2])\//.exec(expiresOn) : null;
  return match ? Number(match[1]) : null;
};

/**
 * LinkedIn's add-certification link, filled from the certification: name, issuing organization, issue year, expiry
 * year and month, the number and (when known) the lookup where it can be checked.
 */
export function addToLinkedInUrl(cert: {
  name?: unknown;
  issuer?: unknown;
  year?: unknown;
  expires?: unknown;
  expiresOn?: unknown;
  credentialId?: unknown;
}): string {
  const url = new URL('https://www.linkedin.com/profile/add');
  const set = (key: string, value: unknown) => {
    if (value !== null && value !== undefined && value !== '') url.searchParams.set(key, String(value));
  };
  set('startTask', 'CERTIFICATION_NAME');
  set('name', cert.name);
  set('organizationName', cert.issuer);
  set('issueYear', cert.year);
  set('expirationYear', cert.expires);
  set('expirationMonth', month(cert.expiresOn));
  set('certUrl', checkAtSource(cert)?.url);
  set('certId', typeof cert.credentialId === 'string' ? cert.credentialId.trim() : null);
  return url.toString();
}
