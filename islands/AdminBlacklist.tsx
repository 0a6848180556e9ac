/**
 * The Blacklist tab (spec 01 §§2, 5): type, value, reason, added date and active flag of each entry, removal
 * with confirmation, and the Add dialog (type email or domain; the value is lower-cased and required).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../views/ui/Badge';
import { Button } from '../views/ui/Button';
import { Dialog } from '../views/ui/Dialog';
import { Form, FormAlert, Select, SubmitButton, TextField } from '../views/ui/Field';
import {
  ADMIN_LABELS as L,
  ADMIN_MESSAGES as M,
  blacklistCreateSchema,
  type BlacklistEntryJson,
} from '../src/validation/admin';
import { ADMIN_KEYS, adminApi } from './lib/adminApi';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { ConfirmButton, DialogActions } from '../views/ui/ConfirmButton';
import { DataTable, Muted, Toolbar } from '../views/ui/DataTable';
import { formatDate } from '../views/ui/format';

const TYPE_LABELS = { email: 'Email', domain: 'Domain' } as const;

function AddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const initial = { type: 'email' as const, value: '', reason: null };
  const form = useForm(blacklistCreateSchema, initial);
  const add = useApiMutation({
    request: adminApi.addToBlacklist,
    invalidate: [ADMIN_KEYS.blacklist],
    success: (entry) => ({ title: 'Added to blacklist', description: `${entry.value} can no longer register.` }),
    fallbackMessage: M.addBlacklistFailed,
    errorTitle: M.addBlacklistFailed,
    form,
    onSuccess: () => {
      form.setValues(initial);
      onClose();
    },
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add to blacklist"
      description="Blocked addresses and domains cannot register. Existing accounts are not changed."
    >
      <Form onSubmit={form.handleSubmit((values) => add.mutate(values))}>
        <FormAlert error={form.formError} />
        <Select
          label="Type"
          options={[
            { value: 'email', label: TYPE_LABELS.email },
            { value: 'domain', label: TYPE_LABELS.domain },
          ]}
          {...form.select('type')}
        />
        <TextField
          label="Value"
          autoComplete="off"
          placeholder={form.values.type === 'domain' ? 'example.com' : 'name@example.com'}
          {...form.text('value')}
          value={String(form.values.value ?? '').toLowerCase()}
        />
        <TextField label="Reason" autoComplete="off" {...form.text('reason')} />
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pending={add.isPending} label="Add" busyLabel="Adding…" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export default function AdminBlacklist({ initialEntries }: { initialEntries: BlacklistEntryJson[] }) {
  const [adding, setAdding] = useState(false);
  const entries = useQuery({
    queryKey: ADMIN_KEYS.blacklist,
    queryFn: adminApi.blacklist,
    initialData: initialEntries,
  }).data;
  const remove = useApiMutation({
    request: (entry: BlacklistEntryJson) => adminApi.removeFromBlacklist(entry.id),
    invalidate: [ADMIN_KEYS.blacklist],
    success: (_none, entry) => ({ title: 'Removed from blacklist', description: `${entry.value} may register again.` }),
    fallbackMessage: M.removeBlacklistFailed,
    errorTitle: M.removeBlacklistFailed,
  });
  return (
    <div data-testid="admin-blacklist">
      <Toolbar>
        <h2>{L.tabs.blacklist}</h2>
        <Button type="button" onClick={() => setAdding(true)}>
          Add
        </Button>
      </Toolbar>
      <AddDialog open={adding} onClose={() => setAdding(false)} />
      <DataTable
        label="Blacklist"
        columns={['Type', 'Value', 'Reason', 'Added', 'Status', 'Actions']}
        empty={entries.length === 0 ? 'The blacklist is empty.' : null}
      >
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="blacklist-row" data-value={entry.value}>
            <td>
              <Badge>{TYPE_LABELS[entry.type]}</Badge>
            </td>
            <td>{entry.value}</td>
            <td>{entry.reason ?? <Muted>—</Muted>}</td>
            <td>{formatDate(entry.createdAt)}</td>
            <td>
              <Badge $tone={entry.isActive ? 'ok' : 'neutral'}>{entry.isActive ? L.active : L.inactive}</Badge>
            </td>
            <td>
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove ${entry.value}`}
                title={`Remove ${entry.value} from the blacklist?`}
                description="They will be able to register again."
                confirmLabel="Remove"
                disabled={remove.isPending}
                onConfirm={() => remove.mutate(entry)}
              />
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
