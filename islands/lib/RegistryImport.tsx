/**
 * The Departments tab's registry import (docs/decisions/pending-departments.md): a plain multipart form posting to
 * /admin/departments/import (the page answers when the import is done), taken over once hydrated: the file goes to
 * the API, which answers at once with the import job, and a progress bar follows the job until it ends.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../views/ui/Button';
import { Card, CardDescription, CardTitle } from '../../views/ui/Card';
import { HelpText } from '../../views/ui/Field';
import { sc } from '../../views/ui/sc';
import { theme } from '../../views/ui/theme';
import {
  DEPARTMENT_ADMIN_LABELS as L,
  DEPARTMENT_ADMIN_MESSAGES as M,
  IMPORT_POLL_MS,
  type DepartmentImportJson,
  type DepartmentTabStatus,
} from '../../src/validation/departmentAdmin';
import { ADMIN_KEYS, adminApi } from './adminApi';
import { serverMessageOr } from './api';

const FileRow = styled.div.withConfig(sc('RegistryImportRow'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[3]};
  & input[type='file'] {
    max-width: 100%;
    font: inherit;
    font-size: ${theme.font.size.sm};
  }
`;

const Bar = styled.progress.withConfig(sc('RegistryImportBar'))`
  width: 100%;
  height: 12px;
  margin-top: ${theme.space[3]};
  accent-color: ${theme.color.brand};
`;

/** "Imported registry.csv: 2 added, …" — the same words as the no-script page's status line. */
export function importSummary(job: DepartmentImportJson): DepartmentTabStatus {
  if (job.status === 'failed' || !job.result) return { tone: 'danger', text: job.error ?? M.importFailed };
  const { added, updated, unchanged, skipped } = job.result;
  return {
    tone: 'ok',
    text: `Imported ${job.fileName ?? 'the registry'}: ${added} added, ${updated} updated, ${unchanged} unchanged, ${skipped} skipped.`,
  };
}

export function RegistryImport({
  latest,
  onStatus,
}: {
  latest: DepartmentImportJson | null;
  onStatus: (status: DepartmentTabStatus) => void;
}) {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<DepartmentImportJson | null>(latest?.status === 'running' ? latest : null);
  const [sending, setSending] = useState(false);
  const running = job?.status === 'running';
  const progress = useQuery({
    queryKey: ['/api/admin/departments/imports', job?.id],
    queryFn: () => adminApi.departmentImport(job!.id),
    enabled: running,
    refetchInterval: IMPORT_POLL_MS,
  });
  const ended = progress.data && progress.data.status !== 'running' ? progress.data : null;
  useEffect(() => {
    if (!ended) return;
    setJob(null);
    onStatus(importSummary(ended));
    void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEYS.pendingDepartments] });
  }, [ended, onStatus, queryClient]);
  const shown = running ? (progress.data ?? job) : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return onStatus({ tone: 'danger', text: M.importFileRequired });
    setSending(true);
    try {
      setJob(await adminApi.importRegistry(form));
    } catch (error) {
      onStatus({ tone: 'danger', text: serverMessageOr(error, M.importFailed) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card aria-labelledby="registry-import-title" data-testid="registry-import">
      <CardTitle id="registry-import-title">{L.importTitle}</CardTitle>
      <CardDescription>{L.importDescription}</CardDescription>
      <form method="post" action="/admin/departments/import" encType="multipart/form-data" onSubmit={submit}>
        <FileRow>
          <input type="file" name="file" accept=".csv,text/csv" aria-label={L.importFile} required />
          <Button type="submit" disabled={sending || running}>
            {sending || running ? L.importing : L.importButton}
          </Button>
        </FileRow>
      </form>
      {shown ? (
        <>
          <Bar max={Math.max(shown.totalRows, 1)} value={shown.doneRows} aria-label="Import progress" />
          <HelpText role="status">
            {shown.doneRows.toLocaleString('en-US')} of {shown.totalRows.toLocaleString('en-US')} rows
          </HelpText>
        </>
      ) : latest && latest.status !== 'running' ? (
        <HelpText>Last import: {importSummary(latest).text}</HelpText>
      ) : null}
    </Card>
  );
}
