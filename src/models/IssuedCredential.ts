import { BaseModel } from './BaseModel';

/** The kinds of achievement a department signs (Open Badges 3.0 AchievementType; docs/decisions/verifiable-credentials.md). */
export type AchievementKind = 'Membership' | 'Certification' | 'License';

/**
 * A credential as signed and kept (docs/decisions/verifiable-credentials.md): its bit in the department's status
 * list is `statusIndex`, set once `revokedAt` is.
 */
export class IssuedCredential extends BaseModel {
  static override tableName = 'issued_credentials';
  static override jsonAttributes = ['document'];

  /** A UUID; the credential's id is `urn:uuid:{id}`. */
  id!: string;
  userId!: number | null;
  departmentId!: number;
  verificationId!: number | null;
  /** The attestation a Certification or License credential stands on; its removal revokes the credential. */
  attestationId!: number | null;
  achievementType!: AchievementKind;
  statusIndex!: number;
  /** What the credential says (rank, dates, names) as a digest: a change of any of them signs a new one. */
  factsDigest!: string;
  document!: Record<string, unknown>;
  /** The wallet card's compact token (docs/decisions/wallet-card.md), signed with the document. */
  cardToken!: string | null;
  issuedAt!: Date;
  revokedAt!: Date | null;
  revokedReason!: string | null;
}
