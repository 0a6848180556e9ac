/**
 * The roster as the viewer may see it (docs/decisions/department-readiness.md): JSON with `can`, and the CSV of
 * the rows and columns the page shows, every page of them. Only what the roster read (shared, by sharing members) is here.
 */
import { can, type Viewer } from '../policies';
import { readinessPolicy } from '../policies/readiness';
import { csvText } from '../render/csv';
import type { Roster } from '../services/readiness/roster';
import {
  attestationText,
  readinessDatesText,
  trainingText,
  CELL_LABELS,
  ROSTER_PAGE_SIZE,
  type RosterJson,
} from '../validation/readiness';

/** One page of the roster (`page` from 1; past the last, the last). */
export function presentRoster(roster: Roster, viewer: Viewer, page = 1): RosterJson {
  const { department } = roster;
  const total = roster.members.length;
  const count = Math.max(1, Math.ceil(total / ROSTER_PAGE_SIZE));
  const number = Math.min(page, count);
  return {
    department: { id: department.id, name: department.name },
    credentials: roster.credentials,
    positions: roster.positions,
    members: roster.members.slice((number - 1) * ROSTER_PAGE_SIZE, number * ROSTER_PAGE_SIZE),
    filter: { state: roster.filter.state, position: roster.filter.position?.id ?? null },
    page: { number, count, total },
    can: {
      attest: can(readinessPolicy, viewer, 'attest', department),
      definePositions: can(readinessPolicy, viewer, 'definePositions', department),
      grantOfficers: can(readinessPolicy, viewer, 'grantOfficer', department),
    },
  };
}

/**
 * One row per shown member: name, qualified for, what they lack, this year's training hours and the readiness dates
 * (each blank unless shared),
 * then each shown credential's state.
 */
export function presentRosterCsv(roster: Roster): string {
  const header = ['Member', 'Qualified for', 'Lacks', 'Training hours', 'Readiness dates', ...roster.credentials];
  const rows = roster.members.map((member) => [
    member.name,
    member.qualifiedFor.join('; '),
    Object.entries(member.lacks)
      .map(([position, lacks]) => `${position}: ${lacks.join(', ')}`)
      .join('; '),
    member.training ? trainingText(member.training) : '',
    member.readinessDates ? readinessDatesText(member.readinessDates) : '',
    ...roster.credentials.map((name) => {
      const cell = member.cells[name]!;
      const parts = [CELL_LABELS[cell.state], cell.expires, cell.attested ? attestationText(cell.attested) : null];
      return parts.filter(Boolean).join(' · ');
    }),
  ]);
  return csvText([header, ...rows]);
}
