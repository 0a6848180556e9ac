/**
 * The body of the My Departments card on /account-settings (spec 01 §§2, 7, 8; the page draws the card and
 * its title): the user's departments, primary first, with Primary and "Department not yet verified" marks, adding through the department picker, Set as primary and Remove.
 * Seeded from the server (`initialLinks`, from listUserDepartments) so nothing is fetched on load; after
 * each change the list is fetched again.
 * docs/decisions/verified-membership.md: each link shows its membership verification (requested, verified, declined with the reason) with
 * Request verification, and a verified one the switch to be listed on the department's page. Those two are
 * plain forms posting to /account-settings (intent `verification` / `listing`), so they work before and
 * without script; with script the island sends them to the JSON API instead. A verified one also links its signed
 * credential (Download credential, its public verify page: docs/decisions/verifiable-credentials.md).
 */
import { styled } from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { sc } from '../views/ui/sc';
import { Badge } from '../views/ui/Badge';
import { Button } from '../views/ui/Button';
import { DepartmentSummary } from '../views/ui/DepartmentSummary';
import { departmentsApi, USER_DEPARTMENTS_KEY } from './lib/departmentsApi';
import { useApiMutation } from './lib/useApiMutation';
import { DepartmentPickerField } from './DepartmentPicker';
import { DEPARTMENT_MESSAGES as M, type DepartmentJson, type UserDepartmentJson } from '../src/validation/departments';
import type { FormErrorJson } from '../src/validation/forms';
import { VERIFICATION_MESSAGES as V } from '../src/validation/verification';
import { departmentPath } from '../src/validation/verifiedBadge';
import { MembershipVerificationLine } from '../views/ui/MembershipVerificationLine';
import { theme } from '../views/ui/theme';

export interface MyDepartmentsProps {
  initialLinks: UserDepartmentJson[];
  /** A refused plain post of a verification or listing form (the server's message). */
  formError?: FormErrorJson | null;
}

const Wrap = styled.div.withConfig(sc('MyDeptsWrap'))`
  display: flex;
  flex-direction: column;
`;

const List = styled.ul.withConfig(sc('MyDeptsList'))`
  list-style: none;
  margin: 0 0 ${theme.space[5]};
  padding: 0;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
`;

const Item = styled.li.withConfig(sc('MyDeptsItem'))<{ $primary: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[4]};
  background: ${(p) => (p.$primary ? theme.color.brandTint : theme.color.surface)};
  & + & {
    border-top: 1px solid ${theme.color.line};
  }
  &:first-child {
    border-top-left-radius: ${theme.radius.control};
    border-top-right-radius: ${theme.radius.control};
  }
  &:last-child {
    border-bottom-left-radius: ${theme.radius.control};
    border-bottom-right-radius: ${theme.radius.control};
  }
`;

const ItemText = styled.div.withConfig(sc('MyDeptsItemText'))`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  flex: 1 1 240px;
`;

const Actions = styled.div.withConfig(sc('MyDeptsActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

const InlineForm = styled.form.withConfig(sc('MyDeptsInlineForm')).attrs({ method: 'post', noValidate: true })`
  display: contents;
`;

/** A button whose label may wrap on a phone (it names the department page). */
const WrappingButton = styled(Button).withConfig(sc('MyDeptsWrappingButton'))`
  white-space: normal;
  max-width: 100%;
  min-width: 0;
  text-align: center;
`;

const DepartmentPageLink = styled.a.withConfig(sc('MyDeptsPageLink'))`
  align-self: center;
  color: ${theme.color.brand};
  font-size: ${theme.font.size.sm};
`;

const Empty = styled.p.withConfig(sc('MyDeptsEmpty'))`
  margin: 0 0 ${theme.space[5]};
  padding: ${theme.space[4]};
  border: 1px dashed ${theme.color.line};
  border-radius: ${theme.radius.control};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  text-align: center;
`;

const FetchError = styled.p.withConfig(sc('MyDeptsFetchError'))`
  margin: 0 0 ${theme.space[4]};
  color: ${theme.color.danger};
  font-size: ${theme.font.size.sm};
