/** docs/decisions/no-published-secrets.md: no known secret in a self-hosted install. */
import fs from 'node:fs';
import test from 'ava';
import { parse } from 'yaml';
import { loadConfig, MIN_SESSION_SECRET_LENGTH, PUBLISHED_SECRETS } from '../../src/config';

const GOOD_KEY = 'Kx9m2Qv7Lp4Rt8Wz1Yc6Nb3Hd5Fg0Js2Ua7Ve9';
const production =
  (secret?: string, credentialKey: string | null = GOOD_KEY) =>
  () =>
    loadConfig({
      NODE_ENV: 'production',
      ...(secret === undefined ? {} : { SESSION_SECRET: secret }),
      ...(credentialKey === null ? {} : { CREDENTIAL_KEY: credentialKey }),
    });

test('production refuses a missing, short or published session secret, saying how to make one', (t) => {
  t.throws(production(), {
    message: /SESSION_SECRET must be set in production\. Make one with: openssl rand -base64 48/,
  });
  t.throws(production('x'.repeat(MIN_SESSION_SECRET_LENGTH - 1)), { message: /at least 32 characters .*openssl rand/ });
  for (const secret of PUBLISHED_SECRETS) {
    t.throws(production(secret), { message: /published example value/ }, secret);
  }
  t.is(production('Vq3n8cF0yJ1uXb7e2kR9sT4wZ6mA5dH0pL3gN8qW')().sessionSecret.length, 40);
});

test('production refuses a missing, short or published credential key (docs/decisions/verifiable-credentials.md)', (t) => {
  const session = 'Vq3n8cF0yJ1uXb7e2kR9sT4wZ6mA5dH0pL3gN8qW';
  t.throws(production(session, null), { message: /CREDENTIAL_KEY must be set in production\. Make one with/ });
  t.throws(production(session, 'short'), { message: /CREDENTIAL_KEY must be at least 32 characters/ });
  for (const secret of PUBLISHED_SECRETS) {
    t.throws(production(session, secret), { message: /CREDENTIAL_KEY is a published example value/ }, secret);
  }
  t.is(production(session)().credentialKey, GOOD_KEY);
});

test('development and test still start with no secret at all', (t) => {
  t.truthy(loadConfig({ NODE_ENV: 'development' }).sessionSecret);
  t.truthy(loadConfig({ NODE_ENV: 'test' }).sessionSecret);
  t.truthy(loadConfig({ NODE_ENV: 'development' }).credentialKey);
});

test('every secret in .env.example is on the refused list', (t) => {
  const example = fs.readFileSync('.env.example', 'utf8');
  const secrets = [...example.matchAll(/^(?:#\s*)?[A-Z_]*(?:SECRET|PASSWORD)[A-Z_]*=(.+)$/gm)].map((m) => m[1]!.trim());
  t.true(secrets.length > 0);
  for (const secret of secrets.filter((value) => value.length > 0)) {
    t.true(PUBLISHED_SECRETS.includes(secret), `${secret} from .env.example must be refused in production`);
  }
});

test('docker compose requires SESSION_SECRET and a real database password when the port is published', (t) => {
  const compose = parse(fs.readFileSync('docker-compose.yml', 'utf8'));
  t.regex(compose.services.app.environment.SESSION_SECRET, /^\$\{SESSION_SECRET:\?[^}]+\}$/);
  t.is(compose.services.db.ports, undefined, 'the default file does not publish the database');
  const published = parse(fs.readFileSync('docker-compose.db-port.yml', 'utf8'));
  t.regex(published.services.db.environment.POSTGRES_PASSWORD, /^\$\{POSTGRES_PASSWORD:\?[^}]+\}$/);
  t.regex(published.services.app.environment.DATABASE_URL, /\$\{POSTGRES_PASSWORD:\?[^}]+\}/);
  t.truthy(published.services.db.ports);
});
