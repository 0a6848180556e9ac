/** The sign-in, registration and password-reset pages (spec 01 §2). Forms are islands. */
import { Island } from '../../src/render/Island';
import { MESSAGES } from '../../src/validation/auth';
import { ButtonLink } from '../../islands/ui/Button';
import { AuthCardPage, AuthFooter, Notice } from './AuthCardPage';

export function LoginPage({ productName }: { productName: string }) {
  return (
    <AuthCardPage title="Sign in" intro={`Welcome back to ${productName}.`}>
      <Island name="LoginForm" props={{}} />
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
}: {
  productName: string;
  accessRequestEmail: string | null;
}) {
  return (
    <AuthCardPage title="Join Beta" intro={`Create your ${productName} account and start your bio.`}>
      <Notice>
        {productName} is in closed beta and needs an invite code.{' '}
        {accessRequestEmail ? (
          <>
            To request access, e-mail{' '}
            <a href={`mailto:${accessRequestEmail}?subject=${encodeURIComponent(`${productName} beta access`)}`}>
              {accessRequestEmail}
            </a>
            .
          </>
        ) : (
          <>To request access, e-mail the people who run this site.</>
        )}
      </Notice>
      <Island name="RegisterForm" props={{}} />
      <AuthFooter>
        <span>
          Already have an account? <a href="/login">Sign in</a>
        </span>
      </AuthFooter>
    </AuthCardPage>
  );
}

export function ForgotPasswordPage() {
  return (
    <AuthCardPage
      title="Forgot your password?"
      intro="Enter your e-mail and we will send you a link to choose a new one."
    >
      <Island name="ForgotPasswordForm" props={{}} />
      <AuthFooter>
        <a href="/login">Back to Login</a>
      </AuthFooter>
    </AuthCardPage>
  );
}

export function ResetPasswordPage({ token }: { token: string | null }) {
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
      <Island name="ResetPasswordForm" props={{ token }} />
      <AuthFooter>
        <a href="/login">Back to Login</a>
      </AuthFooter>
    </AuthCardPage>
  );
}
