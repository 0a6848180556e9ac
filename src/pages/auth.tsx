/** Account pages: /login, /register, /forgot-password, /reset-password, /account-settings. */
import Router from '@koa/router';
import type Koa from 'koa';
import type { AppContext } from '../app';
import { currentUser } from '../http/auth';
import { isAdmin } from '../policies/viewer';
import { ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage } from '../../views/pages/authPages';
import { AccountSettingsPage } from '../../views/pages/AccountSettingsPage';
import { renderPage } from './render';
import { myDepartmentsCard } from './myDepartments';

/** Where a signed-in user belongs instead of a sign-in form. */
function homeFor(ctx: Koa.Context): string | undefined {
  const user = currentUser(ctx);
  if (!user) return undefined;
  return isAdmin(user) ? '/admin' : '/';
}

export function authPageRoutes({ config }: AppContext): Router {
  const router = new Router();
  const noindex = true;

  router.get('/login', async (ctx) => {
    const home = homeFor(ctx);
    if (home) return ctx.redirect(home);
    await renderPage(ctx, config, <LoginPage productName={config.productName} />, { title: 'Sign in', noindex });
  });

  router.get('/register', async (ctx) => {
    const home = homeFor(ctx);
    if (home) return ctx.redirect(home);
    await renderPage(
      ctx,
      config,
      <RegisterPage productName={config.productName} accessRequestEmail={config.accessRequestEmail ?? null} />,
      { title: 'Join Beta', noindex },
    );
  });

  router.get('/forgot-password', async (ctx) => {
    await renderPage(ctx, config, <ForgotPasswordPage />, { title: 'Forgot password', noindex });
  });

  router.get('/reset-password', async (ctx) => {
    const token = typeof ctx.query.token === 'string' && ctx.query.token.trim() ? ctx.query.token.trim() : null;
    // The token is a secret: keep it out of referrers and caches.
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-store');
    await renderPage(ctx, config, <ResetPasswordPage token={token} />, { title: 'Reset password', noindex });
  });

  router.get('/account-settings', async (ctx) => {
    const user = currentUser(ctx);
    if (!user) return ctx.redirect('/login');
    await renderPage(
      ctx,
      config,
      <AccountSettingsPage
        user={{ name: user.name, email: user.email, role: user.role, username: user.username }}
        baseUrl={config.baseUrl}
        departments={await myDepartmentsCard(user)}
      />,
      { title: 'Account Settings', noindex },
    );
  });

  return router;
}
