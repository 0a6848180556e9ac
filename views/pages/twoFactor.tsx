/**
 * Two-factor sign-in and passkeys (docs/decisions/two-factor.md, docs/decisions/passkeys.md, docs/decisions/security-events.md), server-rendered: the second step of sign-in
 * (/login/two-factor), an admin's enrolment at sign-in (/login/enrol), and Account Settings → Security. Every form
 * is a plain post (no script); only "Add a passkey" and "Sign in with a passkey" need script (WebAuthn), as islands.
 */
import { InlineProof } from '../ui/InlineProof';
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import type { FormState } from '../../src/validation/forms';
import type { SecurityJson } from '../../src/validation/twoFactor';
import { Badge } from '../ui/Badge';
import { Button, ButtonLink } from '../ui/Button';
import { EmptyNote } from '../ui/Card';
import { Form, FormAlert, SubmitButton, TextField } from '../ui/Field';
import { SecondFactorField } from '../ui/SecondFactorField';
import { formatDate, formatDateTime } from '../ui/format';
import { sc } from '../ui/sc';
import { AuthCardPage, AuthFooter, Notice } from './AuthCardPage';
import { theme } from '../ui/theme';

export type SecurityIntent =
  'totp-start' | 'totp-confirm' | 'totp-disable' | 'recovery-regenerate' | 'passkey-remove' | 'passkey-added';

/** A code field (views/ui/SecondFactorField.tsx): `recovery` where a recovery code is taken too. */
const CodeField = ({
  id,
  form,
  label,
  recovery,
}: {
  id: string;
  form: FormState | null | undefined;
  label?: string;
  recovery: boolean;
}) => <SecondFactorField id={id} name="code" label={label ?? 'Code'} recovery={recovery} error={form?.errors.code} />;

const Setup = styled.div.withConfig(sc('TotpSetup'))`
  display: grid;
  gap: ${theme.space[3]};
  justify-items: start;
  margin-bottom: ${theme.space[4]};
  img {
    width: 200px;
    height: 200px;
    max-width: 100%;
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.control};
  }
  code {
    font-family: ui-monospace, monospace;
    font-size: ${theme.font.size.sm};
    overflow-wrap: anywhere;
    word-break: break-all;
  }
  p {
    margin: 0;
  }
`;

/** The QR code to scan, and the secret to type where scanning is not possible. */
export function TotpSetup({ qrDataUrl, secret }: { qrDataUrl: string; secret: string }) {
  return (
    <Setup>
      <p>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy, …).</p>
      <img src={qrDataUrl} alt="QR code for your authenticator app" width={200} height={200} />
      <p>
        Can’t scan it? Enter this key: <code data-testid="totp-secret">{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
    </Setup>
  );
}

const Codes = styled.div.withConfig(sc('RecoveryCodes'))`
  margin: 0 0 ${theme.space[4]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.color.warn};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  ol {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(17ch, 1fr));
    gap: ${theme.space[2]} ${theme.space[4]};
    margin: ${theme.space[3]} 0;
    padding: 0;
    list-style-position: inside;
    font-family: ui-monospace, monospace;
  }
  p {
    margin: 0;
  }
`;

/** Shown once, right after enrolment: the ten codes and a text file of them (made in the page, never stored). */
export function RecoveryCodes({ codes, productName }: { codes: string[]; productName: string }) {
  const text = `${productName} recovery codes\nEach code works once. Keep them somewhere safe.\n\n${codes.join('\n')}\n`;
  return (
    <Codes role="status" aria-label="Recovery codes" data-testid="recovery-codes">
      <p>
        <strong>Save your recovery codes now.</strong> Each works once if you lose your authenticator. They will not be
        shown again.
      </p>
      <ol>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <ButtonLink
        $variant="secondary"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        download="recovery-codes.txt"
      >
        Download as .txt
      </ButtonLink>
    </Codes>
  );
}

