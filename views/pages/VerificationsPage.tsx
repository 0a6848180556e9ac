/**
 * /verifications (docs/decisions/verified-membership.md): the membership verification requests a department verifier (their departments)
 * or a site admin (all) decides, as plain forms — approve, or decline with a reason — and, for site admins, the
 * decided ones (revoke an approval) and the departments' verifiers (grant by e-mail, remove). No island.
 * The admin dashboard's Verification tab shows the same panel. What a form just did (or why it was refused) is a
 * status line at its request or form, which takes the focus (docs/decisions/confirm-in-place.md).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardDescription, CardTitle, EmptyNote } from '../ui/Card';
import { Form, TextArea, TextField } from '../ui/Field';
import { ActionStatus } from '../ui/ActionStatus';
import { LinkToggle } from '../ui/LinkToggle';
import type { ActionNotice, FormState } from '../../src/validation/forms';
import type { DepartmentJson } from '../../src/validation/departments';
import { Island } from '../../src/render/Island';
import type {
  DepartmentVerifierJson,
  VerificationRequestJson,
  MembershipVerificationStatus,
} from '../../src/validation/verification';

export type VerificationsView = 'pending' | 'decided';

/** The places a form's status line goes: a request, the Add verifier form, the list of verifiers. */
export const requestAnchor = (id: number) => `request-${id}`;
export const GRANT_FORM_ID = 'add-verifier';
export const VERIFIERS_ID = 'verifiers';

export interface VerificationsPanelProps {
  view: VerificationsView;
  requests: VerificationRequestJson[];
  /** Site admins only: every department's verifiers. */
  verifiers: DepartmentVerifierJson[] | null;
  /** A refused plain post: which form (`intent`, and the request's id) and its state. */
  failed?: { intent: string; id: number | null; state: FormState } | null;
  /** What a form just did, or why it was refused, shown at its place (`notice.at`). */
  notice?: ActionNotice | null;
  /** Where the forms come back to after a post (the page, or the admin tab). */
  returnTo: string;
  /**
   * The grant form's department search without script (docs/decisions/pending-departments.md): what was typed,
   * what the server found, and the e-mail typed beside it.
   */
  departmentSearch?: { query: string; results: DepartmentJson[]; email: string } | null;
}

const Page = styled.div.withConfig(sc('VerificationsPage'))`
  max-width: 960px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]} ${theme.space[7]};
  display: grid;
  gap: ${theme.space[5]};
  & h1 {
    margin: 0;
    font-size: ${theme.font.size.xxl};
  }
`;

const Panel = styled.div.withConfig(sc('VerificationsPanel'))`
  display: grid;
  gap: ${theme.space[5]};
  min-width: 0;
`;

const Requests = styled.ul.withConfig(sc('VerificationRequests'))`
  list-style: none;
  margin: ${theme.space[4]} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[3]};
`;

const Request = styled.li.withConfig(sc('VerificationRequest'))`
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  padding: ${theme.space[4]};
  display: grid;
  gap: ${theme.space[3]};
  min-width: 0;
  & p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Who = styled.div.withConfig(sc('VerificationWho'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[1]} ${theme.space[3]};
  & strong {
    font-size: ${theme.font.size.lg};
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p.withConfig(sc('VerificationMuted'))`
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

