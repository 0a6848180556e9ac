/** Test data for shared readiness (docs/decisions/department-readiness.md): sharing members and training officers. */
import { clientAs, type TestApp } from './app';
import { createUser, type CreatedUser } from './users';
import { createProfileFor } from './profiles';
import { verifyMember } from './verification';
import { reauthenticate } from './stepUp';

/**
 * A verified member of `departmentId` with a live profile, one certification and one license (unique names) and,
 * with `hazmatHours`, one private hazmat training entry this year (the hours are the member's canary).
 */
export async function sharingMember(app: TestApp, name: string, departmentId: number, hazmatHours?: number) {
  const account = await createUser({
    name,
    username: `${name.toLowerCase().replace(/\W/g, '')}${Date.now() % 100000}`,
  });
  const profile = await createProfileFor(account, { name, defaultVisibility: 'public' } as never);
  await verifyMember(account.user.id, departmentId);
  const client = clientAs(app, account);
  const cert = await client.post(`/api/profiles/${profile.id}/certifications`, {
    name: `EMT ${name}`,
    issuer: 'NREMT',
    year: 2024,
    expires: '2099',
    visibility: 'public',
  });
  const license = await client.post(`/api/profiles/${profile.id}/licenses`, {
    name: `Driver ${name}`,
    type: 'State DMV',
    issued: '01/2020',
    expires: '01/2000',
    visibility: 'public',
  });
  if (cert.status !== 201 || license.status !== 201) throw new Error(`${cert.text} ${license.text}`);
  if (hazmatHours !== undefined) {
    const entry = await client.post(`/api/profiles/${profile.id}/training`, {
      topic: `Decon ${name}`,
      date: `${new Date().getUTCFullYear()}-01-15`,
      category: 'hazmat',
      hours: hazmatHours,
    });
    if (entry.status !== 201) throw new Error(entry.text);
  }
  return { account, profile, client, certId: cert.body.id as number, licenseId: license.body.id as number };
}

/** A new account made the department's training officer by a site admin (after a recent proof). */
export async function officerOf(app: TestApp, departmentId: number): Promise<CreatedUser> {
  const admin = await createUser({ role: 'admin' });
  const officer = await createUser({ name: `Officer ${departmentId}` });
  const client = clientAs(app, admin);
  await reauthenticate(client, admin.password);
  const res = await client.post(`/api/departments/${departmentId}/officers`, { email: officer.user.email });
  if (res.status !== 201) throw new Error(`grant: ${res.status} ${res.text}`);
  return officer;
}
