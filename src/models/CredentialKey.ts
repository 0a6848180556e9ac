import { BaseModel } from './BaseModel';

/**
 * A department's Ed25519 signing key (docs/decisions/verifiable-credentials.md). The secret half is stored
 * encrypted with CREDENTIAL_KEY and is never presented, logged or exported; retired keys keep their public half.
 */
export class CredentialKey extends BaseModel {
  static override tableName = 'credential_keys';

  id!: number;
  departmentId!: number;
  publicKeyMultibase!: string;
  encryptedSecret!: string;
  createdAt!: Date;
  retiredAt!: Date | null;
}
