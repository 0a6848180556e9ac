/**
 * A post's result for the page it redirects to (post/redirect/get), when the result does not belong in the URL
 * (too big, or not the reader's to forge: a database set-up report). Kept in the session and read once.
 */
import type Koa from 'koa';

const FLASH = 'flash';

type Flash = Record<string, unknown>;

export function setFlash(ctx: Koa.Context, key: string, value: unknown): void {
  if (!ctx.session) return;
  ctx.session[FLASH] = { ...((ctx.session[FLASH] as Flash | undefined) ?? {}), [key]: value };
}

/** The value a post left under `key`, removed as it is read. */
export function takeFlash<T>(ctx: Koa.Context, key: string): T | undefined {
  const flash = ctx.session?.[FLASH] as Flash | undefined;
  if (!flash || !(key in flash)) return undefined;
  const { [key]: value, ...rest } = flash;
  ctx.session![FLASH] = Object.keys(rest).length ? rest : undefined;
  return value as T;
}
