/** Koa glue for page rendering: the shell around a view, HTML headers, and the error page. */
import type Koa from 'koa';
import type { ReactElement } from 'react';
import type { Config } from '../config';
import { Layout } from '../../views/layout/Layout';
import { MessagePage, NotFoundPage } from '../../views/pages/MessagePage';
import { renderDocument, type DocumentOptions } from '../render/renderPage';
import { buildShell } from './shell';

export interface PageOptions extends DocumentOptions {
  status?: number;
  isPublicPage?: boolean;
}

export async function renderPage(
  ctx: Koa.Context,
  config: Config,
  view: ReactElement,
  options: PageOptions,
): Promise<void> {
  const shell = await buildShell(ctx, config, { isPublicPage: options.isPublicPage });
  const title = options.title === config.productName ? options.title : `${options.title} · ${config.productName}`;
  const { html } = renderDocument(<Layout shell={shell}>{view}</Layout>, { ...options, title });
  ctx.status = options.status ?? 200;
  ctx.type = 'html';
  // Pages depend on who is signed in: never shared by caches unless a route says otherwise.
  if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'private, no-cache');
  ctx.body = html;
}

/** The HTML error page for non-API errors. Rendered without async shell data so it cannot fail itself. */
export function renderErrorPage(config: Config) {
  return (ctx: Koa.Context, status: number, message: string): string => {
    const user = ctx.state.user as {
      id: number;
      name: string;
      email: string;
      role: 'user' | 'admin' | 'super_admin';
    } | null;
    const shell = {
      productName: config.productName,
      path: ctx.path,
      feedbackUrl: null,
      isPublicPage: false,
      activeWidget: 'all',
      user: user ? { id: user.id, name: user.name, email: user.email, role: user.role, ownProfileId: null } : null,
    };
    const view =
      status === 404 ? (
        <NotFoundPage />
      ) : (
        <MessagePage code={String(status)} title={status >= 500 ? 'Something went wrong' : 'Request failed'}>
          <p>{message}</p>
        </MessagePage>
      );
    const title = status === 404 ? 'Page Not Found' : 'Error';
    return renderDocument(<Layout shell={shell}>{view}</Layout>, {
      title: `${title} · ${config.productName}`,
      noindex: true,
    }).html;
  };
}

export async function renderNotFound(ctx: Koa.Context, config: Config): Promise<void> {
  await renderPage(ctx, config, <NotFoundPage />, { title: 'Page Not Found', status: 404, noindex: true });
}
