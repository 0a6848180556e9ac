/** Status updates (spec 02 §3 "Status update"). The spec names no add rule; a title and content are asked for. */
import {
  defineList,
  photoRef,
  optionalChoice,
  optionalText,
  requiredText,
  LIST_LONG_TEXT_MAX,
  type ItemOf,
} from './define';

export const STATUS_UPDATE_TYPES = [
  'announcement',
  'achievement',
  'training',
  'deployment',
  'milestone',
  'general',
] as const;
export const STATUS_UPDATE_PRIORITIES = ['low', 'normal', 'high'] as const;

export const STATUS_UPDATE_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
} as const;

export const statusUpdates = defineList({
  key: 'statusUpdates',
  path: 'status-updates',
  table: 'profile_status_updates',
  noun: 'Status update',
  titleField: 'title',
  fields: {
    title: requiredText('Title', STATUS_UPDATE_MESSAGES.titleRequired),
    content: requiredText('Content', STATUS_UPDATE_MESSAGES.contentRequired, LIST_LONG_TEXT_MAX),
    date: optionalText('Date', 50),
    type: optionalChoice('Type', STATUS_UPDATE_TYPES),
    priority: optionalChoice('Priority', STATUS_UPDATE_PRIORITIES),
    photo: photoRef(),
  },
  photoFields: { photo: 'first' },
});
export type StatusUpdateItemJson = ItemOf<typeof statusUpdates.fields>;
