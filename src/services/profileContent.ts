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
import { loadSkillEndorsements, type EndorsedItem } from './endorsements/load';

export interface ProfileContent {
  lists: Record<ListKey, ListItem[]>;
  gallery: Gallery;
}

export async function loadProfileContent(viewer: Viewer | null, profile: Profile): Promise<ProfileContent> {
  const [lists, gallery] = await Promise.all([loadProfileLists(viewer, profile), findGallery(viewer, { profile })]);
  await attachColleagueEndorsements(viewer, profile, lists.skills ?? []);
  return { lists, gallery };
}

/** Each skill the viewer sees gets its colleagues' endorsements the viewer may see (issue 23 §5). */
async function attachColleagueEndorsements(viewer: Viewer | null, profile: Profile, skills: ListItem[]) {
  const rows = await loadSkillEndorsements(
    viewer,
    profile,
    skills.map((skill) => skill.id),
  );
  for (const skill of skills as EndorsedItem[]) {
    skill.colleagueEndorsements = rows.filter((row) => row.skillId === skill.id);
  }
}
