/** Koa glue for page rendering: the shell around a view, HTML headers, and the error page. */
import type Koa from 'koa';
import type { ReactElement } from 'react';
import type { Config } from '../config';
import { Layout } from '../../views/layout/Layout';
import { MessagePage, NotFoundPage } from '../../views/pages/MessagePage';
import { renderDocument, type DocumentOptions } from '../render/renderPage';
import type { User } from '../models/User';
import { buildShell, shellUser } from './shell';

export interface PageOptions extends DocumentOptions {
  status?: number;
  isPublicPage?: boolean;
  /** The page's own sub-navigation below the header bar, e.g. <WidgetFilter> on profile pages. */
  subNav?: ReactElement;
}

/** The whole page as HTML: the shell (for this request's viewer) around the view. */
export async function renderPageHtml(
  ctx: Koa.Context,
  config: Config,
  view: ReactElement,
  options: PageOptions,
): Promise<string> {
  const shell = await buildShell(ctx, config, { isPublicPage: options.isPublicPage });
  const title = options.title === config.productName ? options.title : `${options.title} · ${config.productName}`;
  const { subNav, ...documentOptions } = options;
  const { html } = renderDocument(
    <Layout shell={shell} subNav={subNav}>
      {view}
    </Layout>,
    { ...documentOptions, title },
    { production: config.nodeEnv === 'production' },
  );
  return html;
}

export async function renderPage(
  ctx: Koa.Context,
  config: Config,
  view: ReactElement,
  options: PageOptions,
): Promise<void> {
  const html = await renderPageHtml(ctx, config, view, options);
  ctx.status = options.status ?? 200;
  ctx.type = 'html';
  // Pages depend on who is signed in: never shared by caches unless a route says otherwise.
  if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'private, no-cache');
  ctx.body = html;
}

function errorTitle(status: number): string {
  if (status === 503) return 'Temporarily unavailable';
  return status >= 500 ? 'Something went wrong' : 'Request failed';
}

/** The HTML error page for non-API errors. Rendered without async shell data so it cannot fail itself. */
export function renderErrorPage(config: Config) {
  return (ctx: Koa.Context, status: number, message: string): string => {
    const user = (ctx.state.user as User | null) ?? null;
    const shell = {
      productName: config.productName,
      path: ctx.path,
      feedbackUrl: null,
      isPublicPage: false,
      user: user ? shellUser(user, null) : null,
    };
    const view =
      status === 404 ? (
        <NotFoundPage />
      ) : (
        <MessagePage code={String(status)} title={errorTitle(status)}>
          <p>{message}</p>
        </MessagePage>
      );
    const title = status === 404 ? 'Page Not Found' : 'Error';
    return renderDocument(
      <Layout shell={shell}>{view}</Layout>,
      { title: `${title} · ${config.productName}`, noindex: true },
      { production: config.nodeEnv === 'production' },
    ).html;
  };
}

export async function renderNotFound(ctx: Koa.Context, config: Config): Promise<void> {
  await renderPage(ctx, config, <NotFoundPage />, { title: 'Page Not Found', status: 404, noindex: true });
}
