/** The Join Beta note's address (spec 01 §2 "a note to e-mail the provider to request access"). */
import test from 'ava';
import { loadConfig } from '../../src/config';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-0123456789' };

test('ACCESS_REQUEST_EMAIL, else ADMIN_EMAIL, else none', (t) => {
  t.is(
    loadConfig({ ...base, ACCESS_REQUEST_EMAIL: 'beta@x.example', ADMIN_EMAIL: 'a@x.example' }).accessRequestEmail,
    'beta@x.example',
  );
  t.is(loadConfig({ ...base, ADMIN_EMAIL: 'a@x.example' }).accessRequestEmail, 'a@x.example');
  t.is(loadConfig(base).accessRequestEmail, undefined);
});
