import { BaseModel } from './BaseModel';

export type DepartmentSource = 'official' | 'user_added';
export type VerificationStatus = 'pending' | 'verified' | 'rejected';

export class Department extends BaseModel {
  static override tableName = 'departments';
  static override hasUpdatedAt = true;

  id!: number;
  name!: string;
  city!: string;
  state!: string;
  county!: string | null;
  country!: string;
  address!: string | null;
  address2!: string | null;
  zipCode!: string | null;
  source!: DepartmentSource;
  verificationStatus!: VerificationStatus;
  fdid!: string | null;
  /** The registry's department type ("Mostly volunteer", "Career", …), stations and website (docs/decisions/verified-membership.md). */
  deptType!: string | null;
  stations!: number | null;
  website!: string | null;
  createdBy!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
}
