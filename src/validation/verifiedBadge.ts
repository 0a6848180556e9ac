/**
 * The verified-membership badge and the department page's address (docs/decisions/verified-membership.md), without yup: read views
 * (the profile header, the timeline) and islands that import them stay free of the schema library.
 */

/** A verified membership as a badge shows it: "Verified by Springfield Fire Department, 2026". */
export interface VerifiedMembershipJson {
  departmentId: number;
  departmentName: string;
  /** The year the verification was approved. */
  year: number;
}

export function verifiedBadgeText(membership: Pick<VerifiedMembershipJson, 'departmentName' | 'year'>): string {
  return `Verified by ${membership.departmentName}, ${membership.year}`;
}

/** The verified membership matching a timeline item's department text (case-insensitive, trimmed), if any. */
export function verifiedFor(
  memberships: readonly VerifiedMembershipJson[] | null | undefined,
  departmentName: string | null | undefined,
): VerifiedMembershipJson | undefined {
  const wanted = departmentName?.trim().toLowerCase();
  if (!wanted || !memberships) return undefined;
  return memberships.find((m) => m.departmentName.trim().toLowerCase() === wanted);
}

/** The department page's readable address: /departments/{id}-{slug}. */
export function departmentSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/g, '') || 'department'
  );
}

export function departmentPath(department: { id: number; name: string }): string {
  return `/departments/${department.id}-${departmentSlug(department.name)}`;
}

/** A department's page (docs/decisions/verified-membership.md), the same for every viewer. */
export interface DepartmentPageJson {
  id: number;
  name: string;
  city: string;
  state: string;
  county: string | null;
  address: string | null;
  zipCode: string | null;
  fdid: string | null;
  deptType: string | null;
  stations: number | null;
  /** http(s) only (the importer refuses anything else). */
  website: string | null;
  /** The page's canonical path, `/departments/{id}-{slug}`. */
  path: string;
  members: DepartmentMemberJson[];
}

/** A verified, listed member: their live profile's name, rank and title, photo and address. */
export interface DepartmentMemberJson {
  profileId: number;
  name: string;
  rank: string;
  title: string | null;
  image: string | null;
  /** The profile's public address (`/{username}` or `/profiles/{id}/public`). */
  href: string;
}
