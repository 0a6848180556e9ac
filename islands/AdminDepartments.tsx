/**
 * The Departments tab (spec 01 §§2, 4): pending departments with name, city, state, county, address lines,
 * zip and source (User Added / Official), the Pending Verification badge, Verify and Reject, and the
 * edit-department dialog (name, city, state, county, country) opened by each row's Edit button.
 * Beyond the spec (docs/decisions/pending-departments.md): each pending department with close ones (same state,
 * similar name and city) can be merged into one of them, and the full registry CSV imported by upload. Both are
 * plain forms (src/pages/adminDepartments.tsx) this island takes over; the outcome is one status line above the
 * table.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../views/ui/Badge';
import { Button } from '../views/ui/Button';
import { Dialog } from '../views/ui/Dialog';
import { FieldGrid, Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { ADMIN_LABELS as L, ADMIN_MESSAGES as M, departmentEditSchema } from '../src/validation/admin';
import type { DepartmentJson } from '../src/validation/departments';
import { ADMIN_KEYS, adminApi } from './lib/adminApi';
import { useApiMutation } from './lib/useApiMutation';
import { serverMessageOr } from './lib/api';
import { useForm } from './lib/useForm';
import { DataTable, Muted, Row, SmallButton, Stack, Toolbar } from '../views/ui/DataTable';
import { DialogActions } from '../views/ui/ConfirmButton';
import { InlineProof } from '../views/ui/InlineProof';
import { HelpText } from '../views/ui/Field';
import { sc } from '../views/ui/sc';
import { theme } from '../views/ui/theme';
import { styled } from 'styled-components';
import {
  DEPARTMENT_ADMIN_LABELS as DL,
  DEPARTMENT_ADMIN_MESSAGES as DM,
  type AdminDepartmentsTabJson,
  type DepartmentTabStatus,
} from '../src/validation/departmentAdmin';
import { departmentPlace } from '../src/validation/departments';
import { RegistryImport } from './lib/RegistryImport';

const StatusLine = styled.p.withConfig(sc('AdminDeptStatus'))<{ $tone: DepartmentTabStatus['tone'] }>`
  margin: 0 0 ${theme.space[3]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radius.control};
  border: 1px solid ${(p) => (p.$tone === 'ok' ? theme.color.line : theme.color.danger)};
  color: ${(p) => (p.$tone === 'ok' ? theme.color.ink : theme.color.danger)};
  background: ${theme.color.surface};
  overflow-wrap: anywhere;
`;

const MergeForm = styled.form.withConfig(sc('AdminDeptMerge'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[2]};
  & select {
    max-width: 16rem;
    min-height: 32px;
    font: inherit;
    font-size: ${theme.font.size.sm};
  }
  & fieldset {
    flex-basis: 100%;
  }
`;

const Sections = styled.div.withConfig(sc('AdminDeptSections'))`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[5]};
  min-width: 0;
`;

/** A pending department's merge: a plain form (intent=merge) the island sends through the API once hydrated. */
function MergeControl({
  department,
  candidates,
  refused,
  busy,
  onMerge,
}: {
  department: DepartmentJson;
  candidates: DepartmentJson[];
  refused: AdminDepartmentsTabJson['mergeForm'];
  busy: boolean;
  onMerge: (intoId: number) => void;
}) {
  const state = refused && refused.id === department.id ? refused.state : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onMerge(Number(new FormData(event.currentTarget).get('intoId')));
  };
  return (
    <MergeForm method="post" action="/admin/departments" onSubmit={submit} aria-label={`Merge ${department.name}`}>
      <input type="hidden" name="intent" value="merge" />
      <input type="hidden" name="id" value={department.id} />
      <select name="intoId" aria-label={`${DL.keep} for ${department.name}`} defaultValue={candidates[0]!.id}>
        {candidates.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({departmentPlace(c)}){c.verificationStatus === 'pending' ? ' · pending' : ''} #{c.id}
          </option>
        ))}
      </select>
      <SmallButton type="submit" $variant="secondary" disabled={busy}>
        {DL.merge}
      </SmallButton>
      {state?.error ? <HelpText role="alert">{state.error.message}</HelpText> : null}
      <InlineProof state={state} />
    </MergeForm>
  );
}

const invalidate = [ADMIN_KEYS.pendingDepartments];

