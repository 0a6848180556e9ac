import { BaseModel } from './BaseModel';
import type { DocumentKind, DocumentTarget } from '../validation/documents';

/**
 * A proof document attached to one list item (migrations/20261201030000_proof_documents.ts,
 * docs/decisions/proof-documents.md). Always private. Its bytes live in the media store under `storageKey`
 * (src/services/documents), never in the database.
 */
export class ProofDocument extends BaseModel {
  static override tableName = 'proof_documents';
  static override hasUpdatedAt = true;

  id!: number;
  profileId!: number;
  target!: DocumentTarget;
  certificationId!: number | null;
  licenseId!: number | null;
  timelineId!: number | null;
  awardId!: number | null;
  title!: string;
  kind!: DocumentKind;
  storageKey!: string;
  originalName!: string | null;
  fileSize!: number;
  pageCount!: number;
  createdAt!: Date;
  updatedAt!: Date;
}

/** Each target's item column on proof_documents. */
export const DOCUMENT_ITEM_COLUMN = {
  certifications: 'certificationId',
  licenses: 'licenseId',
  timeline: 'timelineId',
  awards: 'awardId',
} as const satisfies Record<DocumentTarget, keyof ProofDocument>;

/** The item a document names, whatever its list. */
export const documentItemId = (document: ProofDocument): number => document[DOCUMENT_ITEM_COLUMN[document.target]]!;
