/**
 * Account settings → Profile Information: the user's name (changed only here) and e-mail.
 * Without JavaScript it posts to /account-settings with intent=profile (src/pages/accountSettings.tsx).
 */
import { profileUpdateSchema, type ProfileUpdateJson } from '../src/validation/auth';
import { EMAIL_CHANGE_MESSAGES } from '../src/validation/emailChange';
import type { FormState } from '../src/validation/forms';
import { api } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { EmailField, Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { InlineProof } from '../views/ui/InlineProof';

export const PROFILE_UPDATED = { title: 'Profile updated', description: 'Your account details have been saved.' };

export interface ProfileInfoFormProps {
  name: string;
  email: string;
  state?: FormState | null;
}

export default function ProfileInfoForm({ name, email, state = null }: ProfileInfoFormProps) {
  const form = useForm(profileUpdateSchema, { name, email }, { state });
  const save = useApiMutation({
    request: (values: { name: string; email: string }) => api.patch<ProfileUpdateJson>('/api/auth/profile', values),
    // A new address changes only once confirmed from its inbox (docs/api.md "Step-up").
    success: (answer) => (answer.pendingEmail ? EMAIL_CHANGE_MESSAGES.pending : PROFILE_UPDATED),
    fallbackMessage: 'Failed to update profile',
    form,
    onSuccess: (user) => form.setValues({ name: user.name, email: user.email }),
  });
  return (
    <Form action="/account-settings" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <input type="hidden" name="intent" value="profile" />
      <FormAlert error={form.formError} />
      <TextField label="Full Name" autoComplete="name" {...form.text('name')} />
      <EmailField placeholder={undefined} {...form.text('email')} />
      <InlineProof state={state} />
      <SubmitButton pending={save.isPending} label="Save Changes" busyLabel="Saving…" />
    </Form>
  );
}
