import { User } from '../src/models/User';
import { hashPassword, verifyPassword } from '../src/services/passwords';
import type { SeedContext } from './context';

export async function seedSuperAdmin({ config, logger }: SeedContext): Promise<void> {
  const { adminEmail, adminPassword, adminName } = config;
  if (!adminEmail || !adminPassword) return;
  const existing = await User.query().whereRaw('lower(email) = ?', [adminEmail]).first();
  if (!existing) {
    await User.query().insert({
      name: adminName,
      email: adminEmail,
      passwordHash: await hashPassword(adminPassword),
      role: 'super_admin',
      isActive: true,
    });
    logger.info({ email: adminEmail }, 'super admin created');
    return;
  }
  const passwordMatches = await verifyPassword(existing.passwordHash, adminPassword);
  if (passwordMatches && existing.role === 'super_admin' && existing.isActive) return;
  await existing.$query().patch({
    role: 'super_admin',
    isActive: true,
    ...(passwordMatches ? {} : { passwordHash: await hashPassword(adminPassword) }),
  });
  logger.info({ email: adminEmail }, 'super admin updated from ADMIN_EMAIL / ADMIN_PASSWORD');
}
