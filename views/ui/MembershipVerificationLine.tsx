/**
 * A department link's membership verification as My Departments shows it (docs/decisions/verified-membership.md): requested, verified,
 * declined or revoked with the reason. The word carries the status; the colour only repeats it.
 */
import { styled } from 'styled-components';
import type { MembershipVerificationStateJson } from '../../src/validation/verification';
import { Badge } from './Badge';
import { sc } from './sc';
import { theme } from './theme';

const Line = styled.span.withConfig(sc('MembershipVerificationLine'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[1]};
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  & > span:last-child {
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;

const LABELS = {
  pending: { tone: 'warn', text: 'Verification requested' },
  approved: { tone: 'ok', text: 'Verified member' },
  declined: { tone: 'danger', text: 'Verification declined' },
  revoked: { tone: 'danger', text: 'Verification revoked' },
} as const;

export function MembershipVerificationLine({ verification }: { verification: MembershipVerificationStateJson }) {
  if (!verification.status) return null;
  const label = LABELS[verification.status];
  return (
    <Line data-verification={verification.status}>
      <Badge $tone={label.tone}>{label.text}</Badge>
      {verification.reason ? <span>Reason: {verification.reason}</span> : null}
    </Line>
  );
}