/** /login/two-factor: the code after the password. */
export function TwoFactorPage({ form = null }: { form?: FormState | null }) {
  return (
    <AuthCardPage title="Two-factor sign-in" intro="Enter the code from your authenticator app.">
      <Form action="/login/two-factor">
        <FormAlert error={form?.error} />
        <CodeField id="two-factor-code" form={form} recovery />
        <SubmitButton block pending={false} label="Verify" busyLabel="Verifying…" />
      </Form>
      <AuthFooter>
        <span>Lost your authenticator? Use one of your recovery codes instead.</span>
        <a href="/login">Cancel and sign in again</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

/** /login/enrol: an admin asked to turn on two-factor before anything else. */
export function EnrolPage({
  setup,
  form = null,
}: {
  setup: { qrDataUrl: string; secret: string };
  form?: FormState | null;
}) {
  return (
    <AuthCardPage title="Set up two-factor sign-in" intro="Your site requires two-factor sign-in for admins.">
      <Notice>Set up an authenticator app to finish signing in.</Notice>
      <TotpSetup {...setup} />
      <Form action="/login/enrol">
        <FormAlert error={form?.error} />
        <CodeField id="enrol-code" form={form} label="First code from the app" recovery={false} />
        <SubmitButton block pending={false} label="Turn On and Continue" busyLabel="Checking…" />
      </Form>
      <AuthFooter>
        <a href="/login">Cancel</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

/** One part of the Security Settings card (Password, Authenticator app, Passkeys, activity), ruled off from the last. */
export const SecurityBlock = styled.div.withConfig(sc('SecurityBlock'))`
  display: grid;
  gap: ${theme.space[3]};
  padding: ${theme.space[4]} 0;
  border-top: 1px solid ${theme.color.line};
  &:first-of-type {
    border-top: 0;
    padding-top: 0;
  }
  h3 {
    margin: 0;
    font-size: ${theme.font.size.lg};
    display: flex;
    gap: ${theme.space[2]};
    align-items: center;
    flex-wrap: wrap;
  }
  p {
    margin: 0;
  }
`;

const Rows = styled.ul.withConfig(sc('SecurityRows'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[2]};
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: ${theme.space[2]};
    padding: ${theme.space[2]} 0;
    border-bottom: 1px solid ${theme.color.line};
  }
  li > span {
    flex: 1 1 14rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

const Actions = styled.div.withConfig(sc('SecurityActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

export interface SecuritySectionProps {
  security: SecurityJson;
  productName: string;
  /** Right after enrolment: the codes, shown this once. */
  recoveryCodes: string[] | null;
  forms: Partial<Record<SecurityIntent, FormState>>;
  /** The "Add a passkey" island. */
  addPasskey: ReactNode;
}

/** Account Settings → Security Settings, after the password: two-factor, passkeys and the recent security events. */
export function SecuritySection({ security, productName, recoveryCodes, forms, addPasskey }: SecuritySectionProps) {
  const { totpEnabled, pending } = security;
  const manage = forms['totp-disable'] ?? forms['recovery-regenerate'];
  return (
    <>
      <SecurityBlock>
        <h3>
          Authenticator app{' '}
          <Badge $tone={totpEnabled ? 'ok' : 'neutral'} data-testid="totp-status">
            {totpEnabled ? 'On' : 'Off'}
          </Badge>
        </h3>
        {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} productName={productName} /> : null}
        {totpEnabled ? (
          <>
            <p>Sign-in asks for a code after your password. Recovery codes left: {security.recoveryCodesLeft} of 10.</p>
            {/* Both changes need the password and a code; the button pressed names the intent (Enter: the first). */}
            <Form action="/account-settings#security" aria-label="Change two-factor sign-in">
              <FormAlert error={manage?.error} />
              <TextField
                id="totp-manage-password"
                name="password"
                type="password"
                label="Current password"
                autoComplete="current-password"
                required
                error={manage?.errors.password}
              />
              <CodeField id="totp-manage-code" form={manage} recovery />
              <Actions>
                <Button type="submit" name="intent" value="recovery-regenerate" $variant="secondary">
                  New Recovery Codes
                </Button>
                <Button type="submit" name="intent" value="totp-disable" $variant="destructive">
                  Turn Off Two-Factor
                </Button>
              </Actions>
            </Form>
          </>
        ) : pending ? (
          <>
            <TotpSetup {...pending} />
            <Form action="/account-settings#security" aria-label="Confirm two-factor sign-in">
              <input type="hidden" name="intent" value="totp-confirm" />
              <FormAlert error={forms['totp-confirm']?.error} />
              <CodeField
                id="totp-confirm-code"
                form={forms['totp-confirm']}
                label="First code from the app"
                recovery={false}
              />
              <InlineProof state={forms['totp-confirm']} />
              <SubmitButton pending={false} label="Turn On Two-Factor" busyLabel="Checking…" />
            </Form>
          </>
        ) : (
          <Form action="/account-settings#security" aria-label="Set up two-factor sign-in">
            <input type="hidden" name="intent" value="totp-start" />
            <FormAlert error={forms['totp-start']?.error} />
            <p>Ask for a code from an authenticator app after your password.</p>
            <InlineProof state={forms['totp-start']} />
            <SubmitButton pending={false} label="Set Up Authenticator App" busyLabel="Starting…" />
          </Form>
        )}
      </SecurityBlock>
      <SecurityBlock>
        <h3>Passkeys</h3>
        <p>Sign in with your fingerprint, face or device PIN instead of a password and code.</p>
        <FormAlert error={forms['passkey-remove']?.error} />
        {security.passkeys.length ? (
          <Rows aria-label="Your passkeys">
            {security.passkeys.map((passkey) => (
              <li key={passkey.id} data-testid="passkey">
                <span>
                  {passkey.name}
                  <small>
                    Added {formatDate(passkey.createdAt)}
                    {passkey.device ? ` from ${passkey.device}` : ''} · Last used{' '}
                    {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
                  </small>
                </span>
                <Form action="/account-settings#security">
                  <input type="hidden" name="intent" value="passkey-remove" />
                  <input type="hidden" name="id" value={passkey.id} />
                  {forms['passkey-remove']?.values.id === String(passkey.id) ? (
                    <InlineProof state={forms['passkey-remove']} />
                  ) : null}
                  <Button type="submit" $variant="secondary" aria-label={`Remove passkey ${passkey.name}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </Rows>
        ) : (
          <EmptyNote>No passkeys yet.</EmptyNote>
        )}
        {addPasskey}
      </SecurityBlock>
      <SecurityBlock>
        <h3>Recent security activity</h3>
        {security.events.length ? (
          <Rows aria-label="Recent security activity" data-testid="security-events">
            {security.events.map((event) => (
              <li key={event.id}>
                <span>{event.label}</span>
                <small>{formatDateTime(event.createdAt)}</small>
              </li>
            ))}
          </Rows>
        ) : (
          <EmptyNote>Nothing yet.</EmptyNote>
        )}
      </SecurityBlock>
    </>
  );
}
