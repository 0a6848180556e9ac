/** Route guards. Every permission is checked here on the server, whatever the interface shows. */
import type Koa from 'koa';
import type { User } from '../models/User';
import { ForbiddenError, UnauthorizedError } from './errors';

export function currentUser(ctx: Koa.Context): User | null {
  return (ctx.state.user as User | null) ?? null;
}

export function requireUser(ctx: Koa.Context): User {
  const user = currentUser(ctx);
  if (!user) throw new UnauthorizedError();
  return user;
}

export function requireAdmin(ctx: Koa.Context): User {
  const user = requireUser(ctx);
  if (!user.isAdmin) throw new ForbiddenError();
  return user;
}
