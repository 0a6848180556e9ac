/**
 * Create Profile (spec 02 §2, §5): name, rank, the fire department (picked or added through the departments
 * picker — required), contact and social fields, role. Success goes to /profiles/{id}; Cancel to /.
 * Without JavaScript it posts to /create-profile (src/pages/profiles.tsx), where the same schema answers.
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import type { DepartmentJson } from '../src/validation/departments';
import type { FormState } from '../src/validation/forms';
import {
  PROFILE_MESSAGES,
  SOCIAL_FIELD_LABELS,
  SOCIAL_FIELDS,
  profileCreateSchema,
  type ProfileJson,
} from '../src/validation/profiles';
import { DepartmentPickerField } from './DepartmentPicker';
import { api } from './lib/api';
import { toast } from './lib/toast';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { ButtonLink } from '../views/ui/Button';
import { EmailField, FieldGrid, FieldGroup, Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { sc } from '../views/ui/sc';
import { theme } from '../views/ui/theme';

const Actions = styled.div.withConfig(sc('CreateProfileActions'))`
  display: flex;
  gap: ${theme.space[3]};
  justify-content: flex-end;
`;

export interface CreateProfileFormProps {
  /** The account's name, the form's starting value. */
  name: string;
  /** The server's answer to a failed plain post. */
  state?: FormState | null;
  /** The department that post named, if it was a valid pick. */
  department?: DepartmentJson | null;
}

export default function CreateProfileForm({ name, state = null, department: posted = null }: CreateProfileFormProps) {
  const form = useForm(
    profileCreateSchema,
    {
      name,
      rank: '',
      departmentId: posted?.id ?? 0,
      phone: '',
      email: '',
      website: '',
      linkedin: '',
      twitter: '',
      instagram: '',
      facebook: '',
      tiktok: '',
      bluesky: '',
      role: '',
    },
    { state },
  );
  const [department, setDepartment] = useState<DepartmentJson | null>(posted);
  // Submitted without a pick: the spec's toast, and at the field the schema's message, as a plain post shows it.
  const [departmentMissing, setDepartmentMissing] = useState(false);
  const departmentError = department
    ? null
    : departmentMissing
      ? PROFILE_MESSAGES.departmentRequired
      : (state?.errors.departmentId ?? null);
  const create = useApiMutation({
    request: (values: typeof form.values) => api.post<ProfileJson>('/api/profiles', values),
    fallbackMessage: PROFILE_MESSAGES.createFailedFallback,
    errorTitle: PROFILE_MESSAGES.createFailed,
    form,
    onSuccess: (profile) => window.location.assign(`/profiles/${profile.id}`),
  });

  const onSubmit = form.handleSubmit((values) => create.mutate(values));

  return (
    <Form
      action="/create-profile"
      onSubmit={(e) => {
        if (!department) {
          e.preventDefault();
          setDepartmentMissing(true);
          toast({
            title: PROFILE_MESSAGES.departmentRequiredTitle,
            description: PROFILE_MESSAGES.departmentRequiredText,
            variant: 'destructive',
          });
          return;
        }
        onSubmit(e);
      }}
    >
      <FormAlert error={form.formError} />
      <FieldGrid>
        <TextField label="Full Name" autoComplete="name" {...form.text('name')} />
        <TextField label="Rank" placeholder="Firefighter / Paramedic" {...form.text('rank')} />
      </FieldGrid>
      <DepartmentPickerField
        label="Fire Department"
        required
        value={department}
        error={departmentError}
        onChange={(picked) => {
          setDepartment(picked);
          form.setValue('departmentId', picked?.id ?? 0);
        }}
      />
      <input type="hidden" name="departmentId" value={department ? String(department.id) : ''} />
      <TextField label="Role" placeholder="Engineer, Company Officer, Instructor…" {...form.text('role')} />
      <FieldGroup>
        <legend>Contact</legend>
        <FieldGrid>
          <TextField label="Phone" type="tel" autoComplete="tel" {...form.text('phone')} />
          <EmailField {...form.text('email')} />
        </FieldGrid>
      </FieldGroup>
      <FieldGroup>
        <legend>Social links</legend>
        <FieldGrid>
          {SOCIAL_FIELDS.map((field) => (
            <TextField
              key={field}
              label={SOCIAL_FIELD_LABELS[field].label}
              placeholder={SOCIAL_FIELD_LABELS[field].placeholder}
              autoComplete="off"
              {...form.text(field)}
            />
          ))}
        </FieldGrid>
      </FieldGroup>
      <Actions>
        <ButtonLink href="/" $variant="secondary">
          Cancel
        </ButtonLink>
        <SubmitButton pending={create.isPending} label="Create Profile" busyLabel="Creating…" />
      </Actions>
    </Form>
  );
}
