/**
 * In-place editing of the profile's own fields (spec 02 §4): each field saves on blur (selects on change) with
 * PATCH /api/profiles/{id}; a failed save shows 'Failed to update profile' with the server's message and keeps
 * what was typed. The name is changed in Account Settings only. On phones the fields open in the full-screen
 * Edit Profile dialog; Done Editing closes it with 'Changes saved!' once the last save has landed.
 */
import { useId, useState } from 'react';
import { styled } from 'styled-components';
import { ValidationError as YupValidationError } from 'yup';
import type { DepartmentJson } from '../src/validation/departments';
import {
  PERSONAL_STATEMENT_MAX,
  PROFILE_MESSAGES,
  SOCIAL_FIELD_LABELS,
  SOCIAL_FIELDS,
  profileUpdateSchema,
  type ProfileJson,
} from '../src/validation/profiles';
import { VISIBILITY_OPTIONS } from '../src/validation/visibility';
import { DepartmentPickerField } from './DepartmentPicker';
import { api, ApiError } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { settleSaves, trackSave } from './lib/pendingSaves';
import { toast } from './lib/toast';
import { Button } from '../views/ui/Button';
import { EnhanceAssist } from './lib/EnhanceButton';
import { FieldGrid, FieldGroup, Select, TextArea, TextField } from '../views/ui/Field';
import { sc } from '../views/ui/sc';
import { media } from '../views/ui/theme';

type TextKey =
  | 'rank'
  | 'title'
  | 'badgeNumber'
  | 'motto'
  | 'currentStatus'
  | 'role'
  | 'personalStatement'
  | 'phone'
  | 'email'
  | 'profileImage'
  | (typeof SOCIAL_FIELDS)[number];

const LABELS: Record<TextKey, string> = {
  rank: 'Rank',
  title: 'Title',
  badgeNumber: 'Badge Number',
  motto: 'Motto',
  currentStatus: 'Current Status',
  role: 'Role',
  personalStatement: 'Personal Statement',
  phone: 'Phone',
  email: 'Email',
  profileImage: 'Profile Image URL',
  ...(Object.fromEntries(SOCIAL_FIELDS.map((field) => [field, SOCIAL_FIELD_LABELS[field].label])) as Record<
    (typeof SOCIAL_FIELDS)[number],
    string
  >),
};

const Shell = styled.section.withConfig(sc('ProfileEditorShell'))<{ $open: boolean }>`
  ${media.tablet} {
    & > [data-open-editor] {
      display: none;
    }
  }
`;

const Sheet = styled.div.withConfig(sc('ProfileEditorSheet'))<{ $open: boolean }>`
  background: ${(p) => p.theme.color.surface};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
  padding: ${(p) => p.theme.space[5]};
  display: ${(p) => (p.$open ? 'flex' : 'none')};
  flex-direction: column;
  gap: ${(p) => p.theme.space[5]};
  @media (max-width: 767px) {
    position: fixed;
    inset: 0;
    z-index: 60;
    border-radius: 0;
    overflow-y: auto;
  }
  ${media.tablet} {
    display: flex;
  }
`;

const SheetHead = styled.div.withConfig(sc('ProfileEditorHead'))`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${(p) => p.theme.space[3]};
  & h2 {
    margin: 0;
    font-size: ${(p) => p.theme.font.size.xl};
  }
  ${media.tablet} {
    & button {
      display: none;
    }
  }
`;

export interface ProfileEditorProps {
  profile: ProfileJson;
  /** The profile's department as the picker shows it (null when it was removed). */
  department: DepartmentJson | null;
  /** The server has an AI model: the personal statement offers Enhance (issue 13). */
  aiAssist?: boolean;
}

