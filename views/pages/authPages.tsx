/**
 * The sign-in, registration and password-reset pages (spec 01 §2). Each form is an island that is also a plain
 * form posting to this page's route; after a failed post the page comes back with `form` (the submitted values
 * and messages), which the island receives as its `state` prop.
 */
import { Island } from '../../src/render/Island';
import { MESSAGES } from '../../src/validation/auth';
import type { FormState } from '../../src/validation/forms';
import { ButtonLink } from '../ui/Button';
import { AuthCardPage, AuthFooter, Notice } from './AuthCardPage';

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
      <Island name="LoginForm" props={{ state: form }} />
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
      <Island name="RegisterForm" props={{ state: form }} />
      <AuthFooter>
        <span>
          Already have an account? <a href="/login">Sign in</a>
        </span>
      </AuthFooter>
    </AuthCardPage>
  );
}

export function ForgotPasswordPage({ form = null, sent = false }: { form?: FormState | null; sent?: boolean }) {
  return (
    <AuthCardPage
      title="Forgot your password?"
      intro="Enter your e-mail and we will send you a link to choose a new one."
    >
      <Island name="ForgotPasswordForm" props={{ state: form, sent }} />
      <AuthFooter>
        <a href="/login">Back to Login</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

export function ResetPasswordPage({ token, form = null }: { token: string | null; form?: FormState | null }) {
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
  return (
    <AuthCardPage title="Reset your password" intro="Choose a new password of at least 6 characters.">
      <Island name="ResetPasswordForm" props={{ token, state: form }} />
      <AuthFooter>
        <a href="/login">Back to Login</a>
      </AuthFooter>
    </AuthCardPage>
  );
}
