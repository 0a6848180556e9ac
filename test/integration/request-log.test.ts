/**
 * The request log: one line per request with its method, path, status, time and request id (also sent as
 * X-Request-Id), written by the app's own logger; a route's own lines carry the same request id; other lines
 * are still redacted.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import test from 'ava';
import pino from 'pino';
import { createApp } from '../../src/app';
import { createHttpServer } from '../../src/http/nodeServer';
import { REDACT_PATHS } from '../../src/log';
import { startTestApp, type TestApp } from '../helpers/app';
import { anyDepartment } from '../helpers/profiles';
import { createUser } from '../helpers/users';

let app: TestApp;
let url: string;
let server: http.Server;
let logger: pino.Logger;
const lines: Record<string, unknown>[] = [];

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false });
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  logger = pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, capture);
  const mailer = { async send() {}, close() {} };
  server = createHttpServer(createApp({ config: app.config, db: app.db, logger, mailer }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after.always(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
});

const linesFor = (reqId: string) => lines.filter((line) => line.reqId === reqId);

test.serial(
  'each request writes one line: method, path (no query string), status, time and its request id',
  async (t) => {
    const res = await fetch(`${url}/login?next=%2Fsecret`, { headers: { 'X-Request-Id': 'trace-abc-123' } });
    t.is(res.status, 200);
    t.is(res.headers.get('x-request-id'), 'trace-abc-123');
    const [line, ...more] = linesFor('trace-abc-123');
    t.is(more.length, 0);
    t.like(line, { level: 30, msg: 'request', method: 'GET', url: '/login', status: 200 });
    t.is(typeof line!.ms, 'number');

    const missing = await fetch(`${url}/no/such/page`, { headers: { 'X-Request-Id': 'not a valid id!' } });
    const id = missing.headers.get('x-request-id')!;
    t.regex(id, /^[0-9a-f-]{36}$/, 'an id of our own instead of an unsafe one');
    t.like(linesFor(id)[0], { msg: 'request', url: '/no/such/page', status: 404 });
  },
);

test.serial("a route's own lines carry the request id and are redacted as before", async (t) => {
  const owner = await createUser();
  const department = await anyDepartment();
  const res = await fetch(`${url}/api/profiles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.token}`, 'X-Request-Id': 'trace-p1' },
    body: JSON.stringify({ name: 'Request Log', rank: 'Captain', departmentId: department.id }),
  });
  t.is(res.status, 201);
  const [created, request] = linesFor('trace-p1');
  t.like(created, { msg: 'profile created', level: 30 });
  t.like(request, { msg: 'request', method: 'POST', url: '/api/profiles', status: 201 });
  // The route-side logger is the app's (a child of it): its redaction still applies.
  lines.length = 0;
  logger.child({ reqId: 'r1' }).info({ password: 'hunter2', user: { token: 't' } }, 'x');
  t.like(lines[0], { reqId: 'r1', password: '[redacted]', user: { token: '[redacted]' } });
});

test.serial('no token or secret from a path or query reaches the request log: routes log their pattern', async (t) => {
  lines.length = 0;
  const calendarSecret = 'c0ffee'.repeat(8);
  const exportToken = 'ExportTokenSecretValue_0123456789';
  const unsubscribeToken = 'unsubscribe-token-secret-value-42';
  const resetToken = 'reset-token-secret-value-0123456789';
  const strayToken = 'StraySecretSegment0123456789abcdef';
  const visits: Array<[string, string, string]> = [
    ['GET', `/calendar/${calendarSecret}.ics`, '/calendar/:file'],
    ['GET', `/account/export/${exportToken}`, '/account/export/:token'],
    ['GET', `/reminders/unsubscribe/${unsubscribeToken}`, '/reminders/unsubscribe/:token'],
    ['POST', `/reminders/unsubscribe/${unsubscribeToken}`, '/reminders/unsubscribe/:token'],
    ['GET', `/reset-password?token=${resetToken}`, '/reset-password'],
    ['GET', `/no-such-route/${strayToken}`, '/no-such-route/:token'],
  ];
  for (const [method, path, pattern] of visits) {
    const reqId = `secret-${visits.findIndex((visit) => visit[1] === path && visit[0] === method)}`;
    await fetch(`${url}${path}`, {
      method,
      headers: {
        'X-Request-Id': reqId,
        ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
    });
    t.like(linesFor(reqId).at(-1), { msg: 'request', method, url: pattern }, path);
  }
  const written = JSON.stringify(lines);
  for (const secret of [calendarSecret, exportToken, unsubscribeToken, resetToken, strayToken])
    t.false(written.includes(secret), `${secret} is not in the log`);
});
