/** Account settings → Profile Information: the user's name (changed only here) and e-mail. */
import { useMutation } from '@tanstack/react-query';
import { profileUpdateSchema } from '../src/validation/auth';
import { api, serverMessageOr } from './lib/api';
import { toast } from './lib/toast';
import { useForm } from './lib/useForm';
import { Button } from './ui/Button';
import { Form, TextField } from './ui/Field';

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
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to update profile'),
        variant: 'destructive',
      });
    },
  });
  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextField label="Full Name" autoComplete="name" {...form.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </Form>
  );
}
