/**
 * Account settings → Custom Profile URL: {host}/{username}, 3–30 letters, numbers, _ and -.
 * Without JavaScript it posts to /account-settings with intent=username.
 */
import { usernameSchema, type UserJson } from '../src/validation/auth';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';

export const USERNAME_UPDATED = {
  title: 'Username updated',
  description: 'Your custom URL has been updated successfully.',
};

export interface UsernameFormProps {
  username: string | null;
  baseUrl: string;
  state?: FormState | null;
}

export default function UsernameForm({ username, baseUrl, state = null }: UsernameFormProps) {
  const form = useForm(usernameSchema, { username: username ?? '' }, { state });
  const save = useApiMutation({
    request: (values: { username: string }) => api.patch<UserJson>('/api/auth/username', values),
    success: USERNAME_UPDATED,
    fallbackMessage: 'Failed to update username',
    form,
    onSuccess: (user) => form.setValues({ username: user.username ?? '' }),
  });
  const host = baseUrl.replace(/^https?:\/\//, '');
  const preview = form.values.username.trim() || 'your-name';
  return (
    <Form action="/account-settings" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <input type="hidden" name="intent" value="username" />
      <FormAlert error={form.formError} />
      <TextField
        label="Username"
        autoComplete="off"
        spellCheck={false}
        placeholder="capt-rivera"
        help={
          <>
            Your public profile will be at <strong>{`${host}/${preview}`}</strong>. Leave empty to remove it.
          </>
        }
        {...form.text('username')}
      />
      <SubmitButton pending={save.isPending} label="Save URL" busyLabel="Saving…" />
    </Form>
  );
}
