/**
 * The Users tab (spec 01 §2): search by name or e-mail and pages, both on the server; per user the name and
 * e-mail, department, role and active badges, joined date, an active switch, a role select, Edit and View
 * profile, Blacklist email, and Delete with confirmation. Every change refreshes the list and the stat cards.
 * The server decides what is allowed (src/policies/admin.ts) and sends it with each user (`can`): a control
 * the viewer may not use is disabled, and the island never works a rule out for itself. Every control is a real
 * form posting to /admin before the island has loaded (src/pages/adminForms.tsx); what was done is a status line
 * under the user's row, or above the list for a deleted user (docs/decisions/confirm-in-place.md).
 */
import { useState, type FormEvent } from 'react';
import { useId } from '../views/ui/useId';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { styled } from 'styled-components';
import { sc } from '../views/ui/sc';
import { Badge } from '../views/ui/Badge';
import { Input } from '../views/ui/Field';
import {
  ADMIN_LABELS,
  ADMIN_MESSAGES as M,
  ADMIN_PLACES,
  ROLE_LABELS,
  ROLE_VALUES,
  type AdminUserJson,
  type AdminUsersPageJson,
} from '../src/validation/admin';
import type { Role } from '../src/validation/auth';
import { ADMIN_KEYS, adminApi } from './lib/adminApi';
import { useApiMutation } from './lib/useApiMutation';
import type { ActionNotice } from '../src/validation/forms';
import { useNotice } from './lib/useNotice';
import { ActionStatus, StatusRow } from '../views/ui/ActionStatus';
import { ConfirmForm, RowForm } from '../views/ui/ActionForms';
import { DataTable, Muted, Row, SmallButton, Stack, Toolbar } from '../views/ui/DataTable';
import { InlineSelect, Switch } from '../views/ui/Switch';
import { Pager } from '../views/ui/Pager';
import { formatDate } from '../views/ui/format';
import { useTypedValue } from '../views/ui/typedBeforeHydration';
import { theme } from '../views/ui/theme';

export interface AdminUsersProps {
  initialPage: AdminUsersPageJson;
  initialQuery: string;
  /** What a plain post just did (or why it was refused). */
  initialNotice?: ActionNotice | null;
}

const COLUMNS = ['User', 'Department', 'Role', 'Status', 'Joined', 'Active', 'Change role', 'Actions'];

const Search = styled.form.withConfig(sc('AdminUserSearch'))`
  display: flex;
  gap: ${theme.space[2]};
  flex: 1 1 280px;
  max-width: 480px;
`;

const usersHref = (q: string, page: number) =>
  `/admin?tab=users${q ? `&q=${encodeURIComponent(q)}` : ''}${page > 1 ? `&page=${page}` : ''}`;

