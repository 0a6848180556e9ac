/**
 * The owner's normal view tells them an endorsement waits (docs/decisions/endorsements.md "In the open"): a notice
 * with each waiting endorsement and Approve / Hide in place — plain form posts that come back here, where the
 * decision's status line shows (it needs no script). Hidden and shown ones are reviewed in edit mode.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';
import { ENDORSEMENT_MESSAGES } from '../../src/validation/endorsements';
import { ReviewRows, type ReviewedEndorsement } from './EndorsementReview';

const Notice = styled.section.withConfig(sc('PendingEndorsements'))`
  border: 1px solid ${theme.color.warn};
  border-left-width: 6px;
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  padding: ${theme.space[4]} ${theme.space[5]};
  scroll-margin-top: ${theme.space[7]};
  & h2 {
    margin: 0 0 ${theme.space[1]};
    font-size: ${theme.font.size.lg};
  }
  & > p {
    margin: 0 0 ${theme.space[3]};
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${theme.space[3]};
  }
`;

const Status = styled.p.withConfig(sc('EndorsementDecided'))`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 1px solid ${theme.color.ok};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  color: ${theme.color.ok};
  font-weight: 600;
  scroll-margin-top: ${theme.space[7]};
`;

export const PENDING_ANCHOR = 'endorsements-waiting';

export type EndorsementDecided = 'approved' | 'hidden';

export function PendingEndorsements({
  profileId,
  endorsements,
  decided,
}: {
  profileId: number;
  /** Every colleague endorsement of the owner's skills: only the pending ones are shown here. */
  endorsements: ReviewedEndorsement[];
  /** The decision just made here (after its post's redirect), for the status line. */
  decided: EndorsementDecided | null;
}) {
  const waiting = endorsements.filter((e) => e.status === 'pending');
  const done = decided ? ENDORSEMENT_MESSAGES[decided] : null;
  const status = done ? (
    <Status role="status" id={waiting.length ? undefined : PENDING_ANCHOR} data-testid="endorsement-decided">
      {`${done.title}. ${done.description}`}
    </Status>
  ) : null;
  if (!waiting.length) return status;
  const title = `${waiting.length} endorsement${waiting.length === 1 ? '' : 's'} waiting`;
  return (
    <>
      {status}
      <Notice id={PENDING_ANCHOR} aria-labelledby="endorsements-waiting-title" data-testid="endorsements-waiting">
        <h2 id="endorsements-waiting-title">{title}</h2>
        <p>Colleagues vouched for your skills. Approve one to show it on your profile, or hide it.</p>
        <ReviewRows profileId={profileId} endorsements={waiting} back="profile" />
      </Notice>
    </>
  );
}
