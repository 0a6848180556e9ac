/**
 * Account settings → Security Settings: change the password; every other session is signed out (docs/api.md
 * "Step-up").
 * Without JavaScript it posts to /account-settings with intent=password.
 */
import { changePasswordSchema } from '../src/validation/auth';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { InlineProof } from '../views/ui/InlineProof';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
export const PASSWORD_CHANGED = { title: 'Password changed', description: 'Other devices have been signed out.' };

export default function ChangePasswordForm({ state = null }: { state?: FormState | null }) {
  const form = useForm(changePasswordSchema, EMPTY, { state });
  const change = useApiMutation({
    request: (values: typeof EMPTY) => api.patch('/api/auth/change-password', values),
    success: PASSWORD_CHANGED,
    fallbackMessage: 'Failed to change password',
    form,
    onSuccess: () => form.setValues(EMPTY),
  });
  return (
    <Form action="/account-settings" onSubmit={form.handleSubmit((values) => change.mutate(values))}>
      <input type="hidden" name="intent" value="password" />
      <FormAlert error={form.formError} />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...form.text('currentPassword')}
      />
      <TextField label="New Password" type="password" autoComplete="new-password" {...form.text('newPassword')} />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        {...form.text('confirmPassword')}
      />
      <InlineProof state={state} />
      <SubmitButton pending={change.isPending} label="Change Password" busyLabel="Changing…" />
    </Form>
  );
}
