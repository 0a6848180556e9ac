import { BaseModel } from './BaseModel';
import type { Role } from '../validation/auth';

export type { Role };
export const ROLES: readonly Role[] = ['user', 'admin', 'super_admin'];

export class User extends BaseModel {
  static override tableName = 'users';
  static override hasUpdatedAt = true;

  id!: number;
  name!: string;
  email!: string;
  passwordHash!: string;
  role!: Role;
  isActive!: boolean;
  username!: string | null;
  remindersEnabled!: boolean;
  reminderDays!: number[];
  reminderOnDay!: boolean;
  remindersPromptedAt!: Date | null;
  /** SHA-256 of the calendar feed's secret (hashToken); null until the user makes a feed address. */
  calendarSecretHash!: string | null;
  /** E-mail me when a colleague endorses one of my skills (docs/decisions/endorsements.md); on by default. */
  endorsementEmails!: boolean;
  /** E-mail when a browser and system this user never signed in from signs in (docs/decisions/signed-in-devices.md). */
  newDeviceAlerts!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
