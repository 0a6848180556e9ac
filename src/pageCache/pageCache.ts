/**
 * The one page cache: everything this node keeps rendered or drawn — profile pages (a visitor's, and those kept
 * for a class of signed-in viewers with a slot for each one's menu, and their answers joined with a menu), the
 * landing page, department pages and share files — in one LRU bounded by bytes (PAGE_CACHE_MB), compressed copies included. Every key carries the page, the
 * class of viewer it is for and the version it shows (`pageKey`), so an entry is never stale: a new version is a
 * new key and the old entry ages out. Kept pages carry their gzip and brotli bytes, so a hit costs no rendering and
 * no compression; `writeKept` is the one way their bytes are sent, before the middleware and in a route alike
 * (docs/decisions/kept-pages.md).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import { clientHas, pageEncoding } from './encoding';
import {
  prepareSplicedPage,
  splicedBody,
  splicedGzip,
  type Fragment,
  type JoinedAnswers,
  type SplicedPage,
} from './splicedPages';

export { clientHas, pageEncoding, type PageEncoding } from './encoding';

/** Part of per-viewer ETags: a new process may render differently (a new build), so its tags never match old ones. */
export const BOOT_ID = Date.now().toString(36);

/**
 * What an entry is: the page (`profile:12:public:all:newest:2026-11-29`, `landing`, `department:4`,
 * `share:12:qr.svg`), the class of viewer it was made for (`visitor`, `member`, `as-member`, …) and the version of
 * what it shows (a profile's version, a department page's fingerprint, the process for the landing page).
 */
export interface PageKey {
  page: string;
  viewer: string;
  version: string;
}

export const pageKey = ({ page, viewer, version }: PageKey): string => `${page}|${viewer}|${version}`;

