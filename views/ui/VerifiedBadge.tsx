/** "Verified by Springfield Fire Department, 2026" (docs/decisions/verified-membership.md): the profile header's and the timeline's badge. */
import { styled } from 'styled-components';
import { Badge } from './Badge';
import { sc } from './sc';
import { verifiedBadgeText, type VerifiedMembershipJson } from '../../src/validation/verifiedBadge';

const Check = styled.svg.withConfig(sc('VerifiedCheck'))`
  flex: none;
  width: 12px;
  height: 12px;
`;

const Text = styled.span.withConfig(sc('VerifiedText'))`
  overflow-wrap: anywhere;
  min-width: 0;
`;

export function VerifiedBadge({ membership }: { membership: VerifiedMembershipJson }) {
  return (
    <Badge $tone="ok" data-verified-department={membership.departmentId} style={{ maxWidth: '100%' }}>
      <Check viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={3}>
        <path d="M4 12l5 5L20 6" />
      </Check>
      <Text>{verifiedBadgeText(membership)}</Text>
    </Badge>
  );
}
