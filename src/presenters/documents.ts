/**
 * Proof documents as their owner's pages show them (docs/decisions/proof-documents.md). Only called for a viewer
 * the documents service let through (the owner, an admin): documents have no visitor's view.
 */
import { documentItemId, type ProofDocument } from '../models/ProofDocument';
import type { DocumentShelf } from '../services/documents';
import type { DocumentJson } from '../validation/documents';

export function presentDocument(document: ProofDocument, itemTitle: string): DocumentJson {
  return {
    id: document.id,
    title: document.title,
    kind: document.kind,
    target: document.target,
    itemId: documentItemId(document),
    itemTitle,
    originalName: document.originalName,
    fileSize: document.fileSize,
    pageCount: document.pageCount,
    uploadedAt: document.createdAt.toISOString(),
    fileUrl: `/profiles/${document.profileId}/documents/${document.id}/file`,
  };
}

export function presentDocuments(shelf: DocumentShelf): DocumentJson[] {
  return shelf.documents.map(({ document, itemTitle }) => presentDocument(document, itemTitle));
}
