/** Profile activity on the admin dashboard (docs/decisions/insights.md): every profile's insight counts added up, server-rendered. */
import { styled } from 'styled-components';
import type { SiteInsightsJson } from '../../src/validation/share';
import { sc } from '../ui/sc';
import { InsightTotals } from '../profile/InsightTotals';
import { theme } from '../ui/theme';

const Section = styled.section.withConfig(sc('AdminSiteInsights'))`
  h2 {
    margin: 0 0 ${theme.space[3]};
    font-size: ${theme.font.size.lg};
  }
`;

export function SiteInsights({ insights }: { insights: SiteInsightsJson }) {
  return (
    <Section aria-labelledby="site-insights-title">
      <h2 id="site-insights-title">{`Profile activity, last ${insights.days} days`}</h2>
      <InsightTotals totals={insights.totals} viewsLabel="Profile views" />
    </Section>
  );
}
