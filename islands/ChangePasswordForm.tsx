/** Account settings → Security Settings: change the password (other sessions are signed out). */
import { useMutation } from '@tanstack/react-query';
import { changePasswordSchema } from '../src/validation/auth';
import { api } from './lib/api';
import { toastError } from './lib/toastError';
import { toast } from './lib/toast';
import { useForm } from './lib/useForm';
import { Form, SubmitButton, TextField } from './ui/Field';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePasswordForm() {
  const form = useForm(changePasswordSchema, EMPTY);
  const change = useMutation({
    mutationFn: (values: typeof EMPTY) => api.patch('/api/auth/change-password', values),
    onSuccess: () => {
      form.setValues(EMPTY);
      toast({ title: 'Password changed', description: 'Other devices have been signed out.' });
    },
    onError: (error) => {
      form.applyServerErrors(error);
      toastError(error, 'Failed to change password');
    },
  });
  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <TextField label="New Password" type="password" autoComplete="new-password" {...form.field('newPassword')} />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <SubmitButton pending={change.isPending} label="Change Password" busyLabel="Changing…" />
    </Form>
  );
}
