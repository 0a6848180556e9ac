/**
 * The AI Logs tab (spec 01 §§2, 9): cards Total Interactions, Acceptance Rate (accepted ÷ total), Avg
 * Confidence (a percentage) and Pending Feedback; sub-tabs All, Enhancement, Photo Analysis, Pending; the table
 * of Type, Input, Output, Confidence, Feedback, Timestamp (input and output cut at 60 characters, context at
 * 30); paged on the server and refetched every 30 seconds.
 */
import { useState, type MouseEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { styled } from 'styled-components';
import { sc } from '../views/ui/sc';
import { Badge } from '../views/ui/Badge';
import {
  ADMIN_LABELS as L,
  ADMIN_MESSAGES as M,
  AI_LOG_CONTEXT_MAX,
  AI_LOG_FILTERS,
  AI_LOG_TEXT_MAX,
  AI_LOGS_REFRESH_MS,
  truncate,
  type AiLogFilter,
  type AiLogsPageJson,
} from '../src/validation/admin';
import type { AiLogJson } from '../src/validation/aiLogs';
import { ADMIN_KEYS, adminApi } from './lib/adminApi';
import { DataTable, Muted, Stack, StatCards, Toolbar } from '../views/ui/DataTable';
import { Pager } from '../views/ui/Pager';
import { formatDateTime } from '../views/ui/format';
import { theme } from '../views/ui/theme';

const Tabs = styled.div.withConfig(sc('AiLogTabs'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  padding: ${theme.space[1]};
  border-radius: ${theme.radius.control};
  background: ${theme.color.line};
`;

/** A filter: a link to the tab's filtered page, which the island follows in place once hydrated. */
const TabButton = styled.a.withConfig(sc('AiLogTab'))<{ $selected: boolean }>`
  display: inline-block;
  text-decoration: none;
  border: 0;
  border-radius: 6px;
  padding: 6px 12px;
  font: inherit;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  cursor: pointer;
  color: ${(p) => (p.$selected ? theme.color.ink : theme.color.muted)};
  background: ${(p) => (p.$selected ? theme.color.surface : 'transparent')};
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
  }
`;

const Failed = styled.p.withConfig(sc('AiLogFailed'))`
  margin: 0 0 ${theme.space[3]};
  color: ${theme.color.danger};
`;

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

function feedback(log: AiLogJson) {
  if (log.accepted === null) return <Badge $tone="warn">Pending</Badge>;
  return log.accepted ? <Badge $tone="ok">Accepted</Badge> : <Badge $tone="danger">Rejected</Badge>;
}

function outputText(log: AiLogJson): string {
  if (!log.output) return log.error ? `Error: ${log.error}` : '';
  return log.output.enhanced ?? log.output.description ?? '';
}

export default function AdminAiLogs({ initialPage }: { initialPage: AiLogsPageJson }) {
  const [filter, setFilter] = useState<AiLogFilter>(initialPage.filter);
  const [page, setPage] = useState(initialPage.page);
  const isInitial = filter === initialPage.filter && page === initialPage.page;
  const logs = useQuery({
    queryKey: ADMIN_KEYS.aiLogs(filter, page),
    queryFn: async () => {
      try {
        return await adminApi.aiLogs(filter, page);
      } catch {
        throw new Error(M.loadAiLogsFailed);
      }
    },
    initialData: isInitial ? initialPage : undefined,
    // Initial data counts as fresh for 30 s; then the tab refreshes every 30 s (spec 01 §9).
    initialDataUpdatedAt: isInitial ? Date.now() : undefined,
    refetchInterval: AI_LOGS_REFRESH_MS,
    staleTime: AI_LOGS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const data = logs.data ?? initialPage;
  const S = L.aiStats;
  return (
    <div data-testid="admin-ai-logs">
      <StatCards
        items={[
          { label: S.totalInteractions, value: data.stats.totalInteractions },
          { label: S.acceptanceRate, value: percent(data.stats.acceptanceRate) },
          { label: S.avgConfidence, value: percent(data.stats.avgConfidence) },
          { label: S.pendingFeedback, value: data.stats.pendingFeedback },
        ]}
      />
      <Toolbar>
        <h2>{L.tabs.aiLogs}</h2>
        <Tabs role="tablist" aria-label="AI log type">
          {AI_LOG_FILTERS.map((f) => (
            <TabButton
              key={f}
              href={`/admin?tab=ai-logs&filter=${f}`}
              role="tab"
              aria-selected={filter === f}
              $selected={filter === f}
              onClick={(e: MouseEvent) => {
                // A link before the island loads (the server renders the filter); the island's own list after.
                e.preventDefault();
                setFilter(f);
                setPage(1);
              }}
            >
              {L.aiFilters[f]}
            </TabButton>
          ))}
        </Tabs>
      </Toolbar>
      {logs.isError ? <Failed role="alert">{M.loadAiLogsFailed}</Failed> : null}
      <DataTable
        label="AI logs"
        columns={['Type', 'Input', 'Output', 'Confidence', 'Feedback', 'Timestamp']}
        empty={data.logs.length === 0 ? 'No AI interactions logged yet.' : null}
      >
        {data.logs.map((log) => (
          <tr key={log.id} data-testid="ai-log-row">
            <td>
              <Badge $tone="brand">
                {log.type === 'enhancement' ? L.aiFilters.enhancement : L.aiFilters.photo_analysis}
              </Badge>
            </td>
            <td>
              <Stack>
                <span title={log.input.content}>{truncate(log.input.content, AI_LOG_TEXT_MAX)}</span>
                {log.input.context ? <Muted>{truncate(log.input.context, AI_LOG_CONTEXT_MAX)}</Muted> : null}
              </Stack>
            </td>
            <td title={outputText(log)}>{truncate(outputText(log), AI_LOG_TEXT_MAX) || <Muted>—</Muted>}</td>
            <td>{log.confidence === null ? <Muted>—</Muted> : `${Math.round(log.confidence * 100)}%`}</td>
            <td>{feedback(log)}</td>
            <td>{formatDateTime(log.timestamp)}</td>
          </tr>
        ))}
      </DataTable>
      <Pager
        label="AI log pages"
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        hrefFor={(target) => `/admin?tab=ai-logs&filter=${filter}&page=${target}`}
        onPage={setPage}
      />
    </div>
  );
}
