/**
 * Rendered pages kept in memory with their gzip and brotli bytes, so a hit costs no rendering and no
 * compression: an LRU bounded by bytes (PAGE_CACHE_MB). What a key means — and when an entry is stale — is
 * the caller's business (src/pageCache/profileCache.ts keys profile pages by version). `sendPage` answers with the
 * best encoding the client accepts, an ETag, and 304 to a matching If-None-Match.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Compressed once per entry, so it can afford a higher level than per-response compression would. */
const BROTLI_QUALITY = 9;

export function preparePage(html: string): CachedPage {
  const identity = Buffer.from(html);
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

  store(key: string, html: string): CachedPage {
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

/** Answers with a prepared page: 304 when the client has it, else the best encoding it accepts. */
export function sendPage(ctx: Koa.Context, page: CachedPage, cacheControl: string): void {
  ctx.status = 200;
  ctx.type = 'html';
  ctx.set('ETag', page.etag);
  ctx.set('Cache-Control', cacheControl);
  ctx.vary('Accept-Encoding');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.compress = false; // already compressed: koa-compress must not do it again
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = page[encoding];
  } else {
    ctx.body = page.identity;
  }
}

/** A conditional GET for a page the caller can name by version without rendering it (304 or not). */
export function answerNotModified(ctx: Koa.Context, etag: string, cacheControl: string): boolean {
  ctx.status = 200;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', cacheControl);
  ctx.vary('Accept-Encoding');
  if (!ctx.fresh) return false;
  ctx.status = 304;
  return true;
}
