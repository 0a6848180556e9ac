/**
 * The photo-links API (docs/api.md "Photo links") as the islands call it: `photoLinksApi.put` (typed), and
 * `useLinkPhotos`, the one way to link — on useApiMutation, with the spec's failure toasts (spec 02 §8).
 */
import { PHOTO_MESSAGES as M, type PhotoLinksJson, type Target } from '../../src/validation/photos';
import { apiRequest } from './api';
import { toast } from './toast';
import { useApiMutation } from './useApiMutation';

export const photoLinksApi = {
  /** The photos linked to one item (`itemId`), or the profile image (`target` 'profile'), in order. */
  put: (profileId: number, target: Target, itemId: number | null, photoIds: number[]) =>
    apiRequest<PhotoLinksJson>(
      'PUT',
      target === 'profile'
        ? `/api/profiles/${profileId}/photo-links/profile`
        : `/api/profiles/${profileId}/photo-links/${target}/id:${itemId}`,
      { photoIds },
    ),
};

export interface LinkPhotosInput {
  profileId: number | null;
  itemId: number | null;
  photoIds: number[];
  /** Saves an item not saved yet and answers its id; it reports its own failure. */
  ensureSaved?: () => Promise<number>;
}

/**
 * Links photos to an item of `target`. An item not saved yet is saved first (`ensureSaved`), then linked; with
 * nothing to save it, the spec's save-manually toast. A failed link has the spec's toast ('Failed to link
 * photo'; on the timeline always with "Please save the timeline event first…", elsewhere the server's
 * reason). Resolves to the server's answer (the item with its new version), null on failure.
 */
export function useLinkPhotos(target: Target | null): (input: LinkPhotosInput) => Promise<PhotoLinksJson | null> {
  const mutation = useApiMutation({
    request: async (input: { profileId: number; itemId: number | null; photoIds: number[] }) => {
      if (!target) throw new Error('This list has no photos');
      try {
        return await photoLinksApi.put(input.profileId, target, input.itemId, input.photoIds);
      } catch (error) {
        // The timeline's toast says what to do whatever the reason (spec 02 §8): its fallback, not the server's.
        throw target === 'timeline' ? new Error(M.linkFailed, { cause: error }) : error;
      }
    },
    errorTitle: M.linkFailed,
    fallbackMessage: target === 'timeline' ? M.linkFailedDescription : M.linkFailed,
  });
  return async ({ profileId, itemId: known, photoIds, ensureSaved }) => {
    if (!profileId) {
      toast({ variant: 'destructive', title: 'Error', description: M.profileIdMissing });
      return null;
    }
    let itemId = known;
    if (target !== 'profile' && itemId === null) {
      if (!ensureSaved) {
        toast({ variant: 'destructive', title: M.timelineSaveFailed, description: M.timelineSaveFailedDescription });
        return null;
      }
      try {
        itemId = await ensureSaved();
      } catch {
        return null;
      }
    }
    return mutation.mutateAsync({ profileId, itemId, photoIds }).catch(() => null);
  };
}
