/**
 * The compression middleware (src/http/compression.ts) over a real HTTP server, read as raw bytes: a body held in
 * memory goes out gzipped in one piece with its length (not chunked), a streamed one through a zlib stream, and
 * what should not be compressed is sent as it is — every case decoding to the bytes the route answered.
 */
import test from 'ava';
import Koa from 'koa';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ANSWER_GZIP_LEVEL, compression, OFF_THREAD_BYTES } from '../../src/http/compression';

const PAGE = `<!doctype html><html><body>${'<p>Captain, Engine 7</p>'.repeat(200)}</body></html>`;
/** A page as large as a rendered profile, sent as bytes as rendered pages are: deflated on the thread pool. */
const LARGE_PAGE = `<!doctype html><html><body>${'<p>Captain, Engine 7</p>'.repeat(Math.ceil(OFF_THREAD_BYTES / 20))}</body></html>`;
const JSON_BODY = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Award ${i}` })) };

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: http.Server;
let base: string;

test.before(async () => {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    switch (ctx.path) {
      case '/page':
        ctx.type = 'html';
        ctx.body = PAGE;
        return;
      case '/large':
        ctx.type = 'html';
        ctx.body = Buffer.from(LARGE_PAGE);
        return;
      case '/json':
        ctx.body = JSON_BODY;
        return;
      case '/small':
        ctx.type = 'html';
        ctx.body = '<p>short</p>';
        return;
      case '/stream':
        ctx.type = 'text/css';
        ctx.body = Readable.from([PAGE.slice(0, 2000), PAGE.slice(2000)]);
        return;
      case '/own':
        ctx.type = 'html';
        ctx.compress = false; // a route that compressed (or chose not to) itself
        ctx.body = PAGE;
        return;
      case '/image':
        ctx.type = 'image/png';
        ctx.body = Buffer.from(PAGE);
        return;
      case '/no-transform':
        ctx.type = 'html';
        ctx.set('Cache-Control', 'public, no-transform');
        ctx.body = PAGE;
        return;
    }
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after.always(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = { 'Accept-Encoding': 'gzip' }, method = 'GET') {
  return new Promise<Raw>((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

test('a page in memory goes out gzipped in one piece, with its length and its type', async (t) => {
  const res = await get('/page');
  t.is(res.headers['content-encoding'], 'gzip');
  t.is(res.headers['content-length'], String(res.body.length));
  t.is(res.headers['transfer-encoding'], undefined);
  t.is(res.headers['content-type'], 'text/html; charset=utf-8');
  t.is(res.headers.vary, 'Accept-Encoding');
  t.is(gunzipSync(res.body).toString(), PAGE);
  t.true(res.body.length < PAGE.length / 4);
});

test('an answer compressed for one request is gzipped at the fast level, a page and JSON alike', async (t) => {
  const page = await get('/page');
  t.deepEqual(page.body, gzipSync(PAGE, { level: ANSWER_GZIP_LEVEL }));
  t.notDeepEqual(page.body, gzipSync(PAGE), 'not at zlib’s default level');
  const json = await get('/json');
  t.deepEqual(json.body, gzipSync(JSON.stringify(JSON_BODY), { level: ANSWER_GZIP_LEVEL }));
});

test('a page large enough to be deflated off the request thread goes out the same way, in the same bytes', async (t) => {
  t.true(LARGE_PAGE.length >= OFF_THREAD_BYTES);
  const res = await get('/large');
  t.is(res.headers['content-encoding'], 'gzip');
  t.is(res.headers['content-length'], String(res.body.length));
  t.is(res.headers['transfer-encoding'], undefined);
  t.is(res.headers['content-type'], 'text/html; charset=utf-8');
  t.deepEqual(res.body, gzipSync(LARGE_PAGE, { level: ANSWER_GZIP_LEVEL }));
  const plain = await get('/large', { 'Accept-Encoding': 'gzip;q=0' });
  t.is(plain.headers['content-encoding'], undefined);
  t.is(plain.body.toString(), LARGE_PAGE);
});

test('a JSON answer is gzipped as Koa would have sent it', async (t) => {
  const res = await get('/json');
  t.is(res.headers['content-encoding'], 'gzip');
  t.is(res.headers['content-type'], 'application/json; charset=utf-8');
  t.deepEqual(JSON.parse(gunzipSync(res.body).toString()), JSON_BODY);
});

test('a client that takes no gzip gets the page as it is', async (t) => {
  for (const headers of [
    {} as Record<string, string>,
    { 'Accept-Encoding': 'identity' },
    { 'Accept-Encoding': 'deflate' },
    { 'Accept-Encoding': 'gzip;q=0' },
  ]) {
    const res = await get('/page', headers);
    t.is(res.headers['content-encoding'], undefined, JSON.stringify(headers));
    t.is(res.body.toString(), PAGE);
    t.is(res.headers.vary, 'Accept-Encoding');
  }
});

test('small answers, images, no-transform and routes that said no are sent as they are', async (t) => {
  for (const [path, body] of [
    ['/small', '<p>short</p>'],
    ['/image', PAGE],
    ['/no-transform', PAGE],
    ['/own', PAGE],
  ] as const) {
    const res = await get(path);
    t.is(res.headers['content-encoding'], undefined, path);
    t.is(res.body.toString(), body, path);
  }
});

test('a HEAD request is answered without a body or an encoding', async (t) => {
  const res = await get('/page', { 'Accept-Encoding': 'gzip' }, 'HEAD');
  t.is(res.status, 200);
  t.is(res.headers['content-encoding'], undefined);
  t.is(res.body.length, 0);
});

test('a streamed body is still compressed, as a stream', async (t) => {
  const res = await get('/stream');
  t.is(res.headers['content-encoding'], 'gzip');
  t.is(res.headers['transfer-encoding'], 'chunked');
  t.is(gunzipSync(res.body).toString(), PAGE);
});
