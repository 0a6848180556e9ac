/**
 * /admin/users/:id (docs/decisions/security-events.md): one user's sign-in security as an admin sees it — whether two-factor and
 * passkeys are on, and the account's recent security events (never a secret: the events hold none).
 */
import { styled } from 'styled-components';
import type { Role } from '../../src/validation/auth';
import type { SecurityEventJson } from '../../src/validation/twoFactor';
import { Badge } from '../ui/Badge';
import { Card, CardDescription, CardTitle, EmptyNote } from '../ui/Card';
import { formatDateTime } from '../ui/format';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { ROLE_LABELS } from './AccountSettingsPage';

const Page = styled.div.withConfig(sc('AdminUserDetail'))`
  max-width: 880px;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
  display: grid;
  gap: ${theme.space[4]};
  ${media.tablet} {
    padding: ${theme.space[6]} ${theme.space[5]};
  }
  h1 {
    margin: 0;
    font-size: ${theme.font.size.xxl};
    overflow-wrap: anywhere;
  }
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: ${theme.space[2]} ${theme.space[4]};
    margin: 0;
  }
  dt {
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Events = styled.ul.withConfig(sc('AdminUserEvents'))`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${theme.space[2]};
    padding: ${theme.space[2]} 0;
    border-bottom: 1px solid ${theme.color.line};
  }
  small {
    color: ${theme.color.muted};
  }
`;

export interface AdminUserDetailProps {
  user: { id: number; name: string; email: string; role: Role; isActive: boolean };
  totpEnabled: boolean;
  passkeyCount: number;
  events: SecurityEventJson[];
}

export function AdminUserDetailPage({ user, totpEnabled, passkeyCount, events }: AdminUserDetailProps) {
  return (
    <Page>
      <a href="/admin?tab=users">Back to users</a>
      <h1>{user.name || user.email}</h1>
      <Card aria-label="Account">
        <CardTitle>Account</CardTitle>
        <dl>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
          <dt>Status</dt>
          <dd>{user.isActive ? 'Active' : 'Inactive'}</dd>
          <dt>Two-factor</dt>
          <dd>
            <Badge $tone={totpEnabled ? 'ok' : 'neutral'}>{totpEnabled ? 'On' : 'Off'}</Badge>
          </dd>
          <dt>Passkeys</dt>
          <dd>{passkeyCount}</dd>
        </dl>
      </Card>
      <Card aria-label="Security events">
        <CardTitle>Security events</CardTitle>
        <CardDescription>The newest 50: sign-in changes, recovery codes used, passkeys, exports.</CardDescription>
        {events.length ? (
          <Events data-testid="admin-security-events">
            {events.map((event) => (
              <li key={event.id}>
                <span>{event.label}</span>
                <small>{formatDateTime(event.createdAt)}</small>
              </li>
            ))}
          </Events>
        ) : (
          <EmptyNote>No security events yet.</EmptyNote>
        )}
      </Card>
    </Page>
  );
}
