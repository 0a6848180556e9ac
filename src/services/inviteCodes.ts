import crypto from 'node:crypto';

/** No 0/O, 1/I/L: codes are read aloud and typed from e-mails. 31 symbols. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A random code: 12 symbols of 31 is about 59 bits, so guessing one among even a million live codes takes
 * ~2^39 tries (registration is rate-limited). Rejection sampling keeps every symbol equally likely (a plain
 * `byte % 31` would favour the first eight).
 */
export function generateInviteCode(length = 12): string {
  const limit = 256 - (256 % INVITE_CODE_ALPHABET.length);
  let code = '';
  while (code.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < limit && code.length < length) code += INVITE_CODE_ALPHABET[byte % INVITE_CODE_ALPHABET.length];
    }
  }
  return code;
}
