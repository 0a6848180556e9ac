/** Each widget's item view, by widget key. */
import type { WidgetKey } from '../../../src/validation/profiles';
import type { WidgetView } from '../sections';
import { renderAwards } from './Awards';
import { renderCertifications, renderLicenses } from './Credentials';
import { renderFireStations } from './FireStations';
import { renderIncidents } from './Incidents';
import { renderPhotos } from './Photos';
import { renderSkills } from './Skills';
import { renderStatusUpdates } from './StatusUpdates';
import { renderTimeline, renderTimelineTools } from './Timeline';
import { renderUnits } from './Units';

export const WIDGET_RENDERERS: Partial<Record<WidgetKey, WidgetView['renderItems']>> = {
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
};

/** Controls a widget shows above its items, in read and edit mode. */
export const WIDGET_TOOLS: Partial<Record<WidgetKey, WidgetView['renderTools']>> = {
  timeline: renderTimelineTools,
};
