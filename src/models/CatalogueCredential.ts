import { BaseModel } from './BaseModel';
import type { CredentialKind } from '../validation/catalogue';

/** One entry of the credential catalogue (issue 23 §3), seeded by its migration; read-only for the app. */
export class CatalogueCredential extends BaseModel {
  static override tableName = 'credential_catalogue';

  id!: number;
  name!: string;
  issuer!: string;
  validityMonths!: number | null;
  kind!: CredentialKind;
  aliases!: string;
}
