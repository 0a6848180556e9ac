/**
 * Account settings → Security Settings: change the password; other sessions are signed out when the box (ticked
 * by default) says so.
 * Without JavaScript it posts to /account-settings with intent=password.
 */
import { changePasswordSchema } from '../src/validation/auth';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { Checkbox, Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { InlineProof } from '../views/ui/InlineProof';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', signOutOthers: true };
export const PASSWORD_CHANGED = { title: 'Password changed', description: 'Other devices have been signed out.' };
const PASSWORD_ONLY = { title: 'Password changed', description: 'Your other devices are still signed in.' };

export default function ChangePasswordForm({ state = null }: { state?: FormState | null }) {
  // After a failed plain post the box shows what was posted (an unticked box posts nothing).
  const initial = state ? { ...EMPTY, signOutOthers: state.values.signOutOthers === 'true' } : EMPTY;
  const form = useForm(changePasswordSchema, initial, { state });
  const signOutOthers = form.values.signOutOthers !== false;
  const change = useApiMutation({
    request: (values: { signOutOthers?: boolean }) => api.patch('/api/auth/change-password', values),
    success: signOutOthers ? PASSWORD_CHANGED : PASSWORD_ONLY,
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
      <Checkbox label="Sign out all my other devices" {...form.checkbox('signOutOthers')} />
      <InlineProof state={state} />
      <SubmitButton pending={change.isPending} label="Change Password" busyLabel="Changing…" />
    </Form>
  );
}
