import crypto from 'node:crypto';

/** 256 bits of randomness, URL-safe. Used for session and password-reset tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 digests (one-shot `crypto.hash`: every signed-in request hashes its token). */
export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}
