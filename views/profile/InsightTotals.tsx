/** Insight totals as stat cards (docs/decisions/insights.md): the owner's Insights page and the admin dashboard's site totals. */
import type { InsightsJson } from '../../src/validation/share';
import { StatCards } from '../ui/DataTable';

export function InsightTotals({
  totals,
  viewsLabel = 'Views',
}: {
  totals: InsightsJson['totals'];
  viewsLabel?: string;
}) {
  return (
    <StatCards
      items={[
        { label: viewsLabel, value: totals.views },
        { label: 'Visitors', value: totals.visitors },
        { label: 'QR scans', value: totals.qrScans },
        { label: 'Contact cards', value: totals.vcardDownloads },
        { label: 'Résumé PDFs', value: totals.pdfDownloads },
      ]}
    />
  );
}
