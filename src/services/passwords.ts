import argon2 from 'argon2';

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4): OWASP-recommended parameters. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when no user matches, so timing does not reveal which e-mails exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('turnout-no-such-user');
  return dummyHash;
}
