/**
 * A post's result for the page it redirects to (post/redirect/get), when the result does not belong in the URL
 * (too big, or not the reader's to forge: a database set-up report). Kept in the session and read once.
 */
import type Koa from 'koa';
import { PENDING_TOAST_COOKIE } from '../validation/forms';

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

/** How long a toast waits for the next page: a page without script shows none, and a later one must not either. */
const PENDING_TOAST_MAX_AGE_MS = 10_000;

/**
 * A success toast (spec 01 §8: 'Login successful', 'Account created successfully') on the page this post
 * redirects to: a short-lived cookie the next page's toaster shows once and clears. Not a secret, and not
 * HttpOnly, since the toaster reads it; a page without script never shows it and it expires in 10 s.
 */
export function toastAfterRedirect(ctx: Koa.Context, toast: { title: string; description?: string }): void {
  ctx.cookies.set(PENDING_TOAST_COOKIE, encodeURIComponent(JSON.stringify(toast)), {
    httpOnly: false,
    signed: false,
    sameSite: 'lax',
    path: '/',
    maxAge: PENDING_TOAST_MAX_AGE_MS,
    overwrite: true,
  });
}