const Buttons = styled.div.withConfig(sc('VerificationButtons'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

const GrantGrid = styled.div.withConfig(sc('VerifierGrantGrid'))`
  display: grid;
  gap: ${theme.space[3]};
  min-width: 0;
  & > button[type='submit']:last-child {
    justify-self: start;
  }
  ${media.tablet} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
    & > button[type='submit']:last-child {
      grid-column: 1 / -1;
    }
  }
`;

const Verifiers = styled.ul.withConfig(sc('VerifierList'))`
  list-style: none;
  margin: ${theme.space[4]} 0 0;
  padding: 0;
  & li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.space[2]};
    padding: ${theme.space[2]} 0;
    border-top: 1px solid ${theme.color.line};
  }
  & li > div {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const STATUS: Record<MembershipVerificationStatus, { tone: 'warn' | 'ok' | 'danger'; text: string }> = {
  pending: { tone: 'warn', text: 'Waiting' },
  approved: { tone: 'ok', text: 'Approved' },
  declined: { tone: 'danger', text: 'Declined' },
  revoked: { tone: 'danger', text: 'Revoked' },
};

const day = (iso: string) => iso.slice(0, 10);

function hidden(fields: Record<string, string | number>) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

function RequestItem({
  request,
  failed,
  notice,
  returnTo,
}: {
  request: VerificationRequestJson;
  failed: VerificationsPanelProps['failed'];
  notice: ActionNotice | null;
  returnTo: string;
}) {
  const mine = failed && failed.id === request.id ? failed.state : null;
  const status = STATUS[request.status];
  const memberLine = [request.member.rank, request.member.email].filter(Boolean).join(' · ');
  const at = requestAnchor(request.id);
  return (
    <Request data-request={request.id} id={at}>
      <Who>
        <strong>
          {request.member.profileId ? (
            <a href={`/profiles/${request.member.profileId}`}>{request.member.name}</a>
          ) : (
            request.member.name
          )}
        </strong>
        <Badge $tone={status.tone}>{status.text}</Badge>
      </Who>
      <p>
        Asks to be verified as a member of <strong>{request.department.name}</strong> ({request.department.city},{' '}
        {request.department.state})
      </p>
      <Muted>
        {memberLine ? `${memberLine} · ` : ''}asked {day(request.requestedAt)}
        {request.decidedAt ? ` · decided ${day(request.decidedAt)}` : ''}
      </Muted>
      {request.reason ? <p>Reason: {request.reason}</p> : null}
      <ActionStatus notice={notice} at={at} />
      {request.can.decide ? (
        <Form action="/verifications" aria-label={`Decide ${request.member.name}'s request`}>
          {hidden({ intent: 'decide', id: request.id, returnTo })}
          <TextArea
            id={`decide-${request.id}-reason`}
            label="Reason (required to decline; sent to the member)"
            name="reason"
            rows={2}
            defaultValue={typeof mine?.values.reason === 'string' ? mine.values.reason : ''}
            error={mine?.errors.reason}
          />
          <Buttons>
            <Button type="submit" name="decision" value="approve">
              Approve
            </Button>
            <Button type="submit" name="decision" value="decline" $variant="secondary">
              Decline
            </Button>
          </Buttons>
        </Form>
      ) : request.cannotDecide ? (
        <Muted role="note">{request.cannotDecide}</Muted>
      ) : null}
      {request.can.revoke ? (
        <Form action="/verifications" aria-label={`Revoke ${request.member.name}'s verification`}>
          {hidden({ intent: 'revoke', id: request.id, returnTo })}
          <TextField
            id={`revoke-${request.id}-reason`}
            label="Reason for revoking (sent to the member)"
            name="reason"
            defaultValue={typeof mine?.values.reason === 'string' ? mine.values.reason : ''}
            error={mine?.errors.reason}
          />
          <Buttons>
            <Button type="submit" $variant="destructive">
              Revoke verification
            </Button>
          </Buttons>
        </Form>
      ) : null}
    </Request>
  );
}

/**
 * A request just decided has left the waiting list: its status line stands where it was, first in the list, so the
 * approval does not simply vanish.
 */
const decidedAway = (requests: VerificationRequestJson[], notice: ActionNotice | null) =>
  notice?.at.startsWith('request-') && !requests.some((r) => requestAnchor(r.id) === notice.at) ? notice : null;

