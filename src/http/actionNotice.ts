/**
 * The confirmation of a plain post, shown in place on the page it redirects to (docs/decisions/confirm-in-place.md):
 * the post leaves the notice in the session flash and answers with the place's anchor; the page takes it once and
 * renders the status line there (views/ui/ActionStatus.tsx).
 */
import type Koa from 'koa';
import type { ActionNotice } from '../validation/forms';
import { setFlash, takeFlash } from './flash';

const NOTICE = 'actionNotice';

/** Keeps the notice for the next page and answers the redirect's location: `path#at`. */
export function noticeAfterRedirect(ctx: Koa.Context, path: string, notice: ActionNotice): string {
  setFlash(ctx, NOTICE, notice);
  return `${path}#${notice.at}`;
}

/** The notice a post left, read once (null when there is none). */
export function takeNotice(ctx: Koa.Context): ActionNotice | null {
  return takeFlash<ActionNotice>(ctx, NOTICE) ?? null;
}
