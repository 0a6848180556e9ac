/**
 * The confirmation of a plain post, shown in place on the page it redirects to (docs/decisions/confirm-in-place.md):
 * the post leaves the notice in the session flash and answers with its status line's anchor; the page takes it
 * once and renders the line there (views/ui/ActionStatus.tsx), which the browser scrolls to and focuses.
 */
import type Koa from 'koa';
import { statusIdFor, type ActionNotice } from '../validation/forms';
import { setFlash, takeFlash } from './flash';

const NOTICE = 'actionNotice';

/** Keeps the notice for the next page and answers the redirect's location, at its status line (`path#at-status`). */
export function noticeAfterRedirect(ctx: Koa.Context, path: string, notice: ActionNotice): string {
  setFlash(ctx, NOTICE, notice);
  return `${path}#${statusIdFor(notice.at)}`;
}

/** The notice a post left, read once (null when there is none). */
export function takeNotice(ctx: Koa.Context): ActionNotice | null {
  return takeFlash<ActionNotice>(ctx, NOTICE) ?? null;
}
