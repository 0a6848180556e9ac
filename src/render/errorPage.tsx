/** The error pages: the one the error middleware renders (no async data, so it cannot fail itself) and the 404. */
import type Koa from 'koa';
import type { Config } from '../config';
import { Layout } from '../../views/layout/Layout';
import { MessagePage, NotFoundPage } from '../../views/pages/MessagePage';
import { renderDocument } from './renderDocument';
import { renderPage } from './renderPage';
import type { User } from '../models/User';
import { shellUser } from './buildShell';

function errorTitle(status: number): string {
  if (status === 503) return 'Temporarily unavailable';
  return status >= 500 ? 'Something went wrong' : 'Request failed';
}

/** The HTML error page for non-API errors. Rendered without async shell data so it cannot fail itself. */
export function renderErrorPage(config: Config) {
  return (ctx: Koa.Context, status: number, message: string): Buffer => {
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
