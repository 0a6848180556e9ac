/** Each widget's item view, by widget key. */
import type { ReactNode } from 'react';
import type { WidgetKey } from '../../../src/validation/profiles';
import type { RenderItems, SectionContext, SectionItem } from './context';
import type { DescribeItem } from './ItemLayout';
import { renderAwards } from './Awards';
import { renderCertifications, renderLicenses } from './Credentials';
import { renderFireStations } from './FireStations';
import { renderIncidents } from './Incidents';
import { renderPhotos } from './Photos';
import { renderSkills } from './Skills';
import { renderStatusUpdates } from './StatusUpdates';
import { events, renderTimeline, renderTimelineTools } from './Timeline';
import { renderTraining, renderTrainingTotals } from './Training';
import { renderReadinessDates } from './ReadinessDates';
import { renderHiringTracker, renderHiringTrackerTools } from './HiringTracker';
import { renderUnits } from './Units';

export const WIDGET_RENDERERS: Partial<Record<WidgetKey, RenderItems>> = {
  timeline: renderTimeline,
  incidents: renderIncidents,
  awards: renderAwards,
  certifications: renderCertifications,
  licenses: renderLicenses,
  skills: renderSkills,
  gear: renderUnits,
  specialUnits: renderUnits,
  photos: renderPhotos,
  statusUpdates: renderStatusUpdates,
  fireStations: renderFireStations,
  training: renderTraining,
  readinessDates: renderReadinessDates,
  hiringTracker: renderHiringTracker,
};

/** Controls a widget shows above its items, in read and edit mode. */
export const WIDGET_TOOLS: Partial<
  Record<WidgetKey, (context: SectionContext, items: readonly SectionItem[]) => ReactNode>
> = {
  timeline: renderTimelineTools,
  training: renderTrainingTotals,
  hiringTracker: renderHiringTrackerTools,
};

/**
 * How each list's item reads (the parts the read view lays out), by widget key: what the owner's editors show
 * for a closed item (islands/ListEditor.tsx), so it looks as visitors see it. The photo gallery has none.
 */
export const WIDGET_ITEM_PARTS: Partial<Record<WidgetKey, DescribeItem>> = {
  timeline: events.describe,
  incidents: renderIncidents.describe,
  awards: renderAwards.describe,
  certifications: renderCertifications.describe,
  licenses: renderLicenses.describe,
  skills: renderSkills.describe,
  gear: renderUnits.describe,
  specialUnits: renderUnits.describe,
  statusUpdates: renderStatusUpdates.describe,
  fireStations: renderFireStations.describe,
  training: renderTraining.describe,
  readinessDates: renderReadinessDates.describe,
  hiringTracker: renderHiringTracker.describe,
};
