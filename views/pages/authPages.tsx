/**
 * The sign-in, registration and password-reset pages (spec 01 §2): server forms, with no script. Each posts to
 * its page's route (src/pages/auth.tsx, formAction), which redirects on success or answers this page again with
 * `form` (the submitted values and the spec's messages). Native constraints (`required`, `minLength`,
 * `type=email`, `autoComplete`) give the instant hints (the kit's input turns red once a field left is invalid);
 * the form keeps `noValidate`, so a post always reaches the server and the messages are the spec's.
 */
import { styled } from 'styled-components';
import { MESSAGES, PASSWORD_MIN, NAME_MIN } from '../../src/validation/auth';
import type { FormState, FormValue } from '../../src/validation/forms';
import { ButtonLink } from '../ui/Button';
import { Checkbox, EmailField, FieldGroup, Form, FormAlert, SubmitButton, TextField } from '../ui/Field';
import { formatDateTime } from '../ui/format';
import type { PasskeyJson } from '../../src/validation/twoFactor';
import { sc } from '../ui/sc';
import { AuthCardPage, AuthFooter, Notice } from './AuthCardPage';
import { Island } from '../../src/render/Island';
import { theme } from '../ui/theme';

/** What a field shows after a failed post: the value sent back (never a password) and its message. */
function fieldOf(form: FormState | null, name: string, formId: string) {
  const value: FormValue | undefined = form?.values[name];
  return {
    id: `${formId}-${name}`,
    name,
    defaultValue: typeof value === 'string' ? value : '',
    error: form?.errors[name],
  };
}

/** "or" between the password form and the passkey way in. */
const Or = styled.div.withConfig(sc('PasskeyOr'))`
  display: grid;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[4]};
  p {
    margin: 0;
    text-align: center;
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

export function LoginPage({
  productName,
  form = null,
  notice = null,
}: {
  productName: string;
  form?: FormState | null;
  /** A confirmation after a redirect here (e.g. the password was reset). */
  notice?: string | null;
}) {
  return (
    <AuthCardPage title="Sign in" intro={`Welcome back to ${productName}.`}>
      {notice ? <Notice role="status">{notice}</Notice> : null}
      <Form action="/login">
        <FormAlert error={form?.error} />
        <EmailField required {...fieldOf(form, 'email', 'login')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          minLength={PASSWORD_MIN}
          {...fieldOf(form, 'password', 'login')}
        />
        <SubmitButton block pending={false} label="Sign In" busyLabel="Signing in…" />
      </Form>
      {/* docs/decisions/passkeys.md: passkeys need script, so they have a page of their own and this one ships none (docs/decisions/script-only-where-needed.md). */}
      <Or>
        <p>or</p>
        <ButtonLink href="/login/passkey" $variant="secondary" $block>
          Sign In with a Passkey
        </ButtonLink>
      </Or>
      <AuthFooter>
        <a href="/forgot-password">Forgot your password?</a>
        <span>
          Don’t have an account? <a href="/register">Create one here</a>
        </span>
        <a href="/">Back to Profiles</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

/**
 * /login/passkey (docs/decisions/passkeys.md): username-less sign-in with a discoverable passkey. The ceremony needs script, so it
 * lives here rather than on /login; the island says so when the browser cannot do it.
 */
export function PasskeySignInPage() {
  return (
    <AuthCardPage title="Sign in with a passkey" intro="Use the passkey saved on this device or your phone.">
      <Island name="PasskeySignIn" props={{}} />
      <noscript>
        <Notice>Signing in with a passkey needs JavaScript. Turn it on, or sign in with your password.</Notice>
      </noscript>
      <AuthFooter>
        <a href="/login">Sign in with your password</a>
        <a href="/">Back to Profiles</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

export function RegisterPage({
  productName,
  accessRequestEmail,
  form = null,
}: {
  productName: string;
  accessRequestEmail: string | null;
  form?: FormState | null;
}) {
  return (
    <AuthCardPage title="Join Beta" intro={`Create your ${productName} account and start your bio.`}>
      <Notice>
        {productName} is in closed beta and needs an invite code.
        {/* Without a configured address (ACCESS_REQUEST_EMAIL, else ADMIN_EMAIL) there is no one to e-mail. */}
        {accessRequestEmail ? (
          <>
            {' '}
            To request access, e-mail{' '}
            <a href={`mailto:${accessRequestEmail}?subject=${encodeURIComponent(`${productName} beta access`)}`}>
              {accessRequestEmail}
            </a>
            .
          </>
        ) : null}
      </Notice>
      <Form action="/register">
        <FormAlert error={form?.error} />
        <TextField
          label="Full Name"
          autoComplete="name"
          placeholder="Jordan Rivera"
          required
          minLength={NAME_MIN}
          {...fieldOf(form, 'name', 'register')}
        />
        <EmailField required {...fieldOf(form, 'email', 'register')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          help="At least 6 characters."
          required
          minLength={PASSWORD_MIN}
          {...fieldOf(form, 'password', 'register')}
        />
        {/* Shown in capitals as typed (spec 01 §2); the server upper-cases what it stores. */}
        <TextField
          label="Beta Invite Code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD2345"
          required
          style={{ textTransform: 'uppercase', letterSpacing: '0.08em' }}
          {...fieldOf(form, 'inviteCode', 'register')}
        />
        <SubmitButton block pending={false} label="Join Beta" busyLabel="Creating your account…" />
      </Form>
      <AuthFooter>
        <span>
          Already have an account? <a href="/login">Sign in</a>
        </span>
      </AuthFooter>
    </AuthCardPage>
  );
}

const Panel = styled.div.withConfig(sc('CheckEmailPanel'))`
  text-align: center;
  h2 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.xl};
  }
  p {
    margin: 0 0 ${theme.space[5]};
    color: ${theme.color.muted};
  }
