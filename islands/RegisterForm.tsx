/** Join Beta (spec 01 §2 Register): invite-only; goes to /create-profile about 100 ms after success. */
import { useMutation } from '@tanstack/react-query';
import { registerSchema } from '../src/validation/auth';
import { api, serverMessageOr } from './lib/api';
import { toast, toastAfterNavigation } from './lib/toast';
import { useForm } from './lib/useForm';
import { EmailField, Form, SubmitButton, TextField } from './ui/Field';

export const REGISTER_REDIRECT_DELAY_MS = 100;

export default function RegisterForm() {
  const form = useForm(registerSchema, { name: '', email: '', password: '', inviteCode: '' });
  const register = useMutation({
    mutationFn: (values: typeof form.values) => api.post('/api/auth/register', values),
    onSuccess: () => {
      toastAfterNavigation({
        title: 'Account created successfully',
        description: 'Welcome aboard! Let’s build your profile.',
      });
      setTimeout(() => window.location.assign('/create-profile'), REGISTER_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      form.applyServerErrors(error);
      const description = serverMessageOr(error, 'Email may already be in use or invite code is invalid');
      toast({ title: 'Registration failed', description, variant: 'destructive' });
    },
  });
  const invite = form.field('inviteCode');

  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))}>
      <TextField label="Full Name" autoComplete="name" placeholder="Jordan Rivera" {...form.field('name')} />
      <EmailField {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        help="At least 6 characters."
        {...form.field('password')}
      />
      <TextField
        label="Beta Invite Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABCD2345"
        {...invite}
        onChange={(e) => form.setValue('inviteCode', e.target.value.toUpperCase())}
        style={{ textTransform: 'uppercase', letterSpacing: '0.08em' }}
      />
      <SubmitButton block pending={register.isPending} label="Join Beta" busyLabel="Creating your account…" />
    </Form>
  );
}
