/**
 * The hiring tracker (docs/decisions/hiring-tracker.md): each test or list placement with its department, the day
 * taken and the last day it holds; the owner's view links the tracker page (windows and the lateral view).
 */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { theme } from '../../ui/theme';
import {
  HIRING_TEST_LABELS,
  hiringWindowEnd,
  type HiringTest,
  type HiringTrackerItemJson,
} from '../../../src/validation/lists/hiringTracker';
import { isoDay } from '../../../src/validation/lists/rules';
import type { SectionContext, SectionItem } from './context';
import { itemsView } from './ItemLayout';

export const renderHiringTracker = itemsView<HiringTrackerItemJson & SectionItem>((entry) => {
  const end = hiringWindowEnd(entry);
  return {
    title: HIRING_TEST_LABELS[entry.test as HiringTest] ?? String(entry.test),
    labels: [entry.rank ? { text: `Rank ${entry.rank}`, tone: 'brand' } : null],
    meta: [entry.department, `Taken ${entry.takenOn}`, end ? `Valid through ${isoDay(end)}` : 'No window stated'],
    text: entry.notes ?? undefined,
  };
});

const TrackerLink = styled.p.withConfig(sc('HiringTrackerLink'))`
  margin: 0 0 ${theme.space[3]};
  font-size: ${theme.font.size.sm};
`;

/** The owner's (and admins') link to the tracker page; nobody else is given the items or the link. */
export function renderHiringTrackerTools(context: SectionContext) {
  if (!context.showVisibility || !context.basePath.startsWith('/profiles/')) return null;
  return (
    <TrackerLink>
      <a href={`${context.basePath}/tracker`}>Open the tracker: windows and the lateral view</a>
    </TrackerLink>
  );
}
