import type { User } from '../models/User';
import { listUserDepartments } from '../services/departments';
import { Island } from '../render/Island';

/** The My Departments card on /account-settings: the departments feature's island with the user's links. */
export async function myDepartmentsCard(user: User) {
  return <Island name="MyDepartments" props={{ initialLinks: await listUserDepartments(user.id) }} hydrate="visible" />;
}