function EditDialog({ department, onClose }: { department: DepartmentJson; onClose: () => void }) {
  const form = useForm(departmentEditSchema, {
    name: department.name,
    city: department.city,
    state: department.state,
    county: department.county,
    country: department.country,
  });
  const save = useApiMutation({
    request: (values: typeof form.values) => adminApi.editDepartment(department.id, values),
    invalidate,
    success: (d) => ({ title: 'Department updated', description: `${d.name} was saved.` }),
    fallbackMessage: M.updateDepartmentFailed,
    errorTitle: M.updateDepartmentFailed,
    form,
    onSuccess: onClose,
  });
  return (
    <Dialog open onClose={onClose} title="Edit department" description="Correct the details before verifying.">
      <Form onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <FormAlert error={form.formError} />
        <TextField label="Department name" {...form.text('name')} />
        <FieldGrid>
          <TextField label="City" {...form.text('city')} />
          <TextField label="State" {...form.text('state')} />
          <TextField label="County" {...form.text('county')} />
          <TextField label="Country" {...form.text('country')} />
        </FieldGrid>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pending={save.isPending} label="Save" busyLabel="Saving…" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export default function AdminDepartments({
  initialDepartments,
  mergeCandidates,
  latestImport,
  status: initialStatus,
  mergeForm,
}: AdminDepartmentsTabJson) {
  const [editing, setEditing] = useState<DepartmentJson | null>(null);
  const [status, setStatus] = useState<DepartmentTabStatus | null>(initialStatus);
  const [mergedIds, setMergedIds] = useState<readonly number[]>([]);
  const merge = useApiMutation({
    request: ({ department, intoId }: { department: DepartmentJson; intoId: number }) =>
      adminApi.mergeDepartment(department.id, intoId),
    invalidate,
    fallbackMessage: DM.mergeFailed,
    errorTitle: DM.mergeFailed,
    onSuccess: (merged) => {
      setMergedIds((ids) => [...ids, merged.removedId]);
      setStatus({ tone: 'ok', text: DM.merged(merged.removedName, merged.kept.name) });
    },
    onError: (error) => setStatus({ tone: 'danger', text: serverMessageOr(error, DM.mergeFailed) }),
  });
  const candidatesOf = (department: DepartmentJson) =>
    (mergeCandidates[department.id] ?? []).filter((c) => !mergedIds.includes(c.id));
  const onImportStatus = useCallback((next: DepartmentTabStatus) => setStatus(next), []);
  const departments = useQuery({
    queryKey: ADMIN_KEYS.pendingDepartments,
    queryFn: adminApi.pendingDepartments,
    initialData: initialDepartments,
  }).data;
  const verify = useApiMutation({
    request: ({ department, status }: { department: DepartmentJson; status: 'verified' | 'rejected' }) =>
      adminApi.verifyDepartment(department.id, status),
    invalidate,
    success: (d) => ({
      title: d.verificationStatus === 'verified' ? 'Department verified' : 'Department rejected',
      description:
        d.verificationStatus === 'verified'
          ? `${d.name} is now offered to every member.`
          : `${d.name} will no longer be offered.`,
    }),
    fallbackMessage: M.verifyDepartmentFailed,
    errorTitle: M.verifyDepartmentFailed,
  });
  return (
    <Sections data-testid="admin-departments">
      <div>
        <Toolbar>
          <h2>Pending departments</h2>
        </Toolbar>
        {status ? (
          <StatusLine role="status" $tone={status.tone} data-testid="departments-status">
            {status.text}
          </StatusLine>
        ) : null}
        {editing ? <EditDialog department={editing} onClose={() => setEditing(null)} /> : null}
        <DataTable
          label="Pending departments"
          columns={['Department', 'City', 'State', 'County', 'Address', 'Zip', 'Source', 'Status', 'Actions']}
          empty={departments.length === 0 ? 'No departments are waiting for verification.' : null}
        >
          {departments.map((d) => (
            <tr key={d.id} data-testid="pending-department-row" data-name={d.name}>
              <td>
                <strong>{d.name}</strong>
              </td>
              <td>{d.city}</td>
              <td>{d.state}</td>
              <td>{d.county ?? <Muted>—</Muted>}</td>
              <td>
                {d.address || d.address2 ? (
                  <Stack>
                    {d.address ? <span>{d.address}</span> : null}
                    {d.address2 ? <span>{d.address2}</span> : null}
                  </Stack>
                ) : (
                  <Muted>—</Muted>
                )}
              </td>
              <td>{d.zipCode ?? <Muted>—</Muted>}</td>
              <td>
                <Badge>{d.source === 'user_added' ? L.userAdded : L.official}</Badge>
              </td>
              <td>
                <Badge $tone="warn">{L.pendingVerification}</Badge>
              </td>
              <td>
                <Row>
                  <SmallButton
                    type="button"
                    $variant="secondary"
                    aria-label={`Edit ${d.name}`}
                    onClick={() => setEditing(d)}
                  >
                    Edit
                  </SmallButton>
                  <SmallButton
                    type="button"
                    disabled={verify.isPending}
                    aria-label={`${L.verify} ${d.name}`}
                    onClick={() => verify.mutate({ department: d, status: 'verified' })}
                  >
                    {L.verify}
                  </SmallButton>
                  <SmallButton
                    type="button"
                    $variant="destructive"
                    disabled={verify.isPending}
                    aria-label={`${L.reject} ${d.name}`}
                    onClick={() => verify.mutate({ department: d, status: 'rejected' })}
                  >
                    {L.reject}
                  </SmallButton>
                </Row>
                {candidatesOf(d).length ? (
                  <MergeControl
                    department={d}
                    candidates={candidatesOf(d)}
                    refused={mergeForm}
                    busy={merge.isPending}
                    onMerge={(intoId) => merge.mutate({ department: d, intoId })}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      <RegistryImport latest={latestImport} onStatus={onImportStatus} />
    </Sections>
  );
}
