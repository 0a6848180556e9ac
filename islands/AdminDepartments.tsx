/**
 * The Departments tab (spec 01 §§2, 4): pending departments with name, city, state, county, address lines,
 * zip and source (User Added / Official), the Pending Verification badge, Verify and Reject, and the
 * edit-department dialog (name, city, state, county, country) opened by each row's Edit button.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../views/ui/Badge';
import { Button } from '../views/ui/Button';
import { Dialog } from '../views/ui/Dialog';
import { FieldGrid, Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { ADMIN_LABELS as L, ADMIN_MESSAGES as M, departmentEditSchema } from '../src/validation/admin';
import type { DepartmentJson } from '../src/validation/departments';
import { ADMIN_KEYS, adminApi } from './lib/adminApi';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { DataTable, Muted, Row, SmallButton, Stack, Toolbar } from '../views/ui/DataTable';
import { DialogActions } from '../views/ui/ConfirmButton';

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

export default function AdminDepartments({ initialDepartments }: { initialDepartments: DepartmentJson[] }) {
  const [editing, setEditing] = useState<DepartmentJson | null>(null);
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
    <div data-testid="admin-departments">
      <Toolbar>
        <h2>Pending departments</h2>
      </Toolbar>
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
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
