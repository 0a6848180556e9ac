/** An import's preview for its owner's page (docs/decisions/import-and-json-resume.md). */
import type { ProfileImport } from '../models/ProfileImport';
import type { ImportPreviewJson } from '../validation/imports';

export function presentImportPreview(preview: ProfileImport): ImportPreviewJson {
  return {
    id: preview.id,
    profileId: preview.profileId,
    source: preview.source,
    fileName: preview.fileName,
    rows: preview.rows,
  };
}
