/**
 * Private readiness dates (docs/decisions/readiness-dates.md): each date's kind (an immunization's name), the date
 * and the last day it holds. Only the owner and admins are ever given these items.
 */
import {
  readinessDateEnd,
  readinessDateTitle,
  type ReadinessDateItemJson,
} from '../../../src/validation/lists/readinessDates';
import { isoDay } from '../../../src/validation/lists/rules';
import type { SectionItem } from './context';
import { itemsView } from './ItemLayout';

export const renderReadinessDates = itemsView<ReadinessDateItemJson & SectionItem>((entry) => {
  const end = readinessDateEnd(entry);
  return {
    title: readinessDateTitle(entry),
    meta: [entry.kind === 'cleared_for_duty' ? null : entry.date, end ? `Valid through ${isoDay(end)}` : null],
  };
});
