/**
 * The request line written without pino's per-call work (src/http/requestLog.ts) is the line pino writes for the
 * same fields: same level, bindings, field order and message, on the same destination.
 */
import { Writable } from 'node:stream';
import test from 'ava';
import pino from 'pino';
import { requestLineWriter, type RequestLineFields } from '../../src/http/requestLog';

function capture(level: string, options: pino.LoggerOptions = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level, redact: { paths: ['*.token'], censor: '[redacted]' }, ...options }, stream);
  return { logger, lines };
}

const withoutTime = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');

const cases: [RequestLineFields, 'info' | 'debug' | 'error', string][] = [
  [{ reqId: 'abc-1', method: 'GET', url: '/profiles/12/public', status: 200, ms: 0.3 }, 'info', 'request'],
  [{ reqId: 'abc-2', method: 'HEAD', url: '/health', status: 200, ms: 0 }, 'debug', 'request'],
  [{ reqId: 'abc-3', method: 'GET', url: '/assets/a.js', status: 304, ms: 1.5 }, 'debug', 'request'],
  [{ reqId: 'abc-4', method: 'POST', url: '/api/x"y\\z', status: 503, ms: 12.1 }, 'error', 'request failed'],
  [{ reqId: 'abc-5', method: 'GET', url: '/login', status: 404, ms: Number.NaN }, 'info', 'request'],
];

for (const [fields, level, msg] of cases) {
  test(`a ${fields.status} for ${fields.url}: pino's own line at ${level}`, (t) => {
    const written = capture('debug');
    requestLineWriter(written.logger)(fields);
    const expected = capture('debug');
    expected.logger.child({}, { redact: { paths: [] } })[level]({ ...fields }, msg);
    t.is(written.lines.length, 1);
    t.is(withoutTime(written.lines[0]), withoutTime(expected.lines[0]));
    t.like(JSON.parse(written.lines[0]!), { ...fields, ms: Number.isNaN(fields.ms) ? null : fields.ms, msg });
  });
}

test('levels below the logger’s are not written', (t) => {
  const { logger, lines } = capture('info');
  const write = requestLineWriter(logger);
  write({ reqId: 'a', method: 'GET', url: '/health', status: 200, ms: 0.1 });
  t.is(lines.length, 0);
  write({ reqId: 'b', method: 'GET', url: '/', status: 200, ms: 0.1 });
  t.is(lines.length, 1);
});

test('a logger that shapes its lines (a mixin) gets pino’s ordinary call', (t) => {
  const { logger, lines } = capture('info', { mixin: () => ({ node: 'n1' }) });
  requestLineWriter(logger)({ reqId: 'a', method: 'GET', url: '/', status: 200, ms: 0.1 });
  t.like(JSON.parse(lines[0]!), { node: 'n1', reqId: 'a', msg: 'request' });
});
