/**
 * Shared readiness (docs/decisions/department-readiness.md), two pages with no script:
 * - SharingPage (/departments/{id}/sharing): what a verified member shares with the department, a plain preview
 *   of exactly what the department sees, and Withdraw;
 * - ReadinessPage (/departments/{id}/readiness): the roster an officer or verifier sees — filters as links, the
 *   members × credentials matrix, positions and what each member lacks, Attest, the CSV, and the officers form.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardDescription, CardTitle, EmptyNote } from '../ui/Card';
import { DataTable } from '../ui/DataTable';
import { Checkbox, Form, FormAlert, TextField } from '../ui/Field';
import { ActionStatus } from '../ui/ActionStatus';
import { InlineProof } from '../ui/InlineProof';
import type { ActionNotice, FormState } from '../../src/validation/forms';
import {
  attestationText,
  trainingText,
  readinessDatesText,
  CELL_LABELS,
  CELL_STATES,
  READINESS_KINDS,
  READINESS_KIND_LABELS,
  type CellState,
  type ReadinessKind,
  type RosterCellJson,
  ROSTER_PAGE_SIZE,
  rosterPath,
  type RosterJson,
  type RosterMemberJson,
} from '../../src/validation/readiness';

const Page = styled.div.withConfig(sc('ReadinessPage'))`
  max-width: 1120px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]} ${theme.space[7]};
  display: grid;
  gap: ${theme.space[5]};
  min-width: 0;
  & h1 {
    margin: 0;
    font-size: ${theme.font.size.xxl};
    overflow-wrap: anywhere;
  }
`;

const Links = styled.nav.withConfig(sc('ReadinessFilters'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  align-items: center;
  & a {
    padding: ${theme.space[1]} ${theme.space[3]};
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.control};
    color: ${theme.color.ink};
    text-decoration: none;
  }
  & a[aria-current='page'] {
    border-color: ${theme.color.brand};
    background: ${theme.color.brandTint};
    font-weight: 600;
  }
`;

const Cell = styled.div.withConfig(sc('ReadinessCell'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  align-items: center;
  & form {
    display: inline;
  }
`;

const Plain = styled.ul.withConfig(sc('ReadinessPlainList'))`
  margin: 0;
  padding-left: ${theme.space[5]};
  & li {
    margin: ${theme.space[1]} 0;
    overflow-wrap: anywhere;
  }
`;

const Choices = styled.fieldset.withConfig(sc('ReadinessChoices'))`
  border: 0;
  margin: 0 0 ${theme.space[3]};
  padding: 0;
  display: grid;
  gap: ${theme.space[1]};
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  & input[type='checkbox'] {
    flex-shrink: 0;
  }
  & legend {
    font-weight: 600;
    margin-bottom: ${theme.space[2]};
  }
`;

/** The sharing card's two forms, apart. */
const Stacked = styled.div.withConfig(sc('ReadinessStacked'))`
  display: grid;
  gap: ${theme.space[3]};
`;

const TONES: Record<CellState, BadgeTone> = { current: 'ok', expiring: 'warn', expired: 'danger', missing: 'neutral' };

export const SHARING_FORM_ID = 'sharing';
export const POSITIONS_ID = 'positions';
export const OFFICERS_ID = 'officers';
export const ROSTER_ID = 'roster';

function StateBadge({ cell }: { cell: RosterCellJson }) {
  return (
    <Badge $tone={TONES[cell.state]} data-state={cell.state}>
      {CELL_LABELS[cell.state]}
      {cell.expires ? ` · ${cell.expires}` : ''}
    </Badge>
  );
}

// ── the member's page ───────────────────────────────────────────────────────────────────────────────────

export interface SharingPageProps {
  department: { id: number; name: string };
  kinds: ReadinessKind[];
  shared: boolean;
  /** What the department sees with the kinds shown checked (the same matrix as the roster). */
  preview: { credentials: string[]; member: RosterMemberJson | null };
  notice: ActionNotice | null;
  state: FormState | null;
}

