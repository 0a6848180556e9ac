/** Whose profile this is (the view counter asks, to leave out the owner's own views). */
import { Profile } from '../../models/Profile';

export async function profileOwnerId(profileId: number): Promise<number | null> {
  const row = await Profile.query().select('userId').findById(profileId);
  return row?.userId ?? null;
}
