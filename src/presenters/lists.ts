/**
 * List items as the API returns them and the page and islands receive them (src/validation/lists): the
 * definition's fields (under their spec names), the item's index, version, visibility and Show on main
 * profile, computed fields (license and certification status) — and, per viewer, fields with their own
 * visibility (a license's expiration, and its status, which would hint at it) as null when the viewer may not
 * see them, and photo fields (`photo`, `photos`, `primaryPhoto`, `stationPhoto`, and `photoIds`) with only the
 * linked photos the viewer may see: a private photo linked to a public item is not even named. A skill also
 * carries its colleagues' endorsements (`colleagueEndorsements`, docs/decisions/endorsements.md) when they were loaded with it.
 */
import type { LinkedItem } from '../services/photos/links';
import { canSee } from '../policies/visibility';
import type { Viewer } from '../policies/viewer';
import { LISTS, type ListDefinition, type ListItemJson, type ListKey, type OrderOptions } from '../validation/lists';

export type { ListItemJson };
import type { Visibility } from '../validation/visibility';
import type { AttestationJson } from '../validation/readiness';
import { iso } from './iso';
import { presentSkillEndorsement } from './endorsements';
import type { EndorsedItem } from '../services/endorsements/load';

/** An attestation as loaded with its item (src/services/lists/load.ts; docs/decisions/department-readiness.md). */
interface AttestationRow {
  departmentId: number;
  departmentName: string;
  attestedAt: string;
}

const presentAttestation = (row: AttestationRow): AttestationJson => ({
  departmentId: row.departmentId,
  departmentName: row.departmentName,
  attestedOn: iso(row.attestedAt).slice(0, 10),
});

/** The ids of the item's linked photos this viewer may see, in order. */
const visiblePhotoIds = (item: LinkedItem, viewer: Viewer | null, ownerId: number) =>
  (item.photoLinks ?? []).filter((link) => canSee(viewer, ownerId, link.visibility)).map((link) => link.photoId);

/** The item with its computed fields and the photos this viewer may see, before per-viewer hiding. */
function itemJson(list: ListDefinition, item: LinkedItem, now: Date, photoIds: number[]): ListItemJson {
  const json: ListItemJson = {
    id: item.id,
    index: item.position,
    version: item.version,
    showOnMainProfile: item.showOnMainProfile,
    visibility: item.visibility,
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
  };
  for (const field of Object.keys(list.fields)) {
    const photos = list.photoFields?.[field];
    if (photos === 'first') json[field] = photoIds.length ? String(photoIds[0]) : null;
    else if (photos === 'all') json[field] = photoIds.map(String);
    else json[field] = item[list.stored?.[field] ?? field] ?? null;
  }
  if (list.photoFields) json.photoIds = photoIds;
  const attestations = item.attestations as AttestationRow[] | undefined;
  if (attestations) json.attestations = attestations.map(presentAttestation);
  return Object.assign(json, list.computed?.(json as never, now));
}

/** A skill's colleagues' endorsements (docs/decisions/endorsements.md), when they were loaded with it (loadProfileContent). */
function withEndorsements(json: ListItemJson, item: LinkedItem, viewer: Viewer | null, ownerId: number): ListItemJson {
  const rows = (item as EndorsedItem).colleagueEndorsements;
  if (!rows) return json;
  return { ...json, colleagueEndorsements: rows.map((row) => presentSkillEndorsement(row, viewer, ownerId)) };
}

function hideFor(list: ListDefinition, json: ListItemJson, viewer: Viewer | null, ownerId: number): ListItemJson {
  const rule = list.fieldVisibility;
  if (!rule) return json;
  const visibility = (json[rule.by] as Visibility | null) ?? rule.default;
  if (canSee(viewer, ownerId, visibility)) return json;
  return { ...json, ...Object.fromEntries(rule.fields.map((field) => [field, null])) };
}

export function presentListItem(
  list: ListDefinition,
  item: LinkedItem,
  viewer: Viewer | null,
  ownerId: number,
  now = new Date(),
): ListItemJson {
  const json = itemJson(list, item, now, visiblePhotoIds(item, viewer, ownerId));
  return hideFor(list, withEndorsements(json, item, viewer, ownerId), viewer, ownerId);
}

/** A list for a viewer, in its display order (spec 02 §4). The items must already be the ones they may see. */
export function presentList(
  list: ListDefinition,
  items: LinkedItem[],
  viewer: Viewer | null,
  ownerId: number,
  options: OrderOptions,
): ListItemJson[] {
  const all = items.map((item) =>
    withEndorsements(itemJson(list, item, options.now, visiblePhotoIds(item, viewer, ownerId)), item, viewer, ownerId),
  );
  const ordered = list.order ? list.order(all, options) : all;
  return ordered.map((json) => hideFor(list, json, viewer, ownerId));
}

/** Every list of a profile (loadProfileLists: the items the viewer may see), each presented as above. */
export function presentProfileLists(
  lists: Record<ListKey, LinkedItem[]>,
  viewer: Viewer | null,
  ownerId: number,
  options: OrderOptions,
): Record<ListKey, ListItemJson[]> {
  return Object.fromEntries(
    LISTS.map((list) => [list.key, presentList(list, lists[list.key] ?? [], viewer, ownerId, options)]),
  ) as Record<ListKey, ListItemJson[]>;
}
