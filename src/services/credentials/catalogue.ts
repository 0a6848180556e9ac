/**
 * The credential catalogue search (docs/decisions/credential-catalogue.md, GET /api/credentials/catalogue): a few dozen seeded rows, so a
 * plain query. A match is the query inside the name, the issuer or the entry's aliases (case-insensitive, no
 * pattern characters: `strpos`, so `%` and `_` are plain text); ranked exact name or abbreviation (`EMT` for "… (EMT)"), name prefix, name containing
 * it, then issuer or alias, then by name; at most CATALOGUE_MAX_RESULTS.
 */
import { raw } from 'objection';
import { CatalogueCredential } from '../../models/CatalogueCredential';
import type { Viewer } from '../../policies/viewer';
import { CATALOGUE_MAX_RESULTS, CATALOGUE_MIN_CHARS, type CredentialKind } from '../../validation/catalogue';

export async function searchCatalogue(
  _viewer: Viewer | null,
  input: { q: string; kind?: CredentialKind },
): Promise<CatalogueCredential[]> {
  const q = input.q.toLowerCase();
  if (q.length < CATALOGUE_MIN_CHARS) return [];
  const query = CatalogueCredential.query()
    .whereRaw("strpos(lower(name || ' ' || issuer || ' ' || aliases), ?) > 0", [q])
    .orderBy(
      raw(
        "case when lower(name) = ? or strpos(lower(name), '(' || ? || ')') > 0 then 0 when starts_with(lower(name), ?) then 1 when strpos(lower(name), ?) > 0 then 2 else 3 end",
        [q, q, q, q],
      ),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(CATALOGUE_MAX_RESULTS);
  if (input.kind) void query.where('kind', input.kind);
  return query;
}
