/**
 * Training hours (docs/decisions/training-hours.md): each entry's topic, category, hours and date; for the owner
 * (and admins) a table of this year's hours by ISO category against the schedule's figures.
 */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { theme } from '../../ui/theme';
import { Badge } from '../../ui/Badge';
import type { TrainingItemJson } from '../../../src/validation/lists/training';
import {
  TRAINING_CATEGORY_LABELS,
  trainingYearTotals,
  type TrainingCategory,
} from '../../../src/validation/lists/rules';
import type { SectionContext, SectionItem } from './context';
import { itemsView } from './ItemLayout';

const hoursText = (hours: unknown) => `${Number(hours)} h`;

export const renderTraining = itemsView<TrainingItemJson & SectionItem>((entry) => ({
  title: entry.topic,
  labels: [
    { text: TRAINING_CATEGORY_LABELS[entry.category as TrainingCategory] ?? String(entry.category), tone: 'brand' },
  ],
  meta: [entry.date, hoursText(entry.hours)],
  text: entry.notes ?? undefined,
}));

const Totals = styled.table.withConfig(sc('TrainingTotals'))`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: ${theme.space[4]};
  font-size: ${theme.font.size.sm};
  caption {
    text-align: left;
    font-weight: 700;
    margin-bottom: ${theme.space[2]};
  }
  th,
  td {
    padding: ${theme.space[1]};
    border-bottom: 1px solid ${theme.color.line};
    text-align: left;
  }
  tbody th {
    font-weight: 600;
  }
  td:nth-child(2),
  th:nth-child(2) {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** The owner's year totals (trainingYearTotals), above the entries in read and edit mode; nobody else's view. */
export function renderTrainingTotals(context: SectionContext, items: readonly SectionItem[], now = new Date()) {
  if (!context.showVisibility) return null;
  const totals = trainingYearTotals(items as ReadonlyArray<Partial<TrainingItemJson>>, now);
  return (
    <Totals data-testid="training-totals">
      <caption>{`${now.getUTCFullYear()} hours by ISO category`}</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Hours / target</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {totals.map((total) => (
          <tr key={total.category}>
            <th scope="row">{TRAINING_CATEGORY_LABELS[total.category]}</th>
            <td>{`${total.hours} / ${total.target}`}</td>
            <td>
              <Badge $tone={total.met ? 'ok' : 'warn'}>{total.met ? 'Met' : 'Short'}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </Totals>
  );
}
