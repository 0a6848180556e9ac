/**
 * The AI Logs tab (spec 01 §§2, 3, 9): a page of logs newest first, filtered to one type or to those still
 * waiting for feedback (each filter walks its own index: ai_logs_timestamp_idx, ai_logs_type_timestamp_idx,
 * ai_logs_pending_idx), and the stats over every log: total interactions, acceptance rate (accepted ÷ total),
 * average confidence (as a percentage) and pending feedback. The AI feature writes the rows.
 */
import type { Knex } from 'knex';
import { AiLog } from '../../models/AiLog';
import { requireAdmin, type Viewer } from '../../policies';
import type { AiLogFilter, AiLogStatsJson } from '../../validation/admin';

const percent = (value: number) => Math.round(value * 1000) / 10;

export async function aiLogStats(viewer: Viewer, db?: Knex): Promise<AiLogStatsJson> {
  requireAdmin(viewer);
  const row = (await AiLog.query(db)
    .select(
      AiLog.raw('count(*)::int as total'),
      AiLog.raw('(count(*) filter (where accepted))::int as accepted'),
      AiLog.raw('(count(*) filter (where accepted is null))::int as pending'),
      AiLog.raw("avg(coalesce(confidence, (output->>'confidence')::double precision)) as confidence"),
    )
    .first()) as unknown as { total: number; accepted: number; pending: number; confidence: number | string | null };
  return {
    totalInteractions: row.total,
    acceptanceRate: row.total ? percent(row.accepted / row.total) : null,
    avgConfidence: row.confidence === null ? null : percent(Number(row.confidence)),
    pendingFeedback: row.pending,
  };
}

export async function listAiLogs(
  viewer: Viewer,
  input: { filter: AiLogFilter; page: number; pageSize: number },
  db?: Knex,
): Promise<{ logs: AiLog[]; total: number }> {
  requireAdmin(viewer);
  const base = () =>
    AiLog.query(db).modify((q) => {
      if (input.filter === 'pending') q.whereNull('accepted');
      else if (input.filter !== 'all') q.where('type', input.filter);
    });
  const [logs, total] = await Promise.all([
    base()
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    base().resultSize(),
  ]);
  return { logs, total };
}
