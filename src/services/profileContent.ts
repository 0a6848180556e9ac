/**
 * What a profile shows beside its own fields, for one viewer: every list (loadProfileLists, one statement), its
 * skills' endorsements from colleagues (one more) and the photo gallery, both filtered by what the viewer may see. The profile page and the profile document
 * (GET /api/profiles/{id}) read it the same way, so they never disagree about what a viewer gets.
 */
import type { Profile } from '../models/Profile';
import type { ListItem } from '../models/ListItem';
import type { Viewer } from '../policies';
import type { ListKey } from '../validation/lists';
import { loadProfileLists } from './lists';
import { findGallery, type Gallery } from './photos';
import { attachColleagueEndorsements } from './endorsements/load';

export interface ProfileContent {
  lists: Record<ListKey, ListItem[]>;
  gallery: Gallery;
}

export async function loadProfileContent(viewer: Viewer | null, profile: Profile): Promise<ProfileContent> {
  const [lists, gallery] = await Promise.all([loadProfileLists(viewer, profile), findGallery(viewer, { profile })]);
  await attachColleagueEndorsements(viewer, profile, lists.skills ?? []);
  return { lists, gallery };
}
