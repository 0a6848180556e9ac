/** Status updates (spec 02 §3 "Status update"): title, type, date, content and its photo; high priority stands out. */
import type { StatusUpdateItemJson } from '../../../src/validation/lists/statusUpdates';
import type { SectionItem } from './context';
import { humanize, itemsView } from './ItemLayout';
import { photosPart } from './LinkedPhotos';

export const renderStatusUpdates = itemsView<StatusUpdateItemJson & SectionItem>((update, context) => ({
  title: update.title,
  labels: [
    update.type ? { text: humanize(update.type), tone: 'brand' } : null,
    update.priority === 'high' ? { text: 'High priority', tone: 'warn' } : null,
  ],
  meta: [update.date],
  text: update.content,
  photos: photosPart(update.photoIds, context.photos, 1),
  details: [['Priority', update.priority ? humanize(update.priority) : null]],
}));