export function VerificationsPanel({
  view,
  requests,
  verifiers,
  failed = null,
  notice = null,
  returnTo,
  departmentSearch = null,
}: VerificationsPanelProps) {
  const grant = failed?.intent === 'grant' ? failed.state : null;
  const typedEmail = typeof grant?.values.email === 'string' ? grant.values.email : (departmentSearch?.email ?? '');
  const base = returnTo.includes('?') ? `${returnTo}&` : `${returnTo}?`;
  const away = decidedAway(requests, notice);
  return (
    <Panel>
      <Card aria-labelledby="verification-requests">
        <CardTitle id="verification-requests">Membership verification requests</CardTitle>
        <CardDescription>
          Approve a member you know serves with the department; decline with a reason they will read.
        </CardDescription>
        <LinkToggle aria-label="Requests shown">
          <a href={`${base}view=pending`} aria-current={view === 'pending' ? 'true' : undefined}>
            Waiting
          </a>
          <a href={`${base}view=decided`} aria-current={view === 'decided' ? 'true' : undefined}>
            Decided
          </a>
        </LinkToggle>
        {requests.length || away ? (
          <Requests aria-label="Requests">
            {away ? (
              <Request id={away.at}>
                <ActionStatus notice={away} at={away.at} />
              </Request>
            ) : null}
            {requests.map((request) => (
              <RequestItem key={request.id} request={request} failed={failed} notice={notice} returnTo={returnTo} />
            ))}
          </Requests>
        ) : null}
        {requests.length ? null : (
          <EmptyNote style={{ marginTop: 16 }}>
            {view === 'pending' ? 'No requests are waiting.' : 'No decisions yet.'}
          </EmptyNote>
        )}
      </Card>
      {verifiers ? (
        <Card aria-labelledby="department-verifiers">
          <CardTitle id="department-verifiers">Department verifiers</CardTitle>
          <CardDescription>
            A verifier decides the requests of one department. Removing one keeps their past decisions.
          </CardDescription>
          <Form action="/verifications" aria-label="Add a verifier" id={GRANT_FORM_ID}>
            {hidden({ intent: 'grant', returnTo })}
            <ActionStatus notice={notice} at={GRANT_FORM_ID} />
            <GrantGrid>
              <TextField
                id="grant-email"
                label="User's e-mail"
                name="email"
                type="email"
                autoComplete="off"
                defaultValue={typedEmail}
                error={grant?.errors.email}
              />
              <Island
                name="DepartmentPicker"
                hydrate="visible"
                props={{
                  label: 'Department',
                  allowCreate: false,
                  error: grant?.errors.departmentId ?? null,
                  // Without script: Find asks /verifications again, which searches (docs/decisions/pending-departments.md).
                  fallback: {
                    findAction: '/verifications',
                    searchName: 'departmentQuery',
                    query: departmentSearch?.query ?? '',
                    results: departmentSearch?.results ?? [],
                  },
                }}
              />
              <Button type="submit">Add verifier</Button>
            </GrantGrid>
          </Form>
          <div id={VERIFIERS_ID}>
            <ActionStatus notice={notice} at={VERIFIERS_ID} />
          </div>
          {verifiers.length ? (
            <Verifiers aria-label="Verifiers by department">
              {verifiers.map((verifier) => (
                <li key={verifier.id} data-verifier={verifier.id}>
                  <div>
                    <strong>{verifier.department.name}</strong> ({verifier.department.city}, {verifier.department.state}
                    ) — {verifier.user.name} · {verifier.user.email}
                  </div>
                  <Form action="/verifications" aria-label={`Remove ${verifier.user.name} as verifier`}>
                    {hidden({ intent: 'remove-verifier', id: verifier.id, returnTo })}
                    <Button type="submit" $variant="ghost">
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </Verifiers>
          ) : (
            <EmptyNote>No department has a verifier yet.</EmptyNote>
          )}
        </Card>
      ) : null}
    </Panel>
  );
}

export function VerificationsPage(props: VerificationsPanelProps) {
  return (
    <Page>
      <h1>Verification requests</h1>
      <VerificationsPanel {...props} />
    </Page>
  );
}
