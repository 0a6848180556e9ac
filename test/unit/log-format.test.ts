import test from 'ava';
import { logFormat, type LogOutput } from '../../src/log';

const installed: LogOutput['resolvePretty'] = () => '/node_modules/pino-pretty/index.js';
const missing: LogOutput['resolvePretty'] = () => {
  throw Object.assign(new Error("Cannot find module 'pino-pretty'"), { code: 'MODULE_NOT_FOUND' });
};

test('a person at a terminal (npm start, npm run dev) gets readable lines', (t) => {
  t.is(logFormat('development', { isTTY: true, resolvePretty: installed }), 'pretty');
  t.is(logFormat('test', { isTTY: true, resolvePretty: installed }), 'pretty');
});

test('production, pipes and log collectors get JSON', (t) => {
  t.is(logFormat('production', { isTTY: true, resolvePretty: installed }), 'json');
  t.is(logFormat('development', { isTTY: false, resolvePretty: installed }), 'json');
});

test('without pino-pretty installed (npm ci --omit=dev) the server still starts, logging JSON', (t) => {
  t.is(logFormat('development', { isTTY: true, resolvePretty: missing }), 'json');
});
