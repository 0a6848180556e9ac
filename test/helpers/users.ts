/** Test data for accounts: users created directly in the database, and bearer sessions for them. */
import { Model } from 'objection';
import { inTransaction } from '../../src/db/transaction';
import { User, type Role } from '../../src/models/User';
import { hashPassword } from '../../src/services/passwords';
import { saveSession } from '../../src/services/sessions';
import { randomToken } from '../../src/services/tokens';

let counter = 0;

export interface CreatedUser {
  user: User;
  password: string;
  /** A session token usable as `Authorization: Bearer …`. */
  token: string;
}

export async function createUser(
  attributes: Partial<{
    name: string;
    email: string;
    role: Role;
    isActive: boolean;
    username: string;
    password: string;
  }> = {},
): Promise<CreatedUser> {
  counter += 1;
  const password = attributes.password ?? 'correct-horse-battery';
  const user = await User.query().insertAndFetch({
    name: attributes.name ?? `Test Firefighter ${counter}`,
    email: attributes.email ?? `ff${counter}.${Date.now()}@example.com`,
    passwordHash: await hashPassword(password),
    role: attributes.role ?? 'user',
    isActive: attributes.isActive ?? true,
    username: attributes.username ?? null,
  });
  const token = randomToken();
  await inTransaction(Model.knex(), (trx) =>
    saveSession(trx, null, { token, userId: user.id, data: {}, maxAgeMs: 24 * 60 * 60 * 1000 }),
  );
  return { user, password, token };
}
