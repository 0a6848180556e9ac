/**
 * Endorsements from verified colleagues (docs/decisions/endorsements.md): the JSON a skill's endorsements are presented as, the
 * messages, and the request schemas. Shared by the server and the islands.
 */
import { mixed, object, string } from 'yup';
import { id, trimmed } from './common';

export const ENDORSEMENT_COMMENT_MAX = 280;
export const ENDORSEMENT_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type EndorsementStatus = (typeof ENDORSEMENT_STATUSES)[number];
/** What the owner may decide: show it, or hide it (again). */
export const ENDORSEMENT_DECISIONS = ['approved', 'hidden'] as const;
export type EndorsementDecision = (typeof ENDORSEMENT_DECISIONS)[number];

export const ENDORSEMENT_MESSAGES = {
  commentTooLong: `Comment must be at most ${ENDORSEMENT_COMMENT_MAX} characters`,
  commentText: 'Comment must be text',
  decision: 'Status must be approved or hidden',
  notFound: 'Endorsement not found',
  skillNotFound: 'Skill not found',
  self: 'You cannot endorse your own skills.',
  notColleague: 'Only members verified in the same department as this firefighter can endorse their skills.',
  notOwner: 'Only the profile’s owner can approve or hide its endorsements.',
  duplicate: 'You have already endorsed this skill.',
  sent: { title: 'Endorsement sent', description: 'It shows on the profile once its owner approves it.' },
  approved: { title: 'Endorsement approved', description: 'It now shows on your profile.' },
  hidden: { title: 'Endorsement hidden', description: 'It no longer shows on your profile.' },
  addedByOwner: 'added by the owner',
  verifiedColleague: 'Verified colleague',
} as const;

/** An endorser as a reader sees them: only what is public about them. */
export interface EndorserJson {
  name: string;
  rank: string | null;
  /** The department they are verified in that they share with the owner (the reason they may endorse). */
  department: string | null;
  /** Their live profile's public page, if they have one. */
  profileUrl: string | null;
  /** Their live profile's headshot (a public photo's thumbnail; docs/decisions/headshot-and-banner.md), if any. */
  image: string | null;
}

export interface SkillEndorsementJson {
  id: number;
  skillId: number;
  endorser: EndorserJson;
  comment: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** The owner's (and admins') view only: pending and hidden ones are theirs to decide; others see approved ones. */
  status: EndorsementStatus | null;
}

/** The endorse and decide routes' answer: the endorsement as its endorser or the owner sees it. */
export interface EndorsementWriteJson {
  id: number;
  skillId: number;
  comment: string | null;
  status: EndorsementStatus;
  createdAt: string;
  decidedAt: string | null;
}

/** POST /api/profiles/{id}/skills/{skillId}/endorsements and the endorse page's form. */
export const endorsementCreateSchema = object({
  comment: string()
    .typeError(ENDORSEMENT_MESSAGES.commentText)
    .transform(trimmed)
    .max(ENDORSEMENT_COMMENT_MAX, ENDORSEMENT_MESSAGES.commentTooLong)
    .nullable()
    .transform((value: string | null | undefined) => (value ? value : null))
    .default(null),
});

/** PATCH /api/endorsements/{id} and the owner's Approve / Hide forms. */
export const endorsementDecisionSchema = object({
  status: mixed<EndorsementDecision>()
    .oneOf([...ENDORSEMENT_DECISIONS], ENDORSEMENT_MESSAGES.decision)
    .required(ENDORSEMENT_MESSAGES.decision),
});

/** The owner's Approve / Hide forms: the decision, and where it returns (the edit page, or the normal view's notice). */
export const endorsementDecisionFormSchema = endorsementDecisionSchema.shape({
  back: mixed<'edit' | 'profile'>().oneOf(['edit', 'profile'], ENDORSEMENT_MESSAGES.decision).default('edit'),
});

/** The flash a decision made on the normal view leaves for its status line (src/pages/endorsements.tsx). */
export const ENDORSEMENT_DECIDED_FLASH = 'endorsementDecided';

export const skillParams = object({ id: id(), skillId: id(ENDORSEMENT_MESSAGES.skillNotFound) });
export const endorsementParams = object({ id: id(), endorsementId: id(ENDORSEMENT_MESSAGES.notFound) });