export default function AdminUsers({ initialPage, initialQuery, initialNotice }: AdminUsersProps) {
  const { notice, show } = useNotice(initialNotice);
  const searchId = `${useId()}-q`;
  const [text, setText] = useState(initialQuery);
  useTypedValue(searchId, setText);
  const [q, setQ] = useState(initialQuery);
  const [page, setPage] = useState(initialPage.page);
  const isInitial = q === initialQuery && page === initialPage.page;
  const users = useQuery({
    queryKey: ADMIN_KEYS.users(q, page),
    queryFn: () => adminApi.users(q, page),
    initialData: isInitial ? initialPage : undefined,
    placeholderData: keepPreviousData,
  });
  const data = users.data ?? initialPage;
  const invalidate = [ADMIN_KEYS.usersAll, ADMIN_KEYS.stats];

  const role = useApiMutation({
    request: ({ user, next }: { user: AdminUserJson; next: Role }) => adminApi.setRole(user.id, next),
    invalidate,
    fallbackMessage: M.updateRoleFailed,
    errorTitle: M.updateRoleFailed,
    onSuccess: (user) =>
      show({
        at: ADMIN_PLACES.userRow(user.id),
        message: `Role updated — ${user.name} is now ${ROLE_LABELS[user.role]}`,
      }),
  });
  const status = useApiMutation({
    request: ({ user, next }: { user: AdminUserJson; next: boolean }) => adminApi.setStatus(user.id, next),
    invalidate,
    fallbackMessage: M.updateStatusFailed,
    errorTitle: M.updateStatusFailed,
    onSuccess: (user) =>
      show({
        at: ADMIN_PLACES.userRow(user.id),
        message: `Status updated — ${user.name} is now ${user.isActive ? 'active' : 'inactive'}`,
      }),
  });
  const remove = useApiMutation({
    request: (user: AdminUserJson) => adminApi.deleteUser(user.id),
    invalidate,
    fallbackMessage: M.deleteUserFailed,
    errorTitle: M.deleteUserFailed,
    onSuccess: (_none, user) =>
      show({ at: ADMIN_PLACES.users, message: `User deleted — ${user.name} and all their data were removed` }),
  });
  const blacklist = useApiMutation({
    request: (user: AdminUserJson) =>
      adminApi.addToBlacklist({ type: 'email', value: user.email, reason: M.blacklistedByAdmin }),
    invalidate: [ADMIN_KEYS.blacklist],
    fallbackMessage: M.addBlacklistFailed,
    errorTitle: M.addBlacklistFailed,
    onSuccess: (entry, user) =>
      show({
        at: ADMIN_PLACES.userRow(user.id),
        message: `Added to blacklist — ${entry.value} can no longer register`,
      }),
  });
  const busy = role.isPending || status.isPending || remove.isPending || blacklist.isPending;

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
    setPage(1);
  };
  // Super Admin is offered when the server says the viewer may grant it (and shown when it is the user's role).
  const roleOptions = (user: AdminUserJson) =>
    ROLE_VALUES.filter((r) => r !== 'super_admin' || user.can.promoteToSuperAdmin || user.role === 'super_admin');

  return (
    <div data-testid="admin-users">
      <Toolbar>
        <h2>{ADMIN_LABELS.tabs.users}</h2>
        <Search role="search" method="get" action="/admin" onSubmit={search}>
          <input type="hidden" name="tab" value="users" />
          <Input
            id={searchId}
            type="search"
            name="q"
            aria-label="Search users by name or email"
            placeholder="Search by name or email"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <SmallButton type="submit" $variant="secondary">
            Search
          </SmallButton>
        </Search>
      </Toolbar>
      <div id={ADMIN_PLACES.users}>
        <ActionStatus notice={notice} at={ADMIN_PLACES.users} />
      </div>
      <DataTable
        label="Users"
        busy={users.isFetching}
        columns={COLUMNS}
        empty={data.users.length === 0 ? (q ? `No users match “${q}”.` : 'No users yet.') : null}
      >
        {data.users.map((user) => {
          const place = { id: user.id, q, page: data.page };
          return [
            <tr key={user.id} id={ADMIN_PLACES.userRow(user.id)} data-testid="admin-user-row" data-email={user.email}>
              <td>
                <Stack>
                  <strong>
                    <a href={`/admin/users/${user.id}`}>{user.name || user.email}</a>
                  </strong>
                  <Muted>{user.email}</Muted>
                </Stack>
              </td>
              <td>{user.department ?? <Muted>—</Muted>}</td>
              <td>
                <Badge $tone={user.role === 'user' ? 'neutral' : 'brand'}>{ROLE_LABELS[user.role]}</Badge>
              </td>
              <td>
                <Badge $tone={user.isActive ? 'ok' : 'danger'}>
                  {user.isActive ? ADMIN_LABELS.active : ADMIN_LABELS.inactive}
                </Badge>
              </td>
              <td>{formatDate(user.createdAt)}</td>
              <td>
                <RowForm
                  action="/admin"
                  fields={{ intent: 'user-status', ...place, isActive: String(!user.isActive) }}
                  onSubmit={() => status.mutate({ user, next: !user.isActive })}
                >
                  <Switch
                    checked={user.isActive}
                    label={`Active: ${user.name}`}
                    disabled={!user.can.changeStatus || busy}
                  />
                </RowForm>
              </td>
              <td>
                <RowForm
                  action="/admin"
                  fields={{ intent: 'user-role', ...place }}
                  onSubmit={(form) => role.mutate({ user, next: new FormData(form).get('role') as Role })}
                >
                  <InlineSelect
                    key={user.role}
                    name="role"
                    aria-label={`Role for ${user.name}`}
                    defaultValue={user.role}
                    disabled={!user.can.changeRole || busy}
                  >
                    {roleOptions(user).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </InlineSelect>
                  <SmallButton
                    type="submit"
                    $variant="secondary"
                    disabled={!user.can.changeRole || busy}
                    aria-label={`Save role for ${user.name}`}
                  >
                    Save
                  </SmallButton>
                </RowForm>
              </td>
              <td>
                <Row>
                  {user.profileId ? (
                    <>
                      <SmallButton as="a" $variant="secondary" href={`/profiles/${user.profileId}?edit=1`}>
                        Edit
                      </SmallButton>
                      <SmallButton
                        as="a"
                        $variant="secondary"
                        href={`/profiles/${user.profileId}/public`}
                        target="_blank"
                        rel="noopener"
                      >
                        View profile
                      </SmallButton>
                    </>
                  ) : (
                    <Muted>No profile</Muted>
                  )}
                  <RowForm
                    action="/admin"
                    fields={{
                      intent: 'user-blacklist',
                      ...place,
                      type: 'email',
                      value: user.email,
                      reason: M.blacklistedByAdmin,
                    }}
                    onSubmit={() => blacklist.mutate(user)}
                  >
                    <SmallButton
                      type="submit"
                      $variant="secondary"
                      disabled={!user.can.blacklistEmail || busy}
                      aria-label={`Blacklist email ${user.email}`}
                    >
                      Blacklist email
                    </SmallButton>
                  </RowForm>
                  <ConfirmForm
                    label="Delete"
                    ariaLabel={`Delete ${user.name}`}
                    title={`Delete ${user.name}?`}
                    description="This permanently removes the account and all associated data: profile, every list, photos, departments and sessions. It cannot be undone."
                    confirmLabel="Delete user"
                    action="/admin"
                    fields={{ intent: 'user-delete', ...place }}
                    disabled={!user.can.delete || busy}
                    onSubmit={() => remove.mutate(user)}
                  />
                </Row>
              </td>
            </tr>,
            <StatusRow
              key={`${user.id}-status`}
              notice={notice}
              at={ADMIN_PLACES.userRow(user.id)}
              columns={COLUMNS.length}
            />,
          ];
        })}
      </DataTable>
      <Pager
        label="Users pages"
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        hrefFor={(target) => usersHref(q, target)}
        onPage={setPage}
      />
    </div>
  );
}
