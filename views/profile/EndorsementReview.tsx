/**
 * The owner's review of colleagues' endorsements, in edit mode above the skills editor (docs/decisions/endorsements.md): pending
 * ones first with Approve and Hide, then the shown ones (Hide) and the hidden ones (Approve to show again).
 * Plain forms posting to /profiles/{id}/endorsements/{endorsementId} (src/pages/endorsements.tsx): no script.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import type { SkillEndorsementJson } from '../../src/validation/endorsements';
import { theme } from '../ui/theme';

export interface ReviewedEndorsement extends SkillEndorsementJson {
  skillName: string;
}

const Panel = styled.section.withConfig(sc('EndorsementReview'))`
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  background: ${theme.color.canvas};
  padding: ${theme.space[3]} ${theme.space[4]};
  margin-bottom: ${theme.space[4]};
  & h3 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.md};
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

const Row = styled.li.withConfig(sc('EndorsementReviewRow'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};
  min-width: 0;
  & > div {
    flex: 1 1 220px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  & p {
    margin: ${theme.space[1]} 0 0;
    font-size: ${theme.font.size.sm};
    color: ${theme.color.muted};
  }
  & form {
    display: flex;
    gap: ${theme.space[2]};
  }
`;

const STATUS_LABEL = { pending: 'Awaiting approval', approved: 'Shown', hidden: 'Hidden' } as const;
const ORDER = { pending: 0, approved: 1, hidden: 2 } as const;

/** Where a decision returns: the edit page's skills, or the owner's normal view (its waiting notice). */
export type ReviewReturn = 'edit' | 'profile';

/** One row a decision each: who endorsed which skill, its status, and Approve / Hide (plain form posts). */
export function ReviewRows({
  profileId,
  endorsements,
  back,
}: {
  profileId: number;
  endorsements: ReviewedEndorsement[];
  back: ReviewReturn;
}) {
  return (
    <ul>
      {endorsements.map((e) => {
        const status = e.status ?? 'approved';
        const who = [e.endorser.name, e.endorser.rank, e.endorser.department].filter(Boolean).join(', ');
        return (
          <Row key={e.id} aria-label={`${e.endorser.name} on ${e.skillName}`}>
            <div>
              <strong>{who}</strong> endorsed <strong>{e.skillName}</strong>{' '}
              <Badge $tone={status === 'pending' ? 'warn' : status === 'approved' ? 'ok' : 'neutral'}>
                {STATUS_LABEL[status]}
              </Badge>
              {e.comment ? <p>“{e.comment}”</p> : null}
            </div>
            <form method="post" action={`/profiles/${profileId}/endorsements/${e.id}`}>
              {back === 'profile' ? <input type="hidden" name="back" value="profile" /> : null}
              {status !== 'approved' ? (
                <Button type="submit" name="status" value="approved">
                  Approve
                </Button>
              ) : null}
              {status !== 'hidden' ? (
                <Button type="submit" name="status" value="hidden" $variant="secondary">
                  Hide
                </Button>
              ) : null}
            </form>
          </Row>
        );
      })}
    </ul>
  );
}

export function EndorsementReview({
  profileId,
  endorsements,
}: {
  profileId: number;
  endorsements: ReviewedEndorsement[];
}) {
  if (endorsements.length === 0) return null;
  const sorted = [...endorsements].sort((a, b) => ORDER[a.status ?? 'approved'] - ORDER[b.status ?? 'approved']);
  const pending = endorsements.filter((e) => e.status === 'pending').length;
  return (
    <Panel aria-labelledby="endorsement-review-title" data-testid="endorsement-review">
      <h3 id="endorsement-review-title">
        {pending ? `Endorsements from colleagues · ${pending} awaiting approval` : 'Endorsements from colleagues'}
      </h3>
      <ReviewRows profileId={profileId} endorsements={sorted} back="edit" />
    </Panel>
  );
}
