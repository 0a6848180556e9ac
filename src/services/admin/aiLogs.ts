/**
 * The AI Logs tab (spec 01 §§2, 3, 9): a page of logs newest first, filtered to one type or to those still
 * waiting for feedback (each filter walks its own index: ai_logs_timestamp_idx, ai_logs_type_timestamp_idx,
 * ai_logs_pending_idx), and the counts over every log for the stats (src/presenters/aiLogs.ts). The AI
 * feature writes the rows.
 */
import type { Knex } from 'knex';
import { AiLog } from '../../models/AiLog';
import { adminAiLogPolicy, authorizeOnCollection, type Viewer } from '../../policies';
import type { AiLogFilter } from '../../validation/admin';
import { readTogether } from '../../db/readTogether';

/** Over every log: how many, how many accepted, how many await feedback, the mean confidence (0–1) of those with one. */
export interface AiLogCounts {
  total: number;
  accepted: number;
  pending: number;
  meanConfidence: number | null;
}

export async function aiLogStats(viewer: Viewer, db?: Knex): Promise<AiLogCounts> {
  authorizeOnCollection(adminAiLogPolicy, viewer, 'stats');
  const row = await AiLog.query(db)
    .select(
      AiLog.raw('count(*)::int as total'),
      AiLog.raw('(count(*) filter (where accepted))::int as accepted'),
      AiLog.raw('(count(*) filter (where accepted is null))::int as pending'),
      AiLog.raw("avg(coalesce(confidence, (output->>'confidence')::double precision)) as confidence"),
    )
    .first()
    .castTo<{ total: number; accepted: number; pending: number; confidence: number | string | null }>();
  // avg() over double precision comes back as text from some drivers.
  const { confidence, ...counts } = row;
  return { ...counts, meanConfidence: confidence === null ? null : Number(confidence) };
}

export async function listAiLogs(
  viewer: Viewer,
  input: { filter: AiLogFilter; page: number; pageSize: number },
  db?: Knex,
): Promise<{ logs: AiLog[]; total: number }> {
  authorizeOnCollection(adminAiLogPolicy, viewer, 'list');
  const base = () =>
    AiLog.query(db)
      .modify(adminAiLogPolicy.scope, viewer)
      .modify((q) => {
        if (input.filter === 'pending') q.whereNull('accepted');
        else if (input.filter !== 'all') q.where('type', input.filter);
      });
  const [logs, total] = await readTogether(db, [
    () =>
      base()
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
    () => base().resultSize(),
  ]);
  return { logs, total };
}
