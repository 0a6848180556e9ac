import type { User } from '../models/User';
import { listUserDepartments } from '../services/departments/userDepartments';
import { presentUserDepartment } from '../presenters/departments';
import { Island } from '../render/Island';

/** The My Departments card on /account-settings: the departments feature's island with the user's links. */
export async function myDepartmentsCard(user: User) {
  const initialLinks = (await listUserDepartments(user)).map((link) => presentUserDepartment(link, user));
  return <Island name="MyDepartments" props={{ initialLinks }} hydrate="visible" />;
}
