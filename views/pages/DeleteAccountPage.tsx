/**
 * /account-settings/delete (docs/decisions/account-deletion.md): what deleting removes, then the password (and, when two-factor sign-in
 * is on, a code: `asksSecondFactor`) and a confirmation box. A plain server form.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Button, ButtonLink } from '../ui/Button';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { Checkbox, Form, FormAlert, TextField } from '../ui/Field';
import { SecondFactorField } from '../ui/SecondFactorField';
import type { FormState } from '../../src/validation/forms';
import { theme } from '../ui/theme';

const Page = styled.div.withConfig(sc('DeleteAccountPage'))`
  max-width: 640px;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
`;

const Heading = styled.h1.withConfig(sc('DeleteAccountHeading'))`
  margin: 0 0 ${theme.space[4]};
  font-size: ${theme.font.size.xxl};
`;

const Goes = styled.ul.withConfig(sc('DeleteAccountGoes'))`
  margin: 0 0 ${theme.space[4]};
  padding-left: ${theme.space[5]};
  li {
    margin-bottom: ${theme.space[1]};
  }
`;

const Row = styled.div.withConfig(sc('DeleteAccountRow'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  align-items: center;
`;

export interface DeleteAccountPageProps {
  state?: FormState | null;
  /** Set when the account is the last active super admin: deleting is refused, so the form is not offered. */
  lastSuperAdmin?: string | null;
  /** Where the two-factor feature puts its code field when the user has a second factor enrolled. */
  /** Two-factor sign-in is on: the form asks for a code too. */
  asksSecondFactor?: boolean;
}

export function DeleteAccountPage({
  state = null,
  lastSuperAdmin = null,
  asksSecondFactor = false,
}: DeleteAccountPageProps) {
  return (
    <Page>
      <Heading>Delete My Account</Heading>
      <Card aria-label="What is deleted">
        <CardTitle>This cannot be undone</CardTitle>
        <CardDescription>Deleting your account removes, at once and for good:</CardDescription>
        <Goes>
          <li>your account, your sign-in and every signed-in device;</li>
          <li>your profile, every list on it and your custom profile address (it becomes free for others);</li>
          <li>your photos, including the stored image files;</li>
          <li>your departments, membership verifications, endorsements, expiry reminders and AI assistant history.</li>
        </Goes>
        <CardDescription>
          Want a copy first? Use <a href="/account-settings#data">Export My Data</a> before you delete.
        </CardDescription>
        {lastSuperAdmin ? (
          <FormAlert error={{ title: 'You cannot delete this account', message: lastSuperAdmin }} />
        ) : (
          <Form action="/account-settings/delete">
            <FormAlert error={state?.error} />
            <TextField
              id="delete-password"
              name="password"
              type="password"
              label="Your Password"
              autoComplete="current-password"
              required
              error={state?.errors.password}
            />
            {asksSecondFactor ? (
              <SecondFactorField
                id="delete-second-factor"
                name="secondFactor"
                label="Authentication Code"
                recovery
                error={state?.errors.secondFactor}
              />
            ) : null}
            <Checkbox
              id="delete-confirm"
              name="confirm"
              label="I understand that my account and everything in it will be deleted permanently"
              error={state?.errors.confirm}
            />
            <Row>
              <Button type="submit" $variant="destructive">
                Delete My Account
              </Button>
              <ButtonLink href="/account-settings#data" $variant="secondary">
                Cancel
              </ButtonLink>
            </Row>
          </Form>
        )}
      </Card>
    </Page>
  );
}
