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
  createdBy!: number | null;
  createdAt!: Date;
  updatedAt!: Date;
}
