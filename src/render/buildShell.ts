import type Koa from 'koa';
import type { Config } from '../config';
import type { User } from '../models/User';
import type { Shell } from '../../views/layout/shell';
import { ownProfileId } from '../services/profiles';

export async function buildShell(
  ctx: Koa.Context,
  config: Config,
  options: { isPublicPage?: boolean } = {},
): Promise<Shell> {
  const user = (ctx.state.user as User | null) ?? null;
  return {
    productName: config.productName,
    path: ctx.path,
    feedbackUrl: config.feedbackUrl ?? null,
    isPublicPage: options.isPublicPage ?? false,
    user: user
      ? { id: user.id, name: user.name, email: user.email, role: user.role, ownProfileId: await ownProfileId(user) }
      : null,
  };
}