export default function ProfileEditor({
  profile,
  department: initialDepartment,
  aiAssist = false,
}: ProfileEditorProps) {
  const [saved, setSaved] = useState<ProfileJson>(profile);
  const [draft, setDraft] = useState<Record<TextKey, string>>(
    () =>
      Object.fromEntries(Object.keys(LABELS).map((key) => [key, profile[key as TextKey] ?? ''])) as Record<
        TextKey,
        string
      >,
  );
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [department, setDepartment] = useState<DepartmentJson | null>(initialDepartment);
  const [open, setOpen] = useState(false);
  const formId = useId();

  const save = useApiMutation({
    request: (body: Record<string, unknown>) => api.patch<ProfileJson>(`/api/profiles/${profile.id}`, body),
    errorTitle: PROFILE_MESSAGES.updateFailed,
    fallbackMessage: 'Please try again.',
    // A 400's field messages go beside the field that was saved; what was typed stays.
    form: {
      applyServerErrors: (error) => {
        if (error instanceof ApiError && error.fields) setErrors((prev) => ({ ...prev, ...error.fields }));
      },
      setFormError: () => undefined,
    },
    onSuccess: (updated) => setSaved(updated),
  });
  const patch = (body: Record<string, unknown>) => trackSave(save.mutateAsync(body));

  /** Saves one text field if it changed and passes the shared schema. */
  const saveText = (key: TextKey) => {
    const value = draft[key];
    if (value.trim() === (saved[key] ?? '')) return;
    try {
      profileUpdateSchema.validateSyncAt(key, { [key]: value });
    } catch (error) {
      if (error instanceof YupValidationError) setErrors((prev) => ({ ...prev, [key]: error.message }));
      return;
    }
    setErrors((prev) => ({ ...prev, [key]: undefined }));
    void patch({ [key]: value }).catch(() => undefined);
  };

  const text = (key: TextKey, options: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      id={`${formId}-${key}`}
      name={key}
      label={LABELS[key]}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      value={draft[key]}
      error={errors[key]}
      onChange={(e) => setDraft((prev) => ({ ...prev, [key]: e.target.value }))}
      onBlur={() => saveText(key)}
    />
  );

  const visibilitySelect = (key: 'phone' | 'email') => (
    <Select
      id={`${formId}-${key}Visibility`}
      label={`Who sees your ${key === 'phone' ? 'phone' : 'e-mail'}`}
      options={VISIBILITY_OPTIONS}
      value={saved.fieldVisibility?.[key] ?? 'public'}
      onChange={(e) => void patch({ fieldVisibility: { [key]: e.target.value } }).catch(() => undefined)}
    />
  );

  const doneEditing = async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    if (await settleSaves()) {
      setOpen(false);
      toast({ title: PROFILE_MESSAGES.changesSaved });
    }
  };

  const statementLength = draft.personalStatement.length;
  return (
    <Shell $open={open} aria-label="Edit profile">
      <Button type="button" data-open-editor="" $block onClick={() => setOpen(true)}>
        {PROFILE_MESSAGES.editProfile}
      </Button>
      <Sheet
        $open={open}
        role={open ? 'dialog' : undefined}
        aria-modal={open || undefined}
        aria-labelledby="profile-editor-title"
      >
        <SheetHead>
          <h2 id="profile-editor-title">{PROFILE_MESSAGES.editProfile}</h2>
          <Button type="button" onClick={() => void doneEditing()}>
            {PROFILE_MESSAGES.doneEditing}
          </Button>
        </SheetHead>
        <FieldGrid>
          <TextField
            id={`${formId}-name`}
            label="Name"
            value={saved.name}
            readOnly
            aria-readonly
            help={
              <>
                {PROFILE_MESSAGES.nameLocked}. <a href="/account-settings">Account Settings</a>
              </>
            }
          />
          {text('rank')}
          {text('title')}
          {text('badgeNumber')}
        </FieldGrid>
        <DepartmentPickerField
          label="Fire Department"
          required
          value={department}
          onChange={(picked) => {
            if (!picked) return setDepartment(null);
            setDepartment(picked);
            void patch({ departmentId: picked.id }).catch(() => undefined);
          }}
        />
        <FieldGrid>
          {text('motto')}
          {text('currentStatus')}
          {text('role')}
          {text('profileImage', { type: 'url' })}
        </FieldGrid>
        <TextArea
          id={`${formId}-personalStatement`}
          name="personalStatement"
          label={LABELS.personalStatement}
          value={draft.personalStatement}
          maxLength={PERSONAL_STATEMENT_MAX}
          error={errors.personalStatement}
          help={`${statementLength}/${PERSONAL_STATEMENT_MAX} characters`}
          onChange={(e) => setDraft((prev) => ({ ...prev, personalStatement: e.target.value }))}
          onBlur={() => saveText('personalStatement')}
        />
        {aiAssist ? (
          <EnhanceAssist
            field="personalStatement"
            label={LABELS.personalStatement}
            text={draft.personalStatement}
            targetId={`${formId}-personalStatement`}
            onAccept={(text) => setDraft((prev) => ({ ...prev, personalStatement: text }))}
          />
        ) : null}
        <FieldGroup>
          <legend>Contact</legend>
          <FieldGrid>
            {text('phone', { type: 'tel', autoComplete: 'tel' })}
            {visibilitySelect('phone')}
            {text('email', { type: 'email', autoComplete: 'email' })}
            {visibilitySelect('email')}
          </FieldGrid>
        </FieldGroup>
        <FieldGroup>
          <legend>Social links</legend>
          <FieldGrid>
            {SOCIAL_FIELDS.map((key) => (
              <div key={key}>{text(key)}</div>
            ))}
          </FieldGrid>
        </FieldGroup>
        <FieldGroup>
          <legend>New items</legend>
          <Select
            id={`${formId}-defaultVisibility`}
            label="Who sees new items by default"
            options={VISIBILITY_OPTIONS}
            value={saved.defaultVisibility}
            onChange={(e) => void patch({ defaultVisibility: e.target.value }).catch(() => undefined)}
          />
        </FieldGroup>
      </Sheet>
    </Shell>
  );
}
