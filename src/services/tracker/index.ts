/**
 * The tracker page's read (docs/decisions/hiring-tracker.md): the owner's hiring tracker entries and timeline, with
 * their verified memberships. Only those who may update the profile (the owner, admins) read it; anyone else gets
 * the profile policy's 404 / 401 / 403.
 */
import { listItemModel, type ListItem } from '../../models/ListItem';
import type { Profile } from '../../models/Profile';
import { authorize, profilePolicy, type Viewer } from '../../policies';
import { LISTS } from '../../validation/lists';
import { findProfileWithUsername } from '../profileReads';

export interface TrackerRead {
  profile: Profile;
  entries: ListItem[];
  timeline: ListItem[];
}

const listOf = (key: string) => LISTS.find((list) => list.key === key)!;

export async function readTracker(viewer: Viewer | null, input: { profileId: number }): Promise<TrackerRead> {
  const profile = authorize(profilePolicy, viewer, 'update', await findProfileWithUsername(input.profileId));
  const entries = await listItemModel(listOf('hiringTracker'))
    .query()
    .where('profileId', profile.id)
    .orderBy('position');
  const timeline = await listItemModel(listOf('timeline')).query().where('profileId', profile.id).orderBy('position');
  return { profile, entries, timeline };
}
