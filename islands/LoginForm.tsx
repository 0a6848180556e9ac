/** Sign in (spec 01 §2 Login). Admins land on /admin, everyone else on /. */
import { useMutation } from '@tanstack/react-query';
import { loginSchema } from '../src/validation/auth';
import { api, ApiError } from './lib/api';
import { toast, toastAfterNavigation } from './lib/toast';
import { useForm } from './lib/useForm';
import { EmailField, Form, SubmitButton, TextField } from './ui/Field';

interface AuthAnswer {
  user: { name: string; role: 'user' | 'admin' | 'super_admin' };
  token: string;
}

export default function LoginForm() {
  const form = useForm(loginSchema, { email: '', password: '' });
  const login = useMutation({
    mutationFn: (values: { email: string; password: string }) => api.post<AuthAnswer>('/api/auth/login', values),
    onSuccess: ({ user }) => {
      toastAfterNavigation({ title: 'Login successful', description: `Welcome back, ${user.name}!` });
      window.location.assign(user.role === 'admin' || user.role === 'super_admin' ? '/admin' : '/');
    },
    onError: (error) => {
      const description =
        error instanceof ApiError && error.status === 429 && error.serverMessage
          ? error.serverMessage
          : 'Invalid email or password';
      toast({ title: 'Login failed', description, variant: 'destructive' });
    },
  });

  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <EmailField {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <SubmitButton block pending={login.isPending} label="Sign In" busyLabel="Signing in…" />
    </Form>
  );
}
