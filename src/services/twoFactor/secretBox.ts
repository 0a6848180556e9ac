/**
 * TOTP secrets at rest: AES-256-GCM (node:crypto) with a key derived from SESSION_SECRET by HKDF-SHA256 under
 * its own label, so a database dump alone does not give anyone the secrets. Sealed text: `v1.<iv>.<tag>.<data>`
 * (base64url). Changing SESSION_SECRET makes existing secrets unreadable: those users sign in with a recovery code.
 */
import crypto from 'node:crypto';

const keys = new Map<string, Buffer>();

/** A 32-byte key for one purpose (`label`), derived from SESSION_SECRET by HKDF-SHA256; kept per process. */
export function derivedKey(sessionSecret: string, label: string): Buffer {
  const cacheKey = `${label}\u0000${sessionSecret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', sessionSecret, 'turnout', label, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

export const secretKey = (sessionSecret: string): Buffer => derivedKey(sessionSecret, 'totp-secret-v1');

export function seal(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text, or null when it was sealed under another key (or tampered with). */
export function open(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