export function SharingPage({ department, kinds, shared, preview, notice, state }: SharingPageProps) {
  const cells = preview.member ? preview.credentials.map((name) => [name, preview.member!.cells[name]!] as const) : [];
  return (
    <Page>
      <h1>Share readiness with {department.name}</h1>
      <Card aria-labelledby="sharing-title">
        <CardTitle id="sharing-title">What you share</CardTitle>
        <CardDescription>
          The department’s training officers and verifiers see only what you choose here. You can withdraw at any time;
          they stop seeing it at once.
        </CardDescription>
        <ActionStatus notice={notice} at={SHARING_FORM_ID} />
        <FormAlert error={state?.error} />
        <Stacked>
          <Form action={`/departments/${department.id}/sharing`}>
            <input type="hidden" name="intent" value="share" />
            <Choices>
              <legend>Share with the department</legend>
              {READINESS_KINDS.map((kind) => (
                <Checkbox
                  key={kind}
                  id={`share-${kind}`}
                  name="kinds"
                  value={kind}
                  label={READINESS_KIND_LABELS[kind]}
                  defaultChecked={kinds.includes(kind)}
                />
              ))}
            </Choices>
            {state?.errors.kinds ? <p role="alert">{state.errors.kinds}</p> : null}
            <Button type="submit">{shared ? 'Save What I Share' : 'Share'}</Button>
          </Form>
          {shared ? (
            <Form action={`/departments/${department.id}/sharing`}>
              <input type="hidden" name="intent" value="withdraw" />
              <Button type="submit" $variant="secondary">
                Withdraw Sharing
              </Button>
            </Form>
          ) : null}
        </Stacked>
      </Card>
      <Card aria-labelledby="preview-title">
        <CardTitle id="preview-title">
          {shared ? `What ${department.name} sees` : `What ${department.name} would see`}
        </CardTitle>
        {!kinds.length ? (
          <EmptyNote>Nothing: you share nothing with this department.</EmptyNote>
        ) : (
          <>
            <CardDescription>
              Your name and, for each shared item, its name, its expiry and whether it is current, expiring or expired.
            </CardDescription>
            <DataTable
              label="Preview"
              columns={['Credential', 'State']}
              empty={cells.length ? null : 'No certifications or licenses to share yet.'}
            >
              {cells.map(([name, cell]) => (
                <tr key={name}>
                  <td>{name}</td>
                  <td>
                    <StateBadge cell={cell} />
                  </td>
                </tr>
              ))}
            </DataTable>
            <Plain>
              {kinds.includes('trainingHours') ? (
                <li>Training hours this year: {trainingText(preview.member?.training ?? [])}</li>
              ) : null}
              {kinds.includes('readinessDates') ? (
                <li>Readiness dates: {readinessDatesText(preview.member?.readinessDates ?? [])}</li>
              ) : null}
            </Plain>
          </>
        )}
      </Card>
    </Page>
  );
}

// ── the officer's roster ────────────────────────────────────────────────────────────────────────────────

export interface ReadinessPageProps {
  roster: RosterJson;
  catalogue: string[];
  notice: ActionNotice | null;
  failed: { intent: string; state: FormState } | null;
}

/** The roster with a filter changed (back to its first page) or, with `page`, another page of the same filters. */
const rosterHref = (
  roster: RosterJson,
  change: { state?: CellState | null; position?: number | null; page?: number },
) => {
  const state = change.state !== undefined ? change.state : roster.filter.state;
  const position = change.position !== undefined ? change.position : roster.filter.position;
  return rosterPath(roster.department.id, { state, position, page: change.page });
};

const csvHref = (roster: RosterJson) => rosterHref(roster, {}).replace('/readiness', '/readiness.csv');

function AttestForm({ roster, cell }: { roster: RosterJson; cell: RosterCellJson }) {
  if (!roster.can.attest || cell.attested || !cell.itemId || cell.state === 'missing') return null;
  return (
    <Form action={`/departments/${roster.department.id}/readiness`}>
      <input type="hidden" name="intent" value="attest" />
      <input type="hidden" name="list" value={cell.list!} />
      <input type="hidden" name="itemId" value={cell.itemId} />
      {roster.filter.state ? <input type="hidden" name="state" value={roster.filter.state} /> : null}
      {roster.filter.position ? <input type="hidden" name="position" value={roster.filter.position} /> : null}
      {roster.page.number > 1 ? <input type="hidden" name="page" value={roster.page.number} /> : null}
      <Button type="submit" $variant="secondary">
        Attest
      </Button>
    </Form>
  );
}

/** "Members 51–100 of 1,000" with the previous and next pages, as links. */
function RosterPages({ roster }: { roster: RosterJson }) {
  const { number, count, total } = roster.page;
  if (count <= 1) return null;
  const first = (number - 1) * ROSTER_PAGE_SIZE + 1;
  const last = first + roster.members.length - 1;
  return (
    <Links aria-label="Roster pages">
      {number > 1 ? <a href={rosterHref(roster, { page: number - 1 })}>Previous</a> : null}
      <span>{`Members ${first}–${last} of ${total.toLocaleString('en-US')}`}</span>
      {number < count ? <a href={rosterHref(roster, { page: number + 1 })}>Next</a> : null}
    </Links>
  );
}

