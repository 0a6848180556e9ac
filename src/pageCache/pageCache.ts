/**
 * Rendered pages kept in memory with their gzip and brotli bytes, so a hit costs no rendering and no
 * compression: an LRU bounded by bytes (PAGE_CACHE_MB). What a key means — and when an entry is stale — is
 * the caller's business (src/pageCache/profileCache.ts keys profile pages by version). `sendPage` answers with the
 * best encoding the client accepts, an ETag, and 304 to a matching If-None-Match.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type Koa from 'koa';
import type { EarlyReply } from '../http/earlyAnswers';
import { LRUCache } from 'lru-cache';

/** Part of per-viewer ETags: a new process may render differently (a new build), so its tags never match old ones. */
export const BOOT_ID = Date.now().toString(36);

export interface CachedPage {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Compressed once per entry — but on the request that renders it (the first after every write). Brotli's
 * quality 5, not 9: on a 53 KB profile page 9 took ~9.5 ms and 5 ~0.5 ms for 1.4% more bytes (6,071 vs 5,987),
 * so the first visitor after a write no longer waits for the compressor more than for the render.
 */
const BROTLI_QUALITY = 5;

export function preparePage(identity: Buffer): CachedPage {
  return {
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  };
}

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 128,
    });
  }

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  store(key: string, html: Buffer): CachedPage {
    const page = preparePage(html);
    this.entries.set(key, page);
    return page;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/**
 * The encoding to send a kept page in, from the request's Accept-Encoding: the highest q among br, gzip and
 * identity, ties going to the smaller (br, then gzip); identity when nothing else is taken (RFC 9110 §12.5.3) —
 * the choice Koa's `acceptsEncodings` (negotiator) makes, without parsing each request's header again.
 * A site sees few distinct headers, each many times, so answers are remembered per header value (bounded).
 */
export type PageEncoding = 'br' | 'gzip' | 'identity';
const ENCODING_PREFERENCE: PageEncoding[] = ['br', 'gzip', 'identity'];
const encodingAnswers = new Map<string, PageEncoding>();

export function pageEncoding(
  acceptEncoding: string | undefined,
  offered: readonly PageEncoding[] = ENCODING_PREFERENCE,
) {
  const header = acceptEncoding ?? '';
  const key = `${offered.join(',')}|${header}`;
  let answer = encodingAnswers.get(key);
  if (answer === undefined) {
    const q = new Map<string, number>();
    for (const part of header.split(',')) {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      if (!name) continue;
      const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
      q.set(name.trim(), weight ? Number(weight[1]) : 1);
    }
    const star = q.get('*');
    // Identity unnamed is acceptable, ranked with the least wanted encoding named (as Koa's negotiator does).
    const implicitIdentity = star ?? (q.size ? Math.min(...q.values()) : 1);
    const weightOf = (encoding: PageEncoding) =>
      q.get(encoding) ?? (encoding === 'identity' ? implicitIdentity : (star ?? 0));
    answer = 'identity';
    let best = -1;
    for (const encoding of offered) {
      const weight = weightOf(encoding);
      if (weight > 0 && weight > best) [answer, best] = [encoding, weight];
    }
    if (encodingAnswers.size >= 200) encodingAnswers.clear();
    encodingAnswers.set(key, answer);
  }
  return answer;
}

/**
 * Whether the client's copy (If-None-Match, weak comparison: RFC 9110 §13.1.2) is this ETag, so a 304 will do —
 * unless the request says `Cache-Control: no-cache`. (Koa's `ctx.fresh` answers the same, copying every response
 * header first; these callers know their one validator.)
 */
export function clientHas(ctx: Koa.Context, etag: string): boolean {
  const { headers } = ctx.req;
  const ifNoneMatch = headers['if-none-match'];
  if (!ifNoneMatch) return false;
  if (headers['cache-control'] && /(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers['cache-control'])) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag.trim()) === opaque(etag));
}

/** Answers with a prepared page: 304 when the client has it, else the best encoding it accepts. */
export function sendPage(ctx: Koa.Context, page: CachedPage, cacheControl: string): void {
  ctx.status = 200;
  ctx.set('Content-Type', 'text/html; charset=utf-8');
  ctx.set('ETag', page.etag);
  ctx.set('Cache-Control', cacheControl);
  ctx.vary('Accept-Encoding');
  if (clientHas(ctx, page.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.compress = false; // already compressed: the compression middleware must not do it again
  const encoding = pageEncoding(ctx.get('Accept-Encoding'));
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = page[encoding];
}

/**
 * sendPage for an answer given before the middleware (src/http/earlyAnswers.ts): the same status, headers in the
 * same order (after the caller's Vary) and body.
 */
export function replyWithPage(ctx: Koa.Context, reply: EarlyReply, page: CachedPage, cacheControl: string): void {
  if (clientHas(ctx, page.etag)) {
    reply.set('ETag', page.etag).set('Cache-Control', cacheControl).status = 304;
    return;
  }
  reply.set('Content-Type', 'text/html; charset=utf-8').set('ETag', page.etag).set('Cache-Control', cacheControl);
  const encoding = pageEncoding(ctx.req.headers['accept-encoding']);
  if (encoding !== 'identity') reply.set('Content-Encoding', encoding);
  reply.body = page[encoding];
}

/** A conditional GET for a page the caller can name by version without rendering it (304 or not). */
export function answerNotModified(ctx: Koa.Context, etag: string, cacheControl: string): boolean {
  ctx.status = 200;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', cacheControl);
  ctx.vary('Accept-Encoding');
  if (!clientHas(ctx, etag)) return false;
  ctx.status = 304;
  return true;
}
