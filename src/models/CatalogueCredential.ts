import { BaseModel } from './BaseModel';
import type { CredentialKind } from '../validation/catalogue';

/** One entry of the credential catalogue (docs/decisions/credential-catalogue.md), seeded by its migration; read-only for the app. */
export class CatalogueCredential extends BaseModel {
  static override tableName = 'credential_catalogue';

  id!: number;
  name!: string;
  issuer!: string;
  validityMonths!: number | null;
  kind!: CredentialKind;
  aliases!: string;
}