export function ReadinessPage({ roster, catalogue, notice, failed }: ReadinessPageProps) {
  const columns = ['Member', 'Qualified for', ...roster.credentials];
  const failedState = (intent: string) => (failed?.intent === intent ? failed.state : null);
  return (
    <Page>
      <h1>{roster.department.name}: readiness</h1>
      <Links aria-label="Show">
        <a href={rosterHref(roster, { state: null })} aria-current={roster.filter.state === null ? 'page' : undefined}>
          Everyone
        </a>
        {CELL_STATES.map((state) => (
          <a
            key={state}
            href={rosterHref(roster, { state })}
            aria-current={roster.filter.state === state ? 'page' : undefined}
          >
            {CELL_LABELS[state]}
          </a>
        ))}
      </Links>
      {roster.positions.length ? (
        <Links aria-label="Position">
          <a
            href={rosterHref(roster, { position: null })}
            aria-current={roster.filter.position === null ? 'page' : undefined}
          >
            Every credential
          </a>
          {roster.positions.map((position) => (
            <a
              key={position.id}
              href={rosterHref(roster, { position: position.id })}
              aria-current={roster.filter.position === position.id ? 'page' : undefined}
            >
              {position.name}
            </a>
          ))}
        </Links>
      ) : null}
      <section aria-labelledby="roster-title" id={ROSTER_ID}>
        <CardTitle id="roster-title">Members who share with the department</CardTitle>
        <ActionStatus notice={notice} at={ROSTER_ID} />
        <p>
          <a href={csvHref(roster)} download>
            Download CSV
          </a>{' '}
          (what is shown, every page)
        </p>
        <DataTable
          label="Readiness"
          columns={columns}
          empty={roster.members.length ? null : 'No member who shares with the department matches.'}
        >
          {roster.members.map((member) => (
            <tr key={member.userId} data-member={member.userId}>
              <td>
                {/* One block, so a phone's stacked row keeps the shared lines beside the name, not under its label. */}
                <div>
                  {member.profilePath ? <a href={member.profilePath}>{member.name}</a> : member.name}
                  {member.training ? (
                    <div data-training>
                      <small>Training: {trainingText(member.training)}</small>
                    </div>
                  ) : null}
                  {member.readinessDates ? (
                    <div data-readiness-dates>
                      <small>Readiness dates: {readinessDatesText(member.readinessDates)}</small>
                    </div>
                  ) : null}
                </div>
              </td>
              <td>
                {member.qualifiedFor.join(', ') || '—'}
                {Object.entries(member.lacks).map(([position, lacks]) => (
                  <div key={position}>
                    <small>
                      {position}: lacks {lacks.join(', ')}
                    </small>
                  </div>
                ))}
              </td>
              {roster.credentials.map((name) => {
                const cell = member.cells[name]!;
                return (
                  <td key={name}>
                    <Cell>
                      <StateBadge cell={cell} />
                      {cell.attested ? <Badge $tone="brand">{attestationText(cell.attested)}</Badge> : null}
                      <AttestForm roster={roster} cell={cell} />
                    </Cell>
                  </td>
                );
              })}
            </tr>
          ))}
        </DataTable>
        <RosterPages roster={roster} />
      </section>
      {roster.can.definePositions ? (
        <Card aria-labelledby="positions-title" id={POSITIONS_ID}>
          <CardTitle id="positions-title">Position requirements</CardTitle>
          <ActionStatus notice={notice} at={POSITIONS_ID} />
          {roster.positions.length ? (
            <Plain>
              {roster.positions.map((position) => (
                <li key={position.id}>
                  <strong>{position.name}</strong>: {position.credentials.join(', ')}
                </li>
              ))}
            </Plain>
          ) : (
            <EmptyNote>No positions yet.</EmptyNote>
          )}
          <FormAlert error={failedState('position')?.error} />
          <Form action={`/departments/${roster.department.id}/readiness`}>
            <input type="hidden" name="intent" value="position" />
            <TextField
              id="position-name"
              name="name"
              label="Position"
              defaultValue={String(failedState('position')?.values.name ?? '')}
              error={failedState('position')?.errors.name}
            />
            <Choices>
              <legend>Credentials it needs</legend>
              {catalogue.map((name, index) => (
                <Checkbox key={name} id={`position-credential-${index}`} name="credentials" value={name} label={name} />
              ))}
            </Choices>
            {failedState('position')?.errors.credentials ? (
              <p role="alert">{failedState('position')!.errors.credentials}</p>
            ) : null}
            <Button type="submit">Add Position</Button>
          </Form>
        </Card>
      ) : null}
      {roster.can.grantOfficers ? (
        <Card aria-labelledby="officers-title" id={OFFICERS_ID}>
          <CardTitle id="officers-title">Training officers</CardTitle>
          <CardDescription>
            A training officer sees this page: only members who share, only what they share.
          </CardDescription>
          <ActionStatus notice={notice} at={OFFICERS_ID} />
          <FormAlert error={failedState('officer')?.error} />
          <Form action={`/departments/${roster.department.id}/readiness`}>
            <input type="hidden" name="intent" value="officer" />
            <TextField
              id="officer-email"
              name="email"
              type="email"
              label="Their account e-mail"
              defaultValue={String(failedState('officer')?.values.email ?? '')}
              error={failedState('officer')?.errors.email}
            />
            <InlineProof state={failedState('officer')} />
            <Button type="submit">Make Training Officer</Button>
          </Form>
        </Card>
      ) : null}
    </Page>
  );
}
