/** AI logs as the admin API returns them (AiLogJson, src/validation/aiLogs.ts). */
import type { AiLog } from '../models/AiLog';
import type { Viewer } from '../policies/viewer';
import type { AiLogJson } from '../validation/aiLogs';
import { iso } from './iso';

export function presentAiLog(log: AiLog, _viewer: Viewer | null): AiLogJson {
  return {
    id: Number(log.id),
    userId: log.userId,
    type: log.type,
    input: log.input,
    output: log.output,
    confidence: log.confidence ?? log.output?.confidence ?? null,
    error: log.error,
    accepted: log.accepted,
    timestamp: iso(log.timestamp),
    feedbackTimestamp: log.feedbackTimestamp ? iso(log.feedbackTimestamp) : null,
  };
}
