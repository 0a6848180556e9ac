/**
 * The owner's Insights panel (GET /profiles/{id}/insights, docs/decisions/insights.md): totals, views per day over 30 or 90
 * days as a server-drawn SVG chart (hidden from screen readers, which read the table of the same numbers),
 * top referrers, QR scans and downloads. No script.
 */
import { styled } from 'styled-components';
import type { InsightsJson } from '../../src/validation/share';
import { INSIGHT_PERIODS } from '../../src/validation/share';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { DataTable } from '../ui/DataTable';
import { InsightTotals } from './InsightTotals';
import { theme } from '../ui/theme';

const Page = styled.div.withConfig(sc('InsightsPage'))`
  max-width: 960px;
  width: 100%;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]};
  display: grid;
  gap: ${theme.space[5]};
  h1 {
    margin: 0;
    font-size: ${theme.font.size.xxl};
    overflow-wrap: anywhere;
  }
`;

const Periods = styled.nav.withConfig(sc('InsightsPeriods'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  a[aria-current='page'] {
    font-weight: 700;
    color: ${theme.color.ink};
    text-decoration: none;
  }
`;

const Chart = styled.svg.withConfig(sc('InsightsChart'))`
  display: block;
  width: 100%;
  height: auto;
`;

const Details = styled.details.withConfig(sc('InsightsDetails'))`
  margin-top: ${theme.space[3]};
  summary {
    cursor: pointer;
    color: ${theme.color.brand};
  }
`;

const CHART = { width: 900, height: 240, left: 40, bottom: 28, top: 12 };

/** The daily views as bars, with the peak and the first and last day labelled. */
function ViewsChart({ daily }: { daily: InsightsJson['daily'] }) {
  const peak = Math.max(1, ...daily.map((d) => d.views));
  const plotWidth = CHART.width - CHART.left;
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const step = plotWidth / daily.length;
  const bar = Math.max(1, step * 0.7);
  return (
    <Chart
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      aria-hidden="true"
      focusable="false"
      data-chart="views"
      preserveAspectRatio="xMidYMid meet"
    >
      <line x1={CHART.left} x2={CHART.width} y1={CHART.top + plotHeight} y2={CHART.top + plotHeight} stroke="#E3E6EA" />
      <text x={CHART.left - 6} y={CHART.top + 10} textAnchor="end" fontSize="12" fill="#5B636E">
        {peak}
      </text>
      <text x={CHART.left - 6} y={CHART.top + plotHeight} textAnchor="end" fontSize="12" fill="#5B636E">
        0
      </text>
      {daily.map((d, index) => {
        const height = (d.views / peak) * plotHeight;
        return (
          <rect
            key={d.day}
            x={CHART.left + index * step + (step - bar) / 2}
            y={CHART.top + plotHeight - height}
            width={bar}
            height={height}
            fill="#8B1A1A"
            data-day={d.day}
            data-views={d.views}
          />
        );
      })}
      <text x={CHART.left} y={CHART.height - 6} fontSize="12" fill="#5B636E">
        {daily[0]?.day}
      </text>
      <text x={CHART.width} y={CHART.height - 6} fontSize="12" fill="#5B636E" textAnchor="end">
        {daily[daily.length - 1]?.day}
      </text>
    </Chart>
  );
}

export function InsightsPage({
  name,
  insights,
  basePath,
  profilePath,
}: {
  name: string;
  insights: InsightsJson;
  /** This page's path, for the period links. */
  basePath: string;
  profilePath: string;
}) {
  return (
    <Page>
      <div>
        <h1>Insights · {name}</h1>
        <p>
          <a href={profilePath}>Back to profile</a>
        </p>
      </div>
      <Periods aria-label="Period">
        {INSIGHT_PERIODS.map((days) => (
          <a key={days} href={`${basePath}?days=${days}`} aria-current={insights.days === days ? 'page' : undefined}>
            Last {days} days
          </a>
        ))}
      </Periods>
      <InsightTotals totals={insights.totals} />
      <Card aria-labelledby="insights-daily">
        <CardTitle id="insights-daily">Views per day</CardTitle>
        <CardDescription>
          Last {insights.days} days, UTC. Counted without cookies; visitors are told apart by a hash that changes every
          day, and bots are left out.
        </CardDescription>
        <ViewsChart daily={insights.daily} />
        <Details>
          <summary>Views per day as a table</summary>
          <DataTable
            label={`Views per day, last ${insights.days} days`}
            columns={['Day', 'Views', 'Visitors']}
            empty={null}
          >
            {insights.daily.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.views}</td>
                <td>{d.visitors}</td>
              </tr>
            ))}
          </DataTable>
        </Details>
      </Card>
      <Card aria-labelledby="insights-referrers">
        <CardTitle id="insights-referrers">Top referrers</CardTitle>
        <CardDescription>Sites whose links brought visitors here.</CardDescription>
        <DataTable
          label="Top referrers"
          columns={['Site', 'Views']}
          empty={insights.referrers.length ? null : 'No referrers in this period.'}
        >
          {insights.referrers.map((r) => (
            <tr key={r.domain}>
              <td>{r.domain}</td>
              <td>{r.views}</td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </Page>
  );
}
