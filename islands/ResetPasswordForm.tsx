/** Choose a new password from an e-mailed link; on success, back to /login after 3 seconds. */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { styled } from 'styled-components';
import { resetPasswordFormSchema } from '../src/validation/auth';
import { api, serverMessageOr } from './lib/api';
import { useForm } from './lib/useForm';
import { ButtonLink } from './ui/Button';
import { ErrorText, Form, SubmitButton, TextField } from './ui/Field';
import { sc } from './ui/sc';

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

export default function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const [visible, setVisible] = useState(false);
  const reset = useMutation({
    mutationFn: (password: string) => api.post<{ message: string }>('/api/auth/reset-password', { token, password }),
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
    <Form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values.password))}>
      <TextField
        label="New Password"
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        adornment={toggle}
        {...form.field('password')}
      />
      <TextField
        label="Confirm Password"
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      {reset.isError ? (
        <ErrorText role="alert">{serverMessageOr(reset.error, 'Failed to reset password')}</ErrorText>
      ) : null}
      <SubmitButton block pending={reset.isPending} label="Reset Password" busyLabel="Saving…" />
    </Form>
  );
}
