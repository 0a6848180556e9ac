/**
 * Choose a new password from an e-mailed link; on success, back to /login after 3 seconds. Without
 * JavaScript the form posts to /reset-password (the token rides in a hidden field) and the server redirects
 * to /login?reset=1, which confirms the change.
 */
import { useEffect, useState } from 'react';
import { styled } from 'styled-components';
import { resetPasswordFormSchema } from '../src/validation/auth';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { ButtonLink } from '../views/ui/Button';
import { Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { sc } from '../views/ui/sc';

export const RESET_FAILED = 'Failed to reset password';

export const RESET_REDIRECT_DELAY_MS = 3000;

const Toggle = styled.button.withConfig(sc('PasswordToggle'))`
  border: 0;
  background: transparent;
  color: ${(p) => p.theme.color.brand};
  font: inherit;
  font-size: ${(p) => p.theme.font.size.sm};
  font-weight: 600;
  padding: 6px 10px;
  cursor: pointer;
`;

const Done = styled.div.withConfig(sc('ResetDone'))`
  text-align: center;
  h2 {
    margin: 0 0 ${(p) => p.theme.space[2]};
    font-size: ${(p) => p.theme.font.size.xl};
    color: ${(p) => p.theme.color.ok};
  }
  p {
    color: ${(p) => p.theme.color.muted};
  }
`;

export default function ResetPasswordForm({ token, state = null }: { token: string; state?: FormState | null }) {
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' }, { state });
  const [visible, setVisible] = useState(false);
  const reset = useApiMutation({
    request: (password: string) => api.post<{ message: string }>('/api/auth/reset-password', { token, password }),
    fallbackMessage: RESET_FAILED,
    errorDisplay: 'inline',
    form,
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => window.location.assign('/login'), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess]);

  if (reset.isSuccess) {
    return (
      <Done role="status">
        <h2>Password reset</h2>
        <p>Your password has been changed. Taking you to the sign-in page…</p>
        <ButtonLink href="/login">Back to Login</ButtonLink>
      </Done>
    );
  }

  const toggle = (
    <Toggle type="button" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
      {visible ? 'Hide' : 'Show'}
    </Toggle>
  );

  return (
    <Form action="/reset-password" onSubmit={form.handleSubmit((values) => reset.mutate(values.password))}>
      <input type="hidden" name="token" value={token} />
      <TextField
        label="New Password"
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        adornment={toggle}
        {...form.text('password')}
      />
      <TextField
        label="Confirm Password"
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        {...form.text('confirmPassword')}
      />
      <FormAlert error={form.formError} />
      <SubmitButton block pending={reset.isPending} label="Reset Password" busyLabel="Saving…" />
    </Form>
  );
}