`;

/** A one-button plain form to /account-settings; with script, `onSubmit` runs instead of the post. */
function ActionForm({
  intent,
  linkId,
  fields = {},
  onSubmit,
  children,
}: {
  intent: 'verification' | 'listing';
  linkId: number;
  fields?: Record<string, string>;
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  return (
    <InlineForm
      action="/account-settings#departments"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="linkId" value={linkId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </InlineForm>
  );
}

export default function MyDepartments({ initialLinks, formError = null }: MyDepartmentsProps) {
  const links = useQuery({
    queryKey: USER_DEPARTMENTS_KEY,
    queryFn: async () => {
      try {
        return await departmentsApi.userLinks();
      } catch {
        throw new Error(M.fetchFailed);
      }
    },
    initialData: initialLinks,
  });
  const list = links.data ?? [];
  // After each change the list is fetched again.
  const invalidate = [USER_DEPARTMENTS_KEY];

  const add = useApiMutation({
    request: (department: DepartmentJson) =>
      departmentsApi.add({ departmentId: department.id, isPrimary: list.length === 0 }),
    invalidate,
    success: { title: M.addedTitle, description: M.addedToProfile },
    fallbackMessage: M.addFailed,
    errorTitle: M.errorTitle,
  });

  const makePrimary = useApiMutation({
    request: (link: UserDepartmentJson) => departmentsApi.patch(link.id, { isPrimary: true }),
    invalidate,
    success: { title: M.primaryTitle, description: M.primaryUpdated },
    fallbackMessage: M.primaryFailed,
    errorTitle: M.errorTitle,
  });

  const remove = useApiMutation({
    request: (link: UserDepartmentJson) => departmentsApi.remove(link.id),
    invalidate,
    success: { title: M.removedTitle, description: M.removed },
    fallbackMessage: M.removeFailed,
    errorTitle: M.errorTitle,
  });

  const requestVerification = useApiMutation({
    request: (link: UserDepartmentJson) => departmentsApi.requestVerification(link.id),
    invalidate,
    success: { title: V.requestTitle, description: V.requested },
    fallbackMessage: V.requestFailed,
    errorTitle: M.errorTitle,
  });

  const setListing = useApiMutation({
    request: ({ link, listed }: { link: UserDepartmentJson; listed: boolean }) =>
      departmentsApi.setListing(link.id, { listed }),
    invalidate,
    success: (saved: UserDepartmentJson) => ({
      title: V.listedTitle,
      description: saved.verification.listed ? V.listedOn : V.listedOff,
    }),
    fallbackMessage: V.listFailed,
    errorTitle: M.errorTitle,
  });

  const busy =
    add.isPending || makePrimary.isPending || remove.isPending || requestVerification.isPending || setListing.isPending;

  return (
    <Wrap data-testid="my-departments">
      {links.isError ? <FetchError role="alert">{M.fetchFailed}</FetchError> : null}
      {formError ? (
        <FetchError role="alert">
          <strong>{formError.title}: </strong>
          {formError.message}
        </FetchError>
      ) : null}
      {list.length === 0 ? (
        <Empty>You haven&apos;t added a department yet. Search for yours below.</Empty>
      ) : (
        <List aria-label="My departments">
          {list.map((link) => (
            <Item key={link.id} $primary={link.isPrimary} data-testid="my-department">
              <ItemText>
                <DepartmentSummary
                  department={link.department}
                  extra={link.isPrimary ? <Badge $tone="brand">{M.primaryBadge}</Badge> : null}
                />
                <MembershipVerificationLine verification={link.verification} />
              </ItemText>
              <Actions>
                {link.verification.canRequest ? (
                  <ActionForm intent="verification" linkId={link.id} onSubmit={() => requestVerification.mutate(link)}>
                    <Button
                      type="submit"
                      $variant="secondary"
                      disabled={busy}
                      aria-label={`Request verification of your membership in ${link.department.name}`}
                    >
                      {link.verification.status ? 'Request again' : 'Request verification'}
                    </Button>
                  </ActionForm>
                ) : null}
                {link.verification.status === 'approved' ? (
                  <>
                    <ActionForm
                      intent="listing"
                      linkId={link.id}
                      fields={{ listed: String(!link.verification.listed) }}
                      onSubmit={() => setListing.mutate({ link, listed: !link.verification.listed })}
                    >
                      <WrappingButton
                        type="submit"
                        $variant="secondary"
                        disabled={busy}
                        aria-pressed={link.verification.listed}
                        aria-label={`Listed on the ${link.department.name} page`}
                      >
                        {link.verification.listed ? 'Listed on department page ✓' : 'List me on department page'}
                      </WrappingButton>
                    </ActionForm>
                    <DepartmentPageLink href={departmentPath(link.department)}>Department page</DepartmentPageLink>
                    {/* docs/decisions/department-readiness.md: what the member shares, with its preview */}
                    <DepartmentPageLink
                      href={`/departments/${link.department.id}/sharing`}
                      aria-label={`Share readiness with ${link.department.name}`}
                    >
                      Share readiness
                    </DepartmentPageLink>
                    {/* The department-signed credential (docs/decisions/verifiable-credentials.md). */}
                    <DepartmentPageLink
                      href={`/account/credentials/${link.id}/credential.json`}
                      download="credential.json"
                      aria-label={`Download your ${link.department.name} credential (credential.json)`}
                    >
                      Download credential
                    </DepartmentPageLink>
                    {/* The printable card with its QR (docs/decisions/wallet-card.md). */}
                    <DepartmentPageLink
                      href={`/account/credentials/${link.id}/card`}
                      aria-label={`Your ${link.department.name} membership card`}
                    >
                      Membership card
                    </DepartmentPageLink>
                    <DepartmentPageLink href={`/account/credentials/${link.id}/verify`}>
                      Credential’s verify page
                    </DepartmentPageLink>
                  </>
                ) : null}
                {!link.isPrimary ? (
                  <Button
                    type="button"
                    $variant="secondary"
                    disabled={busy}
                    aria-label={`Set ${link.department.name} as primary`}
                    onClick={() => makePrimary.mutate(link)}
                  >
                    Set as primary
                  </Button>
                ) : null}
                <Button
                  type="button"
                  $variant="ghost"
                  disabled={busy}
                  aria-label={`Remove ${link.department.name}`}
                  onClick={() => remove.mutate(link)}
                >
                  Remove
                </Button>
              </Actions>
            </Item>
          ))}
        </List>
      )}
      <DepartmentPickerField
        label="Add a department"
        value={null}
        excludeIds={list.map((link) => link.department.id)}
        onChange={(department, change) => {
          if (!department) return;
          // A department created through the picker is already linked (the picker toasted and refreshed).
          if (change?.created) return;
          add.mutate(department);
        }}
      />
    </Wrap>
  );
}
