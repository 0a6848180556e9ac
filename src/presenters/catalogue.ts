/** Credential catalogue entries as the API returns them (the same for every viewer; aliases stay inside). */
import type { CatalogueCredential } from '../models/CatalogueCredential';
import type { Viewer } from '../policies/viewer';
import type { CatalogueEntryJson } from '../validation/catalogue';

export function presentCatalogueEntry(entry: CatalogueCredential, _viewer: Viewer | null): CatalogueEntryJson {
  return {
    id: entry.id,
    name: entry.name,
    issuer: entry.issuer,
    validityMonths: entry.validityMonths,
    kind: entry.kind,
  };
}
