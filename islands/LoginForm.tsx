/**
 * Sign in (spec 01 §2 Login). The user lands where the server says (`redirectTo`: admins /admin, others /). Without JavaScript (or before this
 * island hydrates) the same form posts to /login and the server answers (src/pages/auth.tsx).
 */
import { loginSchema, type LoginResponse } from '../src/validation/auth';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { toastAfterNavigation } from './lib/toast';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { EmailField, Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';

export const LOGIN_FAILED = { title: 'Login failed', fallback: 'Invalid email or password' } as const;

export default function LoginForm({ state = null }: { state?: FormState | null }) {
  const form = useForm(loginSchema, { email: '', password: '' }, { state });
  const login = useApiMutation({
    request: (values: { email: string; password: string }) => api.post<LoginResponse>('/api/auth/login', values),
    fallbackMessage: LOGIN_FAILED.fallback,
    errorTitle: LOGIN_FAILED.title,
    form,
    onSuccess: ({ user, redirectTo }) => {
      toastAfterNavigation({ title: 'Login successful', description: `Welcome back, ${user.name}!` });
      window.location.assign(redirectTo);
    },
  });

  return (
    <Form action="/login" onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <FormAlert error={form.formError} />
      <EmailField {...form.text('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.text('password')} />
      <SubmitButton block pending={login.isPending} label="Sign In" busyLabel="Signing in…" />
    </Form>
  );
}
