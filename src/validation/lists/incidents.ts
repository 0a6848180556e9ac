/** Memorable incidents (spec 02 §3 "Incident", §5 "Incident add"). Type and severity are not required. */
import {
  defineList,
  nestedList,
  optionalChoice,
  optionalText,
  requiredText,
  tagList,
  photoList,
  LIST_LONG_TEXT_MAX,
  type ItemOf,
} from './define';

export const INCIDENT_TYPES = [
  'structure_fire',
  'vehicle_accident',
  'medical_emergency',
  'wildfire',
  'hazmat',
  'technical_rescue',
  'public_service',
  'mutual_aid',
] as const;
export const INCIDENT_SEVERITIES = ['routine', 'significant', 'major', 'critical'] as const;
export const INCIDENT_MEDIA_TYPES = ['news_article', 'video', 'social_media', 'department_report'] as const;
/** Photos linked to an incident (spec 02 §7). */
export const INCIDENT_PHOTOS_MAX = 5;

export const INCIDENT_MESSAGES = {
  dateRequired: 'Date is required',
  locationRequired: 'Location is required',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  departmentRequired: 'Department is required',
  mediaUrlRequired: 'Media URL is required',
} as const;

export const incidents = defineList({
  key: 'incidents',
  path: 'incidents',
  table: 'profile_incidents',
  noun: 'Incident',
  fields: {
    date: requiredText('Date', INCIDENT_MESSAGES.dateRequired, 50),
    location: requiredText('Location', INCIDENT_MESSAGES.locationRequired),
    title: requiredText('Title', INCIDENT_MESSAGES.titleRequired),
    description: requiredText('Description', INCIDENT_MESSAGES.descriptionRequired, LIST_LONG_TEXT_MAX),
    department: requiredText('Department', INCIDENT_MESSAGES.departmentRequired),
    type: optionalChoice('Incident type', INCIDENT_TYPES),
    severity: optionalChoice('Severity', INCIDENT_SEVERITIES),
    detailedStory: optionalText('Detailed story', LIST_LONG_TEXT_MAX),
    unitsResponded: tagList('Units responded'),
    outcomeResult: optionalText('Outcome', LIST_LONG_TEXT_MAX),
    lessonsLearned: optionalText('Lessons learned', LIST_LONG_TEXT_MAX),
    mediaUrls: nestedList('Media links', 'Media link', {
      url: requiredText('Media URL', INCIDENT_MESSAGES.mediaUrlRequired, 2000, 'text'),
      title: optionalText('Media title'),
      type: optionalChoice('Media type', INCIDENT_MEDIA_TYPES),
    }),
    photos: photoList('Photos', INCIDENT_PHOTOS_MAX),
  },
  photoFields: { photos: 'all' },
  jsonFields: ['unitsResponded', 'mediaUrls'],
  titleField: 'title',
});
export type IncidentItemJson = ItemOf<typeof incidents.fields>;
