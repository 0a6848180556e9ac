/** Timeline events (spec 02 §3 "Timeline event", §5 "Timeline add", §4 "Timeline sort"). */
import {
  defineList,
  optionalFlag,
  photoRef,
  optionalText,
  requiredChoice,
  requiredText,
  LIST_LONG_TEXT_MAX,
  type ItemOf,
} from './define';
import { sortTimeline } from './rules';

export const TIMELINE_TYPES = [
  'hired',
  'promoted',
  'transferred',
  'retired',
  'joined',
  'appointed',
  'elected',
  'step_down',
  'associate_status',
  'training_completed',
  'award_received',
  'special_assignment',
  'milestone',
  'assignment',
  'incident',
  'promotion',
] as const;

/** Event types in words where the enumeration value does not read well on its own. */
export const TIMELINE_TYPE_LABELS: Partial<Record<(typeof TIMELINE_TYPES)[number], string>> = {
  step_down: 'Stepped down',
  training_completed: 'Training completed',
  award_received: 'Award received',
};

export const TIMELINE_MESSAGES = {
  yearRequired: 'Year is required',
  eventRequired: 'Event title is required',
  typeRequired: 'Event type is required',
} as const;

export const timeline = defineList({
  key: 'timeline',
  path: 'timeline',
  table: 'profile_timeline',
  noun: 'Timeline event',
  fields: {
    year: requiredText('Year', TIMELINE_MESSAGES.yearRequired, 50),
    event: requiredText('Event title', TIMELINE_MESSAGES.eventRequired),
    type: requiredChoice('Event type', TIMELINE_TYPES, TIMELINE_MESSAGES.typeRequired, TIMELINE_TYPE_LABELS),
    date: optionalText('Date', 50),
    title: optionalText('Title'),
    description: optionalText('Description', LIST_LONG_TEXT_MAX),
    department: optionalText('Department'),
    position: optionalText('Position'),
    location: optionalText('Location'),
    isPrimary: optionalFlag('Primary event'),
    photo: photoRef(),
  },
  photoFields: { photo: 'first' },
  stored: { position: 'jobPosition' },
  titleField: 'event',
  saveFailed: 'Failed to save timeline event',
  order: (items, { sort }) => sortTimeline(items, sort),
});
export type TimelineItemJson = ItemOf<typeof timeline.fields>;
