/** What the review page and GET /api/verifications show a verifier or site admin (403 for anyone else). */
import type { Knex } from 'knex';
import type { Viewer } from '../../policies';
import { canReview, type ReviewableVerification } from '../../policies/verification';
import { ForbiddenError } from '../../errors';
import { listReviewable, memberProfiles } from './requests';
import { verifierDepartmentIds } from './verifiers';

export interface ReviewList {
  requests: ReviewableVerification[];
  /** Member user id → their profile's id and rank. */
  profiles: Map<number, { id: number; rank: string }>;
}

/** Whether the viewer reviews requests at all (a site admin, or a verifier of some department). */
export async function reviewsVerifications(viewer: Viewer | null, db?: Knex): Promise<boolean> {
  if (!viewer) return false;
  return canReview(viewer, (await verifierDepartmentIds(viewer.id, db)).length) === true;
}

export async function reviewList(viewer: Viewer, status: 'pending' | 'decided', db?: Knex): Promise<ReviewList> {
  const verdict = canReview(viewer, (await verifierDepartmentIds(viewer.id, db)).length);
  // Not a verifier nor an admin: the collection rule's refusal, with its reason (403).
  if (verdict !== true) throw new ForbiddenError(typeof verdict === 'object' ? verdict.denied : undefined);
  const requests = await listReviewable(viewer, { status, limit: status === 'decided' ? 50 : 200 }, db);
  return { requests, profiles: await memberProfiles([...new Set(requests.map((r) => r.userId))], db) };
}
