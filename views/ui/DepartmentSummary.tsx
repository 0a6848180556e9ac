/**
 * One department as every list shows it: name, its marks (Department not yet verified), and "City, ST". Presentational
 * only, so server views and islands both use it.
 */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { DEPARTMENT_MESSAGES as M, departmentPlace, type DepartmentJson } from '../../src/validation/departments';
import { Badge } from './Badge';
import { sc } from './sc';
import { theme } from './theme';

const Line = styled.span.withConfig(sc('DeptSummaryLine'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

const Name = styled.span.withConfig(sc('DeptSummaryName'))`
  font-weight: 600;
  font-size: ${theme.font.size.md};
`;

const Place = styled.span.withConfig(sc('DeptSummaryPlace'))`
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

/**
 * The department's own marks ("Department not yet verified", "Rejected"), worded apart from a membership's
 * "Verification requested" (MembershipVerificationLine): the word carries the status, the colour only repeats it.
 */
export function DepartmentStatusBadge({ department }: { department: Pick<DepartmentJson, 'verificationStatus'> }) {
  if (department.verificationStatus === 'pending') return <Badge $tone="warn">{M.pendingBadge}</Badge>;
  if (department.verificationStatus === 'rejected') return <Badge $tone="danger">Rejected</Badge>;
  return null;
}

export function DepartmentSummary({
  department,
  extra,
}: {
  department: Pick<DepartmentJson, 'name' | 'city' | 'state' | 'verificationStatus'>;
  /** More marks after the name (e.g. Primary). */
  extra?: ReactNode;
}) {
  return (
    <>
      <Line>
        <Name>{department.name}</Name>
        {extra}
        <DepartmentStatusBadge department={department} />
      </Line>
      <Place>{departmentPlace(department)}</Place>
    </>
  );
}
