/** A page answer: the shell (for this request's viewer) around a view, as HTML with the page's headers. */
import type Koa from 'koa';
import type { ReactElement } from 'react';
import type { Config } from '../config';
import { Layout } from '../../views/layout/Layout';
import type { ShellUser } from '../../views/layout/shell';
import { buildShell } from './buildShell';
import { renderDocument, type DocumentOptions } from './renderDocument';

export interface PageOptions extends DocumentOptions {
  status?: number;
  isPublicPage?: boolean;
  /** The page's own sub-navigation below the header bar, e.g. <WidgetFilter> on profile pages. */
  subNav?: ReactElement;
  /** The page's own controls in the header bar, e.g. the profile's edit controls (an island). */
  headerControls?: ReactElement;
  /**
   * The account menu's user instead of the request's viewer: a page kept for a class of viewers is rendered
   * with a stand-in, whose menu each viewer's own replaces (src/pageCache/memberPages.ts).
   */
  shellUser?: ShellUser;
}

/** The whole page as HTML (UTF-8 bytes): the shell (for this request's viewer) around the view. */
export async function renderPageHtml(
  ctx: Koa.Context,
  config: Config,
  view: ReactElement,
  options: PageOptions,
): Promise<Buffer> {
  const shell = await buildShell(ctx, config, { isPublicPage: options.isPublicPage, user: options.shellUser });
  const title = options.title === config.productName ? options.title : `${options.title} · ${config.productName}`;
  const { subNav, headerControls, shellUser: _shellUser, ...documentOptions } = options;
  const { html } = renderDocument(
    <Layout shell={shell} subNav={subNav} headerControls={headerControls}>
      {view}
    </Layout>,
    { ...documentOptions, title },
    { production: config.nodeEnv === 'production', keepParts: config.renderCache },
  );
  return html;
}

/**
 * A page rendered for this answer as its body (the caller sets the status and the caching headers). It is
 * rendered as bytes (renderDocument), so neither Koa, measuring its length, nor gzip encodes it again; the
 * compression middleware gzips it for this answer (src/http/compression.ts, ANSWER_GZIP_LEVEL).
 */
export function sendRenderedHtml(ctx: Koa.Context, html: Buffer): void {
  ctx.type = 'html';
  ctx.body = html;
}

export async function renderPage(
  ctx: Koa.Context,
  config: Config,
  view: ReactElement,
  options: PageOptions,
): Promise<void> {
  const html = await renderPageHtml(ctx, config, view, options);
  ctx.status = options.status ?? 200;
  // Pages depend on who is signed in: never shared by caches unless a route says otherwise.
  if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'private, no-cache');
  sendRenderedHtml(ctx, html);
}
