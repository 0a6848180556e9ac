/**
 * Sharing a profile (docs/decisions/share.md): what the QR code, contact card, résumé and link preview image are drawn from,
 * and the owner's choice of résumé sections.
 *
 * Invariants:
 * - every share route reads the profile through the profile's own read rule (canReadProfile): a draft is not
 *   found for anyone but its owner and admins, exactly as its page;
 * - what each viewer gets of it is decided by the profile's visibility rules only — loadProfileContent (the
 *   lists the viewer may see, as the page loads them) and the presenters (presentProfile, presentProfileLists);
 * - the link preview image is drawn from the visitor's view, whoever asks, and only from the profile's own
 *   public photo (never an external address, which the server would have to fetch);
 * - saving the résumé sections is a write to the profile row, so its version moves on (the database's trigger,
 *   docs/architecture.md, Kept pages) and kept images and pages follow.
 */
import type { Knex } from 'knex';
import { NotFoundError } from '../errors';
import { Profile } from '../models/Profile';
import { authorize, canReadProfile, profilePolicy, type Viewer } from '../policies';
import { PROFILE_MESSAGES } from '../validation/profiles';
import { RESUME_SECTION_KEYS, type ResumeSectionKey } from '../validation/share';
import { findProfileWithUsername } from './profileReads';
import { readPhotoVariant, type MediaStore } from './photos';

/** The profile with this id if the viewer may read it (drafts: owner and admins only); else 404. */
export async function findSharedProfile(viewer: Viewer | null, id: number): Promise<Profile> {
  const profile = await findProfileWithUsername(id);
  if (!profile || !canReadProfile(viewer, profile)) throw new NotFoundError(PROFILE_MESSAGES.notFound);
  return profile;
}

/** The résumé's sections: the owner's saved choice, in the résumé's order, or all of them. */
export function resumeSections(profile: Pick<Profile, 'resumeSections'>): ResumeSectionKey[] {
  const chosen = profile.resumeSections;
  return chosen ? RESUME_SECTION_KEYS.filter((key) => chosen.includes(key)) : [...RESUME_SECTION_KEYS];
}

/** The profile image's medium JPEG for the link preview image, or null (no own photo, or its file is gone). */
export async function readProfileImage(profile: Profile, store: MediaStore): Promise<Buffer | null> {
  if (!profile.imageStorageKey) return null;
  try {
    return await readPhotoVariant({ storageKey: profile.imageStorageKey }, 'medium', store);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** PUT /api/profiles/{id}/resume-sections: the owner (or an admin) chooses what the résumé shows. */
export async function saveResumeSections(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; sections: ResumeSectionKey[] },
): Promise<Profile> {
  const profile = authorize(profilePolicy, actor, 'update', await Profile.query(trx).findById(input.id).forUpdate());
  const sections = RESUME_SECTION_KEYS.filter((key) => input.sections.includes(key));
  await Profile.query(trx).findById(profile.id).patch({ resumeSections: sections });
  return (await findProfileWithUsername(profile.id, trx))!;
}
