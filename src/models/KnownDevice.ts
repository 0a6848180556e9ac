import { BaseModel } from './BaseModel';

/** A browser and OS a user has signed in from (docs/decisions/signed-in-devices.md): what makes a sign-in "from a new device". */
export class KnownDevice extends BaseModel {
  static override tableName = 'known_devices';

  id!: number;
  userId!: number;
  browser!: string;
  os!: string;
  firstSeenAt!: Date;
}
