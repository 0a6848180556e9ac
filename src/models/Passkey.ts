import { BaseModel } from './BaseModel';

/** A WebAuthn credential (docs/decisions/passkeys.md). `credentialId` is base64url. */
export class Passkey extends BaseModel {
  static override tableName = 'passkeys';
  static override get jsonAttributes() {
    return ['transports'];
  }

  id!: number;
  userId!: number;
  credentialId!: string;
  publicKey!: Buffer;
  counter!: string | number;
  transports!: string[];
  name!: string;
  createdAt!: Date;
  lastUsedAt!: Date | null;
  /** The browser and system it was added from (parsed from the user agent then); null for older passkeys. */
  browser!: string | null;
  os!: string | null;
}
