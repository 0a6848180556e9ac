/** Test data for profiles: a profile inserted directly for a user, on a verified department. */
import { Department } from '../../src/models/Department';
import { Profile } from '../../src/models/Profile';
import type { CreatedUser } from './users';

export async function anyDepartment(): Promise<Department> {
  return (await Department.query().where('verificationStatus', 'verified').orderBy('id').first())!;
}

export async function createProfileFor(
  owner: CreatedUser,
  attributes: Partial<Omit<Profile, 'hiddenWidgets'>> & { hiddenWidgets?: string[] } = {},
): Promise<Profile> {
  const department = await anyDepartment();
  return Profile.query().insertAndFetch({
    userId: owner.user.id,
    name: owner.user.name,
    rank: 'Captain',
    departmentId: department.id,
    department: department.name,
    profileStatus: 'live',
    ...attributes,
  } as Partial<Profile>);
}
