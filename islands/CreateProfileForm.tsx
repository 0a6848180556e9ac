/**
 * Create Profile (spec 02 §2, §5): name, rank, the fire department (picked or added through the departments
 * picker — required), contact and social fields, role. Success goes to /profiles/{id}; Cancel to /.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { styled } from 'styled-components';
import type { DepartmentJson } from '../src/validation/departments';
import { PROFILE_MESSAGES, SOCIAL_FIELDS, profileCreateSchema, type ProfileJson } from '../src/validation/profiles';
import { DepartmentPickerField } from './DepartmentPicker';
import { api, serverMessageOr } from './lib/api';
import { toast } from './lib/toast';
import { useForm } from './lib/useForm';
import { ButtonLink } from './ui/Button';
import { EmailField, Form, SubmitButton, TextField } from './ui/Field';
import { sc } from './ui/sc';

const SOCIAL_LABELS: Record<(typeof SOCIAL_FIELDS)[number], { label: string; placeholder: string }> = {
  website: { label: 'Website', placeholder: 'https://…' },
  linkedin: { label: 'LinkedIn', placeholder: 'linkedin.com/in/… or handle' },
  twitter: { label: 'X (Twitter)', placeholder: '@handle' },
  instagram: { label: 'Instagram', placeholder: '@handle' },
  facebook: { label: 'Facebook', placeholder: 'page or profile' },
  tiktok: { label: 'TikTok', placeholder: '@handle' },
  bluesky: { label: 'Bluesky', placeholder: 'name.bsky.social' },
};

const Grid = styled.div.withConfig(sc('CreateProfileGrid'))`
  display: grid;
  gap: ${(p) => p.theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Fieldset = styled.fieldset.withConfig(sc('CreateProfileFieldset'))`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[4]};
  & legend {
    padding: 0;
    margin-bottom: ${(p) => p.theme.space[3]};
    font-weight: 700;
  }
`;

const Actions = styled.div.withConfig(sc('CreateProfileActions'))`
  display: flex;
  gap: ${(p) => p.theme.space[3]};
  justify-content: flex-end;
`;

const blank = {
  name: '',
  rank: '',
  departmentId: '',
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
};

export default function CreateProfileForm({ name }: { name: string }) {
  const form = useForm(profileCreateSchema.omit(['departmentId']), { ...blank, name });
  const [department, setDepartment] = useState<DepartmentJson | null>(null);
  const create = useMutation({
    mutationFn: (values: typeof blank) => api.post<ProfileJson>('/api/profiles', values),
    onSuccess: (profile) => window.location.assign(`/profiles/${profile.id}`),
    onError: (error) => {
      form.applyServerErrors(error);
      toast({
        title: PROFILE_MESSAGES.createFailed,
        description: serverMessageOr(error, PROFILE_MESSAGES.createFailedFallback),
        variant: 'destructive',
      });
    },
  });

  const submit = form.handleSubmit((values) => {
    if (!department) {
      toast({
        title: PROFILE_MESSAGES.departmentRequiredTitle,
        description: PROFILE_MESSAGES.departmentRequiredText,
        variant: 'destructive',
      });
      return;
    }
    create.mutate({ ...values, departmentId: String(department.id) });
  });

  return (
    <Form noValidate onSubmit={submit}>
      <Grid>
        <TextField label="Full Name" autoComplete="name" {...form.field('name')} />
        <TextField label="Rank" placeholder="Firefighter / Paramedic" {...form.field('rank')} />
      </Grid>
      <DepartmentPickerField
        label="Fire Department"
        required
        value={department}
        onChange={(picked) => setDepartment(picked)}
      />
      <input type="hidden" name="departmentId" value={department ? String(department.id) : ''} />
      <TextField label="Role" placeholder="Engineer, Company Officer, Instructor…" {...form.field('role')} />
      <Fieldset>
        <legend>Contact</legend>
        <Grid>
          <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
          <EmailField {...form.field('email')} />
        </Grid>
      </Fieldset>
      <Fieldset>
        <legend>Social links</legend>
        <Grid>
          {SOCIAL_FIELDS.map((field) => (
            <TextField
              key={field}
              label={SOCIAL_LABELS[field].label}
              placeholder={SOCIAL_LABELS[field].placeholder}
              autoComplete="off"
              {...form.field(field)}
            />
          ))}
        </Grid>
      </Fieldset>
      <Actions>
        <ButtonLink href="/" $variant="secondary">
          Cancel
        </ButtonLink>
        <SubmitButton pending={create.isPending} label="Create Profile" busyLabel="Creating…" />
      </Actions>
    </Form>
  );
}
