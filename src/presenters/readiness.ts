/**
 * The roster as the viewer may see it (docs/decisions/department-readiness.md): JSON with `can`, and the CSV of
 * exactly the rows and columns the page shows. Only what the roster read (shared, by sharing members) is here.
 */
import { can, type Viewer } from '../policies';
import { readinessPolicy } from '../policies/readiness';
import { csvText } from '../render/csv';
import type { Roster } from '../services/readiness/roster';
import { attestationText, trainingText, CELL_LABELS, type RosterJson } from '../validation/readiness';

export function presentRoster(roster: Roster, viewer: Viewer): RosterJson {
  const { department } = roster;
  return {
    department: { id: department.id, name: department.name },
    credentials: roster.credentials,
    positions: roster.positions,
    members: roster.members,
    filter: { state: roster.filter.state, position: roster.filter.position?.id ?? null },
    can: {
      attest: can(readinessPolicy, viewer, 'attest', department),
      definePositions: can(readinessPolicy, viewer, 'definePositions', department),
      grantOfficers: can(readinessPolicy, viewer, 'grantOfficer', department),
    },
  };
}

/**
 * One row per shown member: name, qualified for, what they lack, this year's training hours (blank unless shared),
 * then each shown credential's state.
 */
export function presentRosterCsv(roster: Roster): string {
  const header = ['Member', 'Qualified for', 'Lacks', 'Training hours', ...roster.credentials];
  const rows = roster.members.map((member) => [
    member.name,
    member.qualifiedFor.join('; '),
    Object.entries(member.lacks)
      .map(([position, lacks]) => `${position}: ${lacks.join(', ')}`)
      .join('; '),
    member.training ? trainingText(member.training) : '',
    ...roster.credentials.map((name) => {
      const cell = member.cells[name]!;
      const parts = [CELL_LABELS[cell.state], cell.expires, cell.attested ? attestationText(cell.attested) : null];
      return parts.filter(Boolean).join(' · ');
    }),
  ]);
  return csvText([header, ...rows]);
}
