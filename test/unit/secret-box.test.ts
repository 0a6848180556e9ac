/** TOTP secrets at rest (docs/decisions/two-factor.md): AES-256-GCM under a key derived from SESSION_SECRET. */
import test from 'ava';
import { open, seal, secretKey } from '../../src/services/twoFactor/secretBox';

const key = secretKey('a-session-secret-of-enough-length-0123');

test('a sealed secret opens with the same key, never shows in clear, and differs each time', (t) => {
  const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
  t.false(sealed.includes('JBSWY3DPEHPK3PXP'));
  t.not(seal(key, 'JBSWY3DPEHPK3PXP'), sealed, 'a fresh IV each time');
  t.is(open(key, sealed), 'JBSWY3DPEHPK3PXP');
});

test('another SESSION_SECRET, a changed byte or a malformed value opens to null', (t) => {
  const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
  t.is(open(secretKey('another-session-secret-of-enough-length'), sealed), null);
  const [version, iv, tag, data] = sealed.split('.');
  const flipped = Buffer.from(data!, 'base64url');
  flipped[0] = flipped[0]! ^ 1;
  t.is(open(key, [version, iv, tag, flipped.toString('base64url')].join('.')), null);
  t.is(open(key, 'v1.only-two'), null);
  t.is(open(key, 'v2.a.b.c'), null);
});