/** A kept page: its bytes in every encoding it is sent in, and a strong ETag of its content. */
export interface CachedPage {
  kind: 'page';
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** A kept file (a QR code, a preview image, a résumé PDF): sent as it is. */
export interface KeptAsset {
  kind: 'asset';
  etag: string;
  type: string;
  body: Buffer;
}

export type KeptSplicedPage = SplicedPage & { kind: 'spliced' };
/** A spliced page with one viewer's menu, joined as one gzip member. */
interface JoinedAnswer {
  kind: 'joined';
  body: Buffer;
}
type Entry = CachedPage | KeptAsset | KeptSplicedPage | JoinedAnswer;

/**
 * Compressed once per entry — but on the request that renders it (the first after every write). Brotli's
 * quality 5, not 9: on a profile page it costs a fraction of 9's time for 1.4% more bytes, so the first visitor
 * after a write no longer waits for the compressor more than for the render.
 */
const BROTLI_QUALITY = 5;

const strongTag = (bytes: Buffer) => `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

export function preparePage(identity: Buffer): CachedPage {
  return {
    kind: 'page',
    etag: strongTag(identity),
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  };
}

function entryBytes(entry: Entry): number {
  switch (entry.kind) {
    case 'page':
      return entry.identity.length + entry.gzip.length + entry.br.length + 128;
    case 'asset':
    case 'joined':
      return entry.body.length + 128;
    case 'spliced':
      return entry.before.length + entry.after.length + entry.deflatedBefore.length + entry.deflatedAfter.length + 128;
  }
}

export class PageCache implements JoinedAnswers {
  private readonly entries: LRUCache<string, Entry>;
  /** Drawings in progress, so a burst of cold requests for one file draws it once. */
  private readonly drawing = new Map<string, Promise<KeptAsset>>();

  /** `enabled` false (PAGE_CACHE=false, to measure what it saves): nothing is kept, every answer is made anew. */
  constructor(
    readonly enabled: boolean,
    maxBytes: number,
  ) {
    this.entries = new LRUCache<string, Entry>({ maxSize: Math.max(1, maxBytes), sizeCalculation: entryBytes });
  }

  private find<K extends Entry['kind']>(key: PageKey | string, kind: K): Extract<Entry, { kind: K }> | undefined {
    const entry = this.enabled ? this.entries.get(typeof key === 'string' ? key : pageKey(key)) : undefined;
    return entry?.kind === kind ? (entry as Extract<Entry, { kind: K }>) : undefined;
  }

  private keep<E extends Entry>(key: PageKey | string, entry: E): E {
    if (this.enabled) this.entries.set(typeof key === 'string' ? key : pageKey(key), entry);
    return entry;
  }

  page(key: PageKey): CachedPage | undefined {
    return this.find(key, 'page');
  }

  /** Keeps the rendered page (when the cache is on) and returns it, ready to send. */
  storePage(key: PageKey, html: Buffer): CachedPage {
    return this.keep(key, preparePage(html));
  }

  spliced(key: PageKey): KeptSplicedPage | undefined {
    return this.find(key, 'spliced');
  }

  /** Keeps the page when its slot is found exactly once; undefined otherwise (nothing kept: render it whole). */
  storeSpliced(key: PageKey, html: Buffer, slot: string): KeptSplicedPage | undefined {
    const page = prepareSplicedPage(html, slot);
    return page && this.keep(key, { ...page, kind: 'spliced' as const });
  }

  /**
   * A spliced page's gzip answer with this fragment (a viewer's menu): joined once, then kept. Its key is the
   * pageKey of { page: joined:<page>, viewer: menu:<fragment>, version: '' }, spelled out: a member's every answer
   * comes here.
   */
  joined(page: SplicedPage, fragment: Fragment): Buffer {
    const key = `joined:${page.id}|menu:${fragment.id}|`;
    const kept = this.find(key, 'joined');
    return kept ? kept.body : this.keep(key, { kind: 'joined' as const, body: splicedGzip(page, fragment) }).body;
  }

  asset(key: PageKey): KeptAsset | undefined {
    return this.find(key, 'asset');
  }

  /** The kept file, or the one `draw` makes, kept. */
  async drawAsset(key: PageKey, type: string, draw: () => Promise<Buffer | string>): Promise<KeptAsset> {
    const kept = this.asset(key);
    if (kept) return kept;
    const name = pageKey(key);
    const running = this.drawing.get(name);
    if (running) return running;
    const drawn = draw()
      .then((made) => {
        const body = typeof made === 'string' ? Buffer.from(made) : made;
        return this.keep(key, { kind: 'asset' as const, etag: strongTag(body), type, body });
      })
      .finally(() => this.drawing.delete(name));
    this.drawing.set(name, drawn);
    return drawn;
  }
}

/**
 * Where a kept answer is written: an answer given before the middleware (EarlyReply, src/http/earlyAnswers.ts)
 * or a route's Koa context (`koaOut`). Headers go in the order they are set.
 */
export interface KeptOut {
  status: number;
  body: Buffer | undefined;
  set(name: string, value: string): unknown;
}

/** A route's context as a KeptOut: bytes already compressed, so the compression middleware leaves them be. */
export function koaOut(ctx: Koa.Context): KeptOut {
  ctx.compress = false;
  ctx.vary('Accept-Encoding');
  return {
    get status() {
      return ctx.status;
    },
    set status(status: number) {
      ctx.status = status;
    },
    get body() {
      return Buffer.isBuffer(ctx.body) ? ctx.body : undefined;
    },
    set body(body: Buffer | undefined) {
      ctx.body = body;
    },
    set: (name, value) => ctx.set(name, value),
  };
}

/**
 * The bytes of a kept answer: a kept page, or a page kept for a class of viewers with this viewer's menu. A kept
 * page is its own bytes, so the warm path allocates nothing to send one.
 */
export type KeptBytes = CachedPage | MenuSplice;
export interface MenuSplice {
  kind: 'menu';
  spliced: SplicedPage;
  fragment: Fragment;
  joined: JoinedAnswers;
}

/** A kept answer as it goes out: 304 (the client has this ETag: no bytes), or 200 with the bytes. */
export interface KeptWrite {
  status: 200 | 304;
  etag: string;
  cacheControl: string;
}

/**
 * The one way kept bytes are sent, before the middleware and in a route alike: the ETag and Cache-Control, then
 * for a 200 the page in the best encoding the client accepts.
 */
export function writeKept(
  out: KeptOut,
  request: Pick<Koa.Context, 'req'>,
  answer: KeptWrite,
  bytes: KeptBytes | undefined,
): void {
  out.set('ETag', answer.etag);
  out.set('Cache-Control', answer.cacheControl);
  if (answer.status === 304 || !bytes) {
    out.status = 304;
    return;
  }
  out.status = 200;
  out.set('Content-Type', 'text/html; charset=utf-8');
  const { encoding, body } = encodedBytes(request.req.headers['accept-encoding'], bytes);
  if (encoding !== 'identity') out.set('Content-Encoding', encoding);
  out.body = body;
}

function encodedBytes(acceptEncoding: string | undefined, bytes: KeptBytes) {
  if (bytes.kind === 'menu') return splicedBody(acceptEncoding, bytes.spliced, bytes.fragment, bytes.joined);
  const encoding = pageEncoding(acceptEncoding);
  return { encoding, body: bytes[encoding] };
}

/** Answers a route's request with a kept page: 304 when the client has it, else the best encoding it accepts. */
export function sendPage(ctx: Koa.Context, page: CachedPage, cacheControl: string): void {
  const status = clientHas(ctx, page.etag) ? 304 : 200;
  writeKept(koaOut(ctx), ctx, { status, etag: page.etag, cacheControl }, page);
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

/** Answers with a kept file: 304 when the client has it. */
export function sendAsset(ctx: Koa.Context, asset: KeptAsset, cacheControl: string): void {
  ctx.status = 200;
  ctx.type = asset.type;
  ctx.set('ETag', asset.etag);
  ctx.set('Cache-Control', cacheControl);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = asset.body;
}
