/** AI assist's settings (src/config.ts): off unless AI_BASE_URL and AI_MODEL are both set; defaults. */
import test from 'ava';
import { loadConfig } from '../../src/config';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-0123456789' };

test('no AI settings: AI assist is off', (t) => {
  t.is(loadConfig(base).ai, null);
  t.is(loadConfig({ ...base, AI_BASE_URL: '  ', AI_MODEL: '' }).ai, null);
});

test('base URL and model: on, with the vision model and timeout defaulted', (t) => {
  t.deepEqual(loadConfig({ ...base, AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.1:8b' }).ai, {
    baseUrl: 'http://localhost:11434/v1',
    apiKey: undefined,
    model: 'llama3.1:8b',
    visionModel: 'llama3.1:8b',
    timeoutMs: 30_000,
  });
  const full = loadConfig({
    ...base,
    AI_BASE_URL: 'https://api.example.com/v1',
    AI_MODEL: 'text',
    AI_VISION_MODEL: 'vision',
    AI_API_KEY: 'sk-1',
    AI_TIMEOUT_MS: '5000',
  }).ai;
  t.like(full, { visionModel: 'vision', apiKey: 'sk-1', timeoutMs: 5000 });
});

test('one without the other, or a base URL that is not http(s), stops the start', (t) => {
  t.throws(() => loadConfig({ ...base, AI_BASE_URL: 'http://localhost:8080/v1' }), { message: /set together/ });
  t.throws(() => loadConfig({ ...base, AI_MODEL: 'x' }), { message: /set together/ });
  t.throws(() => loadConfig({ ...base, AI_BASE_URL: 'localhost:8080', AI_MODEL: 'x' }), { message: /http\(s\) URL/ });
  t.throws(() => loadConfig({ ...base, AI_BASE_URL: 'http://h/v1', AI_MODEL: 'x', AI_TIMEOUT_MS: 'soon' }));
});
