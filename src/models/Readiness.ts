/**
 * The department's side of readiness (docs/decisions/department-readiness.md): what a member shares with a
 * department, its training officers, its position requirements and the attestations of shared credentials.
 */
import { BaseModel } from './BaseModel';
import type { ReadinessKind } from '../validation/readiness';

/** What one verified member shares with one department; no row: nothing. */
export class ReadinessConsent extends BaseModel {
  static override tableName = 'readiness_consents';
  static override hasUpdatedAt = true;

  id!: number;
  userId!: number;
  departmentId!: number;
  kinds!: ReadinessKind[];
  createdAt!: Date;
  updatedAt!: Date;
}

/** A training officer of one department. */
export class DepartmentOfficer extends BaseModel {
  static override tableName = 'department_officers';

  id!: number;
  departmentId!: number;
  userId!: number;
  grantedById!: number | null;
  createdAt!: Date;
}

/** A position of one department and the catalogue credentials it needs. */
export class PositionRequirement extends BaseModel {
  static override tableName = 'position_requirements';

  id!: number;
  departmentId!: number;
  name!: string;
  credentials!: string[];
  createdById!: number | null;
  createdAt!: Date;
}

/** A department's officer or verifier vouching for one shared certification or license, at its version then. */
export class CredentialAttestation extends BaseModel {
  static override tableName = 'credential_attestations';

  id!: number;
  list!: 'certifications' | 'licenses';
  itemId!: number;
  profileId!: number;
  departmentId!: number;
  attestedById!: number | null;
  itemVersion!: number;
  attestedAt!: Date;
}
