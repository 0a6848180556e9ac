/**
 * Join Beta (spec 01 §2 Register): invite-only; goes to /create-profile about 100 ms after success.
 * Without JavaScript the same form posts to /register (src/pages/auth.tsx).
 */
import { registerSchema } from '../src/validation/auth';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { toastAfterNavigation } from './lib/toast';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { EmailField, Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';

export const REGISTER_REDIRECT_DELAY_MS = 100;
export const REGISTER_FAILED = {
  title: 'Registration failed',
  fallback: 'Email may already be in use or invite code is invalid',
} as const;

export default function RegisterForm({ state = null }: { state?: FormState | null }) {
  const form = useForm(registerSchema, { name: '', email: '', password: '', inviteCode: '' }, { state });
  const register = useApiMutation({
    request: (values: typeof form.values) => api.post('/api/auth/register', values),
    fallbackMessage: REGISTER_FAILED.fallback,
    errorTitle: REGISTER_FAILED.title,
    form,
    onSuccess: () => {
      toastAfterNavigation({
        title: 'Account created successfully',
        description: 'Welcome aboard! Let’s build your profile.',
      });
      setTimeout(() => window.location.assign('/create-profile'), REGISTER_REDIRECT_DELAY_MS);
    },
  });
  const invite = form.text('inviteCode');

  return (
    <Form action="/register" onSubmit={form.handleSubmit((values) => register.mutate(values))}>
      <FormAlert error={form.formError} />
      <TextField label="Full Name" autoComplete="name" placeholder="Jordan Rivera" {...form.text('name')} />
      <EmailField {...form.text('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        help="At least 6 characters."
        {...form.text('password')}
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
