/**
 * The tracker page (docs/decisions/hiring-tracker.md) on /profiles/{id}/tracker, the owner's (and admins') only:
 * each test and list placement with its window, and the lateral view — spans of department-verified service and
 * the breaks between them. No script: the entries are edited in the profile's Hiring Tracker section.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Badge, type BadgeTone } from '../ui/Badge';
import { ButtonLink } from '../ui/Button';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { DataTable } from '../ui/DataTable';
import { theme } from '../ui/theme';
import { HIRING_TEST_LABELS, type HiringTest } from '../../src/validation/lists/hiringTracker';
import { WINDOW_LABELS, type TrackerJson, type WindowState } from '../../src/validation/tracker';
import { OwnerPageRow as Row, OwnerPageWrap as Wrap } from './OwnerPageParts';

const TONE: Record<WindowState, BadgeTone> = { current: 'ok', expiring: 'warn', expired: 'danger', open: 'neutral' };

const Summary = styled.p.withConfig(sc('LateralSummary'))`
  margin: 0 0 ${theme.space[3]};
  font-weight: 600;
`;

const Muted = styled.small.withConfig(sc('TrackerMuted'))`
  display: block;
  color: ${theme.color.muted};
`;

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** "in 12 days", "today", "3 days ago". */
function daysWords(daysLeft: number | null): string | null {
  if (daysLeft === null) return null;
  if (daysLeft === 0) return 'last day today';
  return daysLeft > 0 ? `${plural(daysLeft, 'day')} left` : `ended ${plural(-daysLeft, 'day')} ago`;
}

export function TrackerPage({ tracker }: { tracker: TrackerJson }) {
  const { entries, lateral } = tracker;
  return (
    <Wrap>
      <Row>
        <h1>Hiring tracker</h1>
        <ButtonLink href={tracker.editHref} $variant="secondary">
          Add or edit entries
        </ButtonLink>
      </Row>
      <Card aria-labelledby="tracker-windows-title" data-testid="tracker-windows">
        <CardTitle id="tracker-windows-title">Tests and lists</CardTitle>
        <CardDescription>
          Only you see these. Each holds until the date the department states, or the usual window for the test.
        </CardDescription>
        <DataTable
          label="Tests and lists"
          columns={['Test or list', 'Taken', 'Valid through', 'State']}
          empty={entries.length ? null : 'Nothing tracked yet. Add the tests you took and the lists you are on.'}
        >
          {entries.map((entry) => (
            <tr key={entry.id} data-entry={entry.id}>
              <td>
                <div>
                  {`${HIRING_TEST_LABELS[entry.test as HiringTest] ?? entry.test}${entry.rank ? ` (rank ${entry.rank})` : ''}`}
                  {entry.department ? <Muted>{entry.department}</Muted> : null}
                </div>
              </td>
              <td>{entry.takenOn}</td>
              <td>
                <div>
                  {entry.validThrough ?? '—'}
                  {entry.validitySource ? <Muted>{entry.validitySource}</Muted> : null}
                </div>
              </td>
              <td>
                <div>
                  <Badge $tone={TONE[entry.state]}>{WINDOW_LABELS[entry.state]}</Badge>
                  {daysWords(entry.daysLeft) ? <Muted>{daysWords(entry.daysLeft)}</Muted> : null}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
      <Card aria-labelledby="lateral-title" data-testid="lateral-view">
        <CardTitle id="lateral-title">Lateral view</CardTitle>
        <CardDescription>
          Service from your timeline entries whose department verified your membership; unverified entries are left out.
          A break is every day between two spans of verified service.
        </CardDescription>
        {lateral.spans.length ? (
          <>
            <Summary>
              {`${plural(lateral.totalDays, 'day')} of verified service; ${plural(lateral.breaks.length, 'break')} in service`}
            </Summary>
            <DataTable label="Service and breaks" columns={['From', 'To', 'Days', 'Where']} empty={null}>
              {lateral.spans.flatMap((span, index) => {
                const gap = lateral.breaks[index - 1];
                const row = (
                  <tr key={`span-${span.start}`} data-span="">
                    <td>{span.start}</td>
                    <td>{span.end ?? 'Present'}</td>
                    <td>{span.days.toLocaleString('en-US')}</td>
                    <td>{span.departments.join(', ')}</td>
                  </tr>
                );
                return gap
                  ? [
                      <tr key={`break-${gap.from}`} data-break="">
                        <td>{gap.from}</td>
                        <td>{gap.to}</td>
                        <td>{gap.days.toLocaleString('en-US')}</td>
                        <td>
                          <Badge $tone="warn">Break in service</Badge>
                        </td>
                      </tr>,
                      row,
                    ]
                  : [row];
              })}
            </DataTable>
          </>
        ) : (
          <CardDescription>
            No verified service yet: a timeline entry counts once its department verifies your membership and its year
            or date names a span (2015-2019, 2017-present).
          </CardDescription>
        )}
      </Card>
    </Wrap>
  );
}
