/** Memorable incidents (spec 02 §3 "Incident"): the summary; the section's own view adds the full story. */
import type { IncidentItemJson } from '../../../src/validation/lists/incidents';
import type { SectionItem } from './context';
import { humanize, itemsView, mediaLinks, type Label } from './ItemLayout';
import { photosPart } from './LinkedPhotos';

/** Severity is always a word ("Severity: Major"); the tone only underlines it. */
const SEVERITY_TONE: Record<NonNullable<IncidentItemJson['severity']>, Label['tone']> = {
  routine: 'neutral',
  significant: 'brand',
  major: 'warn',
  critical: 'danger',
};

export const renderIncidents = itemsView<IncidentItemJson & SectionItem>((incident, context) => ({
  title: incident.title,
  labels: [
    incident.type ? { text: humanize(incident.type) } : null,
    incident.severity
      ? { text: `Severity: ${humanize(incident.severity)}`, tone: SEVERITY_TONE[incident.severity] }
      : null,
  ],
  meta: [incident.date, incident.location, incident.department],
  text: incident.description,
  photos: photosPart(incident.photoIds, context.photos, 4),
  details: [
    ['Detailed story', incident.detailedStory],
    ['Units responded', incident.unitsResponded?.join(', ')],
    ['Outcome', incident.outcomeResult],
    ['Lessons learned', incident.lessonsLearned],
    ['Media', mediaLinks(incident.mediaUrls)],
  ],
}));
