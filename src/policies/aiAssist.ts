/**
 * AI suggestions (ai_logs rows) as their asker sees them: a user may read and answer (accept or reject) only
 * the suggestions they asked for; to anyone else the row does not exist (404). The admin AI Logs tab reads
 * every row through its own admin route.
 */
import type { AiLog } from '../models/AiLog';
import { AI_MESSAGES } from '../validation/ai';
import { definePolicy } from './policy';
import type { Viewer } from './viewer';

const asker = (viewer: Viewer | null, log: AiLog) => viewer !== null && log.userId === viewer.id;

export const aiSuggestionPolicy = definePolicy<AiLog, 'answer'>({
  notFoundMessage: AI_MESSAGES.logNotFound,
  rules: { read: asker, answer: asker },
  scope: (query, viewer) => (viewer ? query.where('ai_logs.userId', viewer.id) : query.whereRaw('false')),
});
