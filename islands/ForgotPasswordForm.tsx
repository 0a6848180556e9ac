/**
 * Request a reset e-mail; afterwards the Check Your Email panel (spec 01 §2 Forgot password). Without
 * JavaScript the form posts to /forgot-password, which redirects to /forgot-password?sent=1 (`sent`).
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import { forgotPasswordSchema } from '../src/validation/auth';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { Button, ButtonLink } from '../views/ui/Button';
import { EmailField, Form, FormAlert, SubmitButton } from '../views/ui/Field';
import { sc } from '../views/ui/sc';

export const FORGOT_FAILED = 'Failed to send reset email';

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

export default function ForgotPasswordForm({
  state = null,
  sent = false,
}: {
  state?: FormState | null;
  sent?: boolean;
}) {
  const form = useForm(forgotPasswordSchema, { email: '' }, { state });
  // The address it was sent to (after the island's own request), or '' after a plain post.
  const [sentTo, setSentTo] = useState<string | null>(sent ? '' : null);
  const request = useApiMutation({
    request: (values: { email: string }) => api.post<{ message: string }>('/api/auth/forgot-password', values),
    fallbackMessage: FORGOT_FAILED,
    errorDisplay: 'inline',
    form,
    onSuccess: (_answer, values) => setSentTo(values.email),
  });

  if (sentTo !== null) {
    return (
      <Panel role="status">
        <h2>Check Your Email</h2>
        <p>
          If an account exists for {sentTo ? <strong>{sentTo}</strong> : 'that address'}, we sent a link to reset your
          password. The link works for one hour.
        </p>
        <Actions>
          {/* A GET form: without JavaScript the button still leads back to an empty form. */}
          <form method="get" action="/forgot-password">
            <Button
              type="submit"
              $variant="secondary"
              $block
              onClick={(e) => {
                e.preventDefault();
                request.reset();
                setSentTo(null);
              }}
            >
              Send Another Email
            </Button>
          </form>
          <ButtonLink href="/login">Back to Login</ButtonLink>
        </Actions>
      </Panel>
    );
  }

  return (
    <Form action="/forgot-password" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      <EmailField {...form.text('email')} />
      <FormAlert error={form.formError} />
      <SubmitButton block pending={request.isPending} label="Send Reset Link" busyLabel="Sending…" />
    </Form>
  );
}
