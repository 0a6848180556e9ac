/** Request a reset e-mail; afterwards the Check Your Email panel (spec 01 §2 Forgot password). */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { styled } from 'styled-components';
import { forgotPasswordSchema } from '../src/validation/auth';
import { api, serverMessageOr } from './lib/api';
import { useForm } from './lib/useForm';
import { Button, ButtonLink } from './ui/Button';
import { EmailField, ErrorText, Form, SubmitButton } from './ui/Field';
import { sc } from './ui/sc';

const Panel = styled.div.withConfig(sc('CheckEmailPanel'))`
  text-align: center;
  h2 {
    margin: 0 0 ${(p) => p.theme.space[2]};
    font-size: ${(p) => p.theme.font.size.xl};
  }
  p {
    margin: 0 0 ${(p) => p.theme.space[5]};
    color: ${(p) => p.theme.color.muted};
  }
`;

const Actions = styled.div.withConfig(sc('CheckEmailActions'))`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[2]};
`;

export default function ForgotPasswordForm() {
  const form = useForm(forgotPasswordSchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (values: { email: string }) => api.post<{ message: string }>('/api/auth/forgot-password', values),
    onSuccess: (_answer, values) => setSentTo(values.email),
  });

  if (sentTo) {
    return (
      <Panel role="status">
        <h2>Check Your Email</h2>
        <p>
          If an account exists for <strong>{sentTo}</strong>, we sent a link to reset your password. The link works for
          one hour.
        </p>
        <Actions>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              request.reset();
              setSentTo(null);
            }}
          >
            Send Another Email
          </Button>
          <ButtonLink href="/login">Back to Login</ButtonLink>
        </Actions>
      </Panel>
    );
  }

  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      <EmailField {...form.field('email')} />
      {request.isError ? (
        <ErrorText role="alert">{serverMessageOr(request.error, 'Failed to send reset email')}</ErrorText>
      ) : null}
      <SubmitButton block pending={request.isPending} label="Send Reset Link" busyLabel="Sending…" />
    </Form>
  );
}