`;

const Actions = styled.div.withConfig(sc('CheckEmailActions'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
`;

export function ForgotPasswordPage({ form = null, sent = false }: { form?: FormState | null; sent?: boolean }) {
  return (
    <AuthCardPage
      title="Forgot your password?"
      intro="Enter your e-mail and we will send you a link to choose a new one."
    >
      {sent ? (
        // The Check Your Email panel (spec 01 §2); the address stays out of the URL, so it is not repeated here.
        <Panel role="status">
          <h2>Check Your Email</h2>
          <p>
            If an account exists for that address, we sent a link to reset your password. The link works for one hour.
          </p>
          <Actions>
            <ButtonLink href="/forgot-password" $variant="secondary" $block>
              Send Another Email
            </ButtonLink>
            <ButtonLink href="/login" $block>
              Back to Login
            </ButtonLink>
          </Actions>
        </Panel>
      ) : (
        <Form action="/forgot-password">
          <EmailField required {...fieldOf(form, 'email', 'forgot')} />
          <FormAlert error={form?.error} />
          <SubmitButton block pending={false} label="Send Reset Link" busyLabel="Sending…" />
        </Form>
      )}
      <AuthFooter>
        <a href="/login">Back to Login</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

const Toggle = styled.button.withConfig(sc('PasswordToggle'))`
  border: 0;
  background: transparent;
  color: ${theme.color.brand};
  font: inherit;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  padding: 6px 10px;
  cursor: pointer;
`;

/** The form's default button (Enter in a field submits the form, never the show/hide toggle before it). */
const DefaultSubmit = styled.button.withConfig(sc('DefaultSubmit'))`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  border: 0;
  padding: 0;
`;

const Done = styled.div.withConfig(sc('ResetDone'))`
  text-align: center;
  h2 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.xl};
    color: ${theme.color.ok};
  }
  p {
    color: ${theme.color.muted};
  }
`;

/** After a reset (spec 01 §2): the confirmation; the page's refresh takes the person to /login after 3 s. */
export function ResetDonePage() {
  return (
    <AuthCardPage title="Reset your password">
      <Done role="status">
        <h2>Password reset</h2>
        <p>Your password has been changed. Taking you to the sign-in page…</p>
        <ButtonLink href="/login">Back to Login</ButtonLink>
      </Done>
    </AuthCardPage>
  );
}

export const RESET_INTENT = { show: 'show', hide: 'hide' } as const;

/**
 * The reset form. The show/hide toggle (spec 01 §2) is a submit button too: the page comes back with the
 * passwords in text fields (or hidden again) and what was typed kept — this page alone echoes passwords, to
 * the person typing them, on a page that is never stored (Cache-Control: no-store).
 */
export function ResetPasswordPage({
  token,
  form = null,
  visible = false,
  typed = null,
  passkeys = [],
}: {
  token: string | null;
  form?: FormState | null;
  /** The account's passkeys (a live link only), each with whether its "Keep" box starts ticked. */
  passkeys?: ReadonlyArray<PasskeyJson & { keep: boolean }>;
  /** The passwords shown as text (after the toggle). */
  visible?: boolean;
  /** What was typed, sent back after the toggle. */
  typed?: { password: string; confirmPassword: string } | null;
}) {
  if (!token) {
    return (
      <AuthCardPage title="Reset your password">
        <Notice role="alert">{MESSAGES.invalidResetLink}</Notice>
        <ButtonLink href="/forgot-password" $block>
          Request a new link
        </ButtonLink>
      </AuthCardPage>
    );
  }
  const type = visible ? 'text' : 'password';
  const password = (name: 'password' | 'confirmPassword') => ({
    ...fieldOf(form, name, 'reset'),
    ...(typed ? { defaultValue: typed[name] } : {}),
  });
  return (
    <AuthCardPage title="Reset your password" intro="Choose a new password of at least 6 characters.">
      <Form action="/reset-password">
        <DefaultSubmit type="submit" tabIndex={-1} aria-hidden="true">
          Reset Password
        </DefaultSubmit>
        <input type="hidden" name="token" value={token} />
        <TextField
          label="New Password"
          type={type}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          adornment={
            <Toggle
              type="submit"
              name="intent"
              value={visible ? RESET_INTENT.hide : RESET_INTENT.show}
              aria-pressed={visible}
              formNoValidate
            >
              {visible ? 'Hide' : 'Show'}
            </Toggle>
          }
          {...password('password')}
        />
        <TextField
          label="Confirm Password"
          type={type}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          {...password('confirmPassword')}
        />
        {passkeys.length ? <KeepPasskeys passkeys={passkeys} /> : null}
        <FormAlert error={form?.error} />
        <SubmitButton block pending={false} label="Reset Password" busyLabel="Saving…" />
      </Form>
      <AuthFooter>
        <a href="/login">Back to Login</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

/**
 * Which passkeys survive the reset (docs/api.md "Step-up"): each with its name, when and from which device it was
 * added. Ones added in the last 24 hours start unticked, so a passkey slipped in by someone else goes.
 */
function KeepPasskeys({ passkeys }: { passkeys: ReadonlyArray<PasskeyJson & { keep: boolean }> }) {
  return (
    <FieldGroup data-testid="reset-passkeys">
      <legend>Your passkeys</legend>
      <p>
        Resetting signs you out everywhere. Passkeys you leave unticked are removed and can no longer sign in. Passkeys
        added in the last 24 hours start unticked: keep one only if you added it yourself.
      </p>
      <input type="hidden" name="passkeysListed" value="1" />
      {passkeys.map((passkey) => (
        <Checkbox
          key={passkey.id}
          id={`keep-passkey-${passkey.id}`}
          name="keepPasskeyIds"
          value={String(passkey.id)}
          defaultChecked={passkey.keep}
          label={`Keep “${passkey.name}”`}
          help={`Added ${formatDateTime(passkey.createdAt)} from ${passkey.device ?? 'an unknown device'}`}
        />
      ))}
    </FieldGroup>
  );
}
