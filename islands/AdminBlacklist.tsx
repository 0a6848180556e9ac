/**
 * The Blacklist tab (spec 01 §§2, 5): type, value, reason, added date and active flag of each entry, removal
 * with confirmation, and the Add form (type email or domain; the value is lower-cased and required). Every
 * control is a real form posting to /admin before the island has loaded (src/pages/adminForms.tsx); what was
 * done is a status line at the entry's row, or above the list for a removed one (docs/decisions/confirm-in-place.md).
 */
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../views/ui/Badge';
import { Form, FormAlert, Select, SubmitButton, TextField } from '../views/ui/Field';
import {
  ADMIN_LABELS as L,
  ADMIN_MESSAGES as M,
  ADMIN_PLACES,
  blacklistCreateSchema,
  type BlacklistEntryJson,
} from '../src/validation/admin';
import type { ActionNotice, FormState } from '../src/validation/forms';
import { ADMIN_KEYS, adminApi } from './lib/adminApi';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { useNotice } from './lib/useNotice';
import { DataTable, Muted, Row, Toolbar } from '../views/ui/DataTable';
import { ActionStatus, StatusRow } from '../views/ui/ActionStatus';
import { ConfirmForm, FormOpener, HiddenFields } from '../views/ui/ActionForms';
import { formatDate } from '../views/ui/format';
import { useDisclosure } from './lib/useDisclosure';

const TYPE_LABELS = { email: 'Email', domain: 'Domain' } as const;
const COLUMNS = ['Type', 'Value', 'Reason', 'Added', 'Status', 'Actions'];
const EMPTY_ENTRY = { type: 'email' as const, value: '', reason: null };

export interface AdminBlacklistProps {
  initialEntries: BlacklistEntryJson[];
  /** What a plain post just did (or why it was refused). */
  initialNotice?: ActionNotice | null;
  /** The Add form's refused plain post: it comes back open with its values and messages. */
  form?: FormState | null;
}

function AddEntry({
  state,
  notice,
  onAdded,
}: {
  state: FormState | null;
  notice: ActionNotice | null;
  onAdded: (entry: BlacklistEntryJson) => void;
}) {
  // The refused post's message is the status line; its fields' messages stay beside them.
  const form = useForm(blacklistCreateSchema, EMPTY_ENTRY, { state: state ? { ...state, error: null } : null });
  const { setOpen, details } = useDisclosure(Boolean(state));
  const add = useApiMutation({
    request: adminApi.addToBlacklist,
    invalidate: [ADMIN_KEYS.blacklist],
    fallbackMessage: M.addBlacklistFailed,
    errorTitle: M.addBlacklistFailed,
    form,
    onSuccess: (entry) => {
      form.setValues(EMPTY_ENTRY);
      setOpen(false);
      onAdded(entry);
    },
  });
  return (
    <FormOpener
      id={ADMIN_PLACES.addToBlacklist}
      label="Add"
      title="Add to blacklist"
      description="Blocked addresses and domains cannot register. Existing accounts are not changed."
      details={details}
    >
      <Form action="/admin" onSubmit={form.handleSubmit((values) => add.mutate(values))}>
        <HiddenFields fields={{ intent: 'blacklist-add' }} />
        <ActionStatus notice={notice} at={ADMIN_PLACES.addToBlacklist} />
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
        <Row>
          <SubmitButton pending={add.isPending} label="Add" busyLabel="Adding…" />
        </Row>
      </Form>
    </FormOpener>
  );
}

export default function AdminBlacklist({ initialEntries, initialNotice, form }: AdminBlacklistProps) {
  const { notice, show } = useNotice(initialNotice);
  const entries = useQuery({
    queryKey: ADMIN_KEYS.blacklist,
    queryFn: adminApi.blacklist,
    initialData: initialEntries,
  }).data;
  const remove = useApiMutation({
    request: (entry: BlacklistEntryJson) => adminApi.removeFromBlacklist(entry.id),
    invalidate: [ADMIN_KEYS.blacklist],
    fallbackMessage: M.removeBlacklistFailed,
    errorTitle: M.removeBlacklistFailed,
    onSuccess: (_none, entry) =>
      show({ at: ADMIN_PLACES.blacklist, message: `Removed — ${entry.value} may register again` }),
  });
  return (
    <div data-testid="admin-blacklist">
      <Toolbar>
        <h2>{L.tabs.blacklist}</h2>
        <AddEntry
          state={form ?? null}
          notice={notice}
          onAdded={(entry) =>
            show({ at: ADMIN_PLACES.blacklistRow(entry.id), message: `Added — ${entry.value} can no longer register` })
          }
        />
      </Toolbar>
      <div id={ADMIN_PLACES.blacklist}>
        <ActionStatus notice={notice} at={ADMIN_PLACES.blacklist} />
      </div>
      <DataTable label="Blacklist" columns={COLUMNS} empty={entries.length === 0 ? 'The blacklist is empty.' : null}>
        {entries.map((entry) => [
          <tr
            key={entry.id}
            id={ADMIN_PLACES.blacklistRow(entry.id)}
            data-testid="blacklist-row"
            data-value={entry.value}
          >
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
              <ConfirmForm
                label="Remove"
                ariaLabel={`Remove ${entry.value}`}
                title={`Remove ${entry.value} from the blacklist?`}
                description="They will be able to register again."
                confirmLabel="Remove"
                action="/admin"
                fields={{ intent: 'blacklist-remove', id: entry.id }}
                disabled={remove.isPending}
                onSubmit={() => remove.mutate(entry)}
              />
            </td>
          </tr>,
          <StatusRow
            key={`${entry.id}-status`}
            notice={notice}
            at={ADMIN_PLACES.blacklistRow(entry.id)}
            columns={COLUMNS.length}
          />,
        ])}
      </DataTable>
    </div>
  );
}
