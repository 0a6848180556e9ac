/** Account settings → Profile Information: the user's name (changed only here) and e-mail. */
import { useMutation } from '@tanstack/react-query';
import { profileUpdateSchema } from '../src/validation/auth';
import { api } from './lib/api';
import { toastError } from './lib/toastError';
import { toast } from './lib/toast';
import { useForm } from './lib/useForm';
import { Form, SubmitButton, TextField } from './ui/Field';

export default function ProfileInfoForm({ name, email }: { name: string; email: string }) {
  const form = useForm(profileUpdateSchema, { name, email });
  const save = useMutation({
    mutationFn: (values: { name: string; email: string }) =>
      api.patch<{ name: string; email: string }>('/api/auth/profile', values),
    onSuccess: (user) => {
      form.setValues({ name: user.name, email: user.email });
      toast({ title: 'Profile updated', description: 'Your account details have been saved.' });
    },
    onError: (error) => {
      form.applyServerErrors(error);
      toastError(error, 'Failed to update profile');
    },
  });
  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextField label="Full Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <SubmitButton pending={save.isPending} label="Save Changes" busyLabel="Saving…" />
    </Form>
  );
}
