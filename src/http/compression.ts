/**
 * Compression of answers. A body held in memory (a rendered page, a JSON answer) is gzipped in one piece, at once,
 * at ANSWER_GZIP_LEVEL, and sent with its length; only a streamed body (an asset, an export) goes through
 * koa-compress's zlib stream.
 *
 * Why not koa-compress for everything: it pipes every body through a zlib stream, so a 60 KB page costs a stream
 * pipeline, a trip to the thread pool and back, and two or three chunked writes to the socket. Measured on one
 * machine (a bare Koa app answering a 53 KB profile page, wrk @10, CPU of the process per answer): one piece by
 * `gzipSync` took about half the CPU of the stream, with 1.8–2.1× the answers a second
 * (docs/decisions/compression.md). Blocking for the deflate (~0.2 ms for such a page at level 3) costs less than handing it off — when the
 * deflate is nearly all the request's work.
 *
 * A rendered answer is not: the event loop spends ~1 ms rendering a 100-item profile page and is then the process's
 * bottleneck, while the second core idles (37% of the machine idle during cold renders @10, measured). So a rendered
 * page of OFF_THREAD_BYTES or more is deflated on the thread pool, in one piece still: the same bytes, and the loop
 * renders the next page meanwhile (docs/decisions/compression.md). Smaller
 * bodies stay synchronous: below that the hop costs the loop more than the deflate it saves (~16–24 KB, measured by
 * the main thread's CPU time).
 *
 * The rules are koa-compress's: nothing under COMPRESSION_THRESHOLD_BYTES, nothing already encoded, no HEAD, no
 * empty or partial answer, only compressible types (unless a route sets `ctx.compress = true`), none under
 * `Cache-Control: no-transform`, and `ctx.compress = false` for a route that compressed its own answer (a kept
 * page, compressed once and harder). In one piece only gzip is offered (every client that takes deflate takes gzip).
 */
import type Koa from 'koa';
import compress from 'koa-compress';
import compressible from 'compressible';
import { Stream } from 'node:stream';
import { gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { pageEncoding } from '../pageCache/pageCache';

/** Below this many bytes an answer goes as it is: gzip would save nothing worth its header. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The gzip level of an answer compressed for one request, not zlib's default 6: levels 1–3 are zlib's fast
 * strategy. A body made for one answer is sent to nobody else, so its CPU counts more than its last bytes
 * (`gzipSync` in-process): a 100-item profile page (56 KB) deflates in about a third of level 6's time for 10%
 * more bytes, the same profile's JSON document (61 KB) likewise for 18% more. What is kept is compressed once,
 * harder (src/pageCache/pageCache.ts).
 */
export const ANSWER_GZIP_LEVEL = 3;

const EMPTY_BODY_STATUSES = new Set([204, 205, 304]);
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;
const ONE_PIECE_ENCODINGS = ['gzip', 'identity'] as const;

/** Whether the client takes gzip (in one piece only gzip is offered). */
const takesGzip = (acceptEncoding: string | undefined) => pageEncoding(acceptEncoding, ONE_PIECE_ENCODINGS) === 'gzip';

/** Would this answer be compressed at all (koa-compress's rules, above), apart from its size? */
function wantsCompression(ctx: Koa.Context): boolean {
  const { response } = ctx;
  if (ctx.compress === false || ctx.method === 'HEAD' || EMPTY_BODY_STATUSES.has(ctx.status) || ctx.status === 206) {
    return false;
  }
  if (ctx.res.headersSent || !ctx.writable) return false;
  if (response.get('Content-Encoding') || response.get('Content-Range')) return false;
  const type = response.get('Content-Type');
  if (/^multipart\/byteranges\b/i.test(type)) return false;
  if (ctx.compress !== true && !compressible(type)) return false;
  return !NO_TRANSFORM.test(response.get('Cache-Control'));
}

const isStream = (body: unknown): body is Stream => body instanceof Stream;

/**
 * Whether gzip would save anything worth its header. A string is measured in bytes only when its length leaves it
 * in doubt (a character is at least a byte): measuring a page is a pass over all of it.
 */
const worthCompressing = (bytes: string | Buffer) =>
  bytes.length >= COMPRESSION_THRESHOLD_BYTES || Buffer.byteLength(bytes) >= COMPRESSION_THRESHOLD_BYTES;

/**
 * A compressible answer held in memory as the client takes it: gzipped in one piece when it is worth it and the
 * client takes gzip, else null (send it as it is). An answer given before the middleware (src/http/earlyAnswers.ts)
 * calls it too, so both paths send the same bytes.
 */
export function gzippedForClient(bytes: string | Buffer, acceptEncoding: string | undefined): Buffer | null {
  if (!worthCompressing(bytes) || !takesGzip(acceptEncoding)) return null;
  return gzipSync(bytes, { level: ANSWER_GZIP_LEVEL });
}

/** From this size in bytes a rendered page is deflated on the thread pool (see above). */
export const OFF_THREAD_BYTES = 24 * 1024;

const gzipOnThreadPool = promisify(gzip);

/**
 * gzippedForClient for a large rendered page (bytes: renderDocument builds pages as a Buffer), deflated on the
 * thread pool: the same bytes, later. A string (a JSON answer) stays synchronous: it would first be copied to bytes
 * (zlib's stream takes a string chunk at ~2.5× the loop's time of a Buffer), and JSON deflates fast — the profile's
 * 61 KB document gained nothing off the loop (423 → 410 answers a second, measured).
 */
async function gzippedOffThread(bytes: Buffer, acceptEncoding: string | undefined): Promise<Buffer | null> {
  if (!takesGzip(acceptEncoding)) return null;
  return gzipOnThreadPool(bytes, { level: ANSWER_GZIP_LEVEL });
}

export function compression(): Koa.Middleware {
  const streamed = compress({ threshold: COMPRESSION_THRESHOLD_BYTES, br: false });
  const afterStreamedNext = () => Promise.resolve();
  return async (ctx, next) => {
    ctx.vary('Accept-Encoding');
    await next();
    const body: unknown = ctx.body;
    if (body === null || body === undefined) return;
    // koa-compress decides and pipes a stream (the Vary header it would add is there already).
    if (isStream(body)) return streamed(ctx, afterStreamedNext);

    const bytes = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body); // as Koa sends it
    if (!worthCompressing(bytes) || !wantsCompression(ctx)) return;
    const gzipped =
      Buffer.isBuffer(bytes) && bytes.length >= OFF_THREAD_BYTES
        ? await gzippedOffThread(bytes, ctx.get('Accept-Encoding'))
        : gzippedForClient(bytes, ctx.get('Accept-Encoding'));
    if (!gzipped) return;
    ctx.body = gzipped; // keeps its Content-Type: Koa names a Buffer's type only when none is set
    ctx.set('Content-Encoding', 'gzip');
  };
}
