/**
 * The owner's guided start (docs/decisions/guided-start.md): which steps of the checklist are done, from the
 * profile and its lists as the owner sees them. Null when there is nothing to show: every step done, or the
 * checklist closed.
 */
import type { Profile } from '../models/Profile';
import { GUIDED_START_STEPS, type GuidedStartJson, type GuidedStartStep } from '../validation/guidedStart';
import type { ListItemJson } from '../validation/lists';
import { presentProfileImage } from './photos';

export function presentGuidedStart(
  profile: Profile,
  lists: { timeline?: readonly ListItemJson[]; certifications?: readonly ListItemJson[] },
): GuidedStartJson | null {
  if (profile.guidedStartDismissedAt) return null;
  const done: Record<GuidedStartStep, boolean> = {
    photo: presentProfileImage(profile) !== null,
    statement: Boolean(profile.personalStatement?.trim()),
    timeline: (lists.timeline?.length ?? 0) > 0,
    certification: (lists.certifications?.length ?? 0) > 0,
    live: profile.profileStatus === 'live',
  };
  const steps = GUIDED_START_STEPS.map((key) => ({ key, done: done[key] }));
  return steps.every((step) => step.done) ? null : { profileId: profile.id, steps };
}
