/** Account settings → Custom Profile URL: {host}/{username}, 3–30 letters, numbers, _ and -. */
import { useMutation } from '@tanstack/react-query';
import { usernameSchema } from '../src/validation/auth';
import { api } from './lib/api';
import { toastError } from './lib/toastError';
import { toast } from './lib/toast';
import { useForm } from './lib/useForm';
import { Form, SubmitButton, TextField } from './ui/Field';

export default function UsernameForm({ username, baseUrl }: { username: string | null; baseUrl: string }) {
  const form = useForm(usernameSchema, { username: username ?? '' });
  const save = useMutation({
    mutationFn: (values: { username: string }) => api.patch<{ username: string | null }>('/api/auth/username', values),
    onSuccess: (user) => {
      form.setValues({ username: user.username ?? '' });
      toast({ title: 'Username updated', description: 'Your custom URL has been updated successfully.' });
    },
    onError: (error) => {
      form.applyServerErrors(error);
      toastError(error, 'Failed to update username');
    },
  });
  const host = baseUrl.replace(/^https?:\/\//, '');
  const preview = form.values.username.trim() || 'your-name';
  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
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
        {...form.field('username')}
      />
      <SubmitButton pending={save.isPending} label="Save URL" busyLabel="Saving…" />
    </Form>
  );
}
