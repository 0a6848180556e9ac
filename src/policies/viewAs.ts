/**
 * "View as visitor" / "View as member" (docs/decisions/view-as.md): the owner (or an admin) sees their profile exactly as those
 * viewers do. The stand-in below is used only for the visibility decision (what the page loads and presents),
 * never for permissions: edit controls are decided from the real viewer, and view-as pages never edit.
 */
import type { ViewAs } from '../validation/viewAs';
import type { Viewer } from './viewer';

/** A signed-in member who is nobody: id 0 is never a user's id (ids start at 1), so it owns nothing. */
const MEMBER_STAND_IN: Viewer = Object.freeze({ id: 0, role: 'user' });

/** The viewer whose visibility a view-as page shows: null for a visitor, the stand-in for a member. */
export function viewerSeenAs(viewAs: ViewAs): Viewer | null {
  return viewAs === 'member' ? MEMBER_STAND_IN : null;
}
