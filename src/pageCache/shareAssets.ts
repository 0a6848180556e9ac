/**
 * Share files kept per profile version (docs/decisions/share.md): the QR codes and the link preview image are the same for
 * every viewer of a profile version, so each is drawn once and kept — bytes, type and a strong ETag — in a
 * byte-bounded LRU, keyed `id:version:asset` (bounded values only: the asset names a fixed kind and size).
 * A new version makes the old entries unreachable; the LRU drops them.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';

export interface KeptAsset {
  etag: string;
  type: string;
  body: Buffer;
}

/** Shared caches may keep an asset but must ask again: a new profile version changes it. */
export const ASSET_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

export class ShareAssets {
  private readonly entries: LRUCache<string, KeptAsset>;
  /** Drawings in progress, so a burst of cold requests draws once. */
  private readonly pending = new Map<string, Promise<KeptAsset>>();

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, KeptAsset>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (asset) => asset.body.length + 128,
    });
  }

  /** The kept asset, if it is. */
  peek(key: string): KeptAsset | undefined {
    return this.entries.get(key);
  }

  /** The kept asset, or the one `draw` makes, kept. */
  async get(key: string, type: string, draw: () => Promise<Buffer | string>): Promise<KeptAsset> {
    const kept = this.entries.get(key);
    if (kept) return kept;
    const running = this.pending.get(key);
    if (running) return running;
    const drawing = draw()
      .then((drawn) => {
        const body = typeof drawn === 'string' ? Buffer.from(drawn) : drawn;
        const asset = {
          etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
          type,
          body,
        };
        this.entries.set(key, asset);
        return asset;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, drawing);
    return drawing;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Answers with a kept asset: 304 when the client has it. */
export function sendAsset(ctx: Koa.Context, asset: KeptAsset, cacheControl = ASSET_CACHE_CONTROL): void {
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
