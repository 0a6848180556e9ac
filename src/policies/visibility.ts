/**
 * Who sees an item with a given visibility (spec 02 §§3, 6; docs/architecture.md#policies-and-visibility): public → everyone;
 * authenticated → signed-in users; private → the owner and admins. Profiles, their list items and photos
 * all ask here, so the rule lives in one place. Filtering happens before anything leaves the server.
 */
import type { QueryBuilder, Model } from 'objection';
import type { Visibility } from '../validation/visibility';
import { isOwnerOrAdmin, type Viewer } from './viewer';

/** The visibility values this viewer may see on things owned by `ownerId`. */
export function visibilitiesFor(viewer: Viewer | null, ownerId: number): Visibility[] {
  if (isOwnerOrAdmin(viewer, ownerId)) return ['public', 'authenticated', 'private'];
  if (viewer) return ['public', 'authenticated'];
  return ['public'];
}

export function canSee(viewer: Viewer | null, ownerId: number, visibility: Visibility): boolean {
  return visibilitiesFor(viewer, ownerId).includes(visibility);
}

/** Query modifier: only rows whose `column` this viewer may see. */
export function scopeVisibility<M extends Model>(
  query: QueryBuilder<M, M[]>,
  viewer: Viewer | null,
  ownerId: number,
  column = 'visibility',
): QueryBuilder<M, M[]> {
  return query.whereIn(column, visibilitiesFor(viewer, ownerId));
}
