/** Shared readiness in tests (docs/decisions/department-readiness.md): a training officer of a department. */
import { clientAs, type TestApp } from './app';
import { reauthenticate } from './stepUp';
import { createUser, type CreatedUser } from './users';

/** A new account granted the training officer role of the department by a new site admin (after a recent proof). */
export async function officerOf(app: TestApp, departmentId: number): Promise<CreatedUser> {
  const admin = await createUser({ role: 'admin' });
  const officer = await createUser({ name: `Officer ${departmentId}` });
  const client = clientAs(app, admin);
  await reauthenticate(client, admin.password);
  const res = await client.post(`/api/departments/${departmentId}/officers`, { email: officer.user.email });
  if (res.status !== 201) throw new Error(`grant: ${res.status} ${res.text}`);
  return officer;
}
