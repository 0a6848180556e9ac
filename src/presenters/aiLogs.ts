/** AI logs as the admin API returns them (AiLogJson, src/validation/aiLogs.ts), a page of them, and their stats. */
import type { AiLog } from '../models/AiLog';
import type { Viewer } from '../policies/viewer';
import type { AiLogCounts } from '../services/admin/aiLogs';
import type { AiLogFilter, AiLogsPageJson, AiLogStatsJson } from '../validation/admin';
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

/** A share as a percentage with one decimal. */
const percent = (value: number) => Math.round(value * 1000) / 10;

/** Acceptance rate = accepted ÷ total interactions; both rates null while there is nothing to rate. */
export function presentAiLogStats(counts: AiLogCounts, _viewer: Viewer): AiLogStatsJson {
  return {
    totalInteractions: counts.total,
    acceptanceRate: counts.total ? percent(counts.accepted / counts.total) : null,
    avgConfidence: counts.meanConfidence === null ? null : percent(counts.meanConfidence),
    pendingFeedback: counts.pending,
  };
}

export function presentAiLogsPage(
  page: { logs: AiLog[]; total: number },
  counts: AiLogCounts,
  query: { filter: AiLogFilter; page: number; pageSize: number },
  viewer: Viewer,
): AiLogsPageJson {
  return {
    filter: query.filter,
    logs: page.logs.map((log) => presentAiLog(log, viewer)),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    stats: presentAiLogStats(counts, viewer),
  };
}
