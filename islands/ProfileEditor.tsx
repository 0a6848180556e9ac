/**
 * In-place editing of the profile's own fields (spec 02 §4, lib/useInlineForm.ts): each field saves on blur
 * (selects and the department on change) with PATCH /api/profiles/{id}; a failed save shows 'Failed to update
 * profile' with the server's message, keeps what was typed and puts a refused choice back. The name is changed
 * in Account Settings only. On phones the fields open in the full-screen Edit Profile dialog; Done Editing
 * closes it with 'Changes saved!' once the last save has landed.
 */
import { useState, type MouseEvent } from 'react';
import { styled } from 'styled-components';
import type { DepartmentJson } from '../src/validation/departments';
import {
  PERSONAL_STATEMENT_MAX,
  PROFILE_MESSAGES,
  SOCIAL_FIELD_LABELS,
  SOCIAL_FIELDS,
  profileUpdateSchema,
  type ProfileJson,
} from '../src/validation/profiles';
import { VISIBILITY_OPTIONS, type Visibility } from '../src/validation/visibility';
import { DepartmentPickerField } from './DepartmentPicker';
import { api } from './lib/api';
import { useInlineForm } from './lib/useInlineForm';
import { settleSaves } from './lib/pendingSaves';
import { toast } from './lib/toast';
import { Button } from '../views/ui/Button';
import { EnhanceAssist } from './lib/EnhanceButton';
import { CharacterCount, FieldGrid, FieldGroup, Select, TextArea, TextField } from '../views/ui/Field';
import { sc } from '../views/ui/sc';
import { theme, media } from '../views/ui/theme';
import { ProfileHeaderCard } from '../views/profile/ProfileHeaderCard';
import { unsavable, useOneOpenEditor } from './lib/useOneOpenEditor';
import { closedContentNotRendered } from './lib/closedDetails';
import { KEPT_HTML, useKeptUntilOpened } from './lib/keptUntilOpened';

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

/** Closed: the header card as visitors see it, with Edit Profile in its corner (under it on phones). */
const Shell = styled.section.withConfig(sc('ProfileEditorShell'))<{ $open: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  & > details {
    ${closedContentNotRendered}
  }
  & > details > summary {
    display: ${(p) => (p.$open ? 'none' : 'flex')};
    list-style: none;
  }
  & > details > summary::-webkit-details-marker {
    display: none;
  }
  ${media.tablet} {
    & > details > summary {
      position: absolute;
      top: ${theme.space[5]};
      right: ${theme.space[5]};
      width: auto;
      /* It sits on the banner's corner: a white ring sets it apart from the band. */
      box-shadow: 0 0 0 2px ${theme.color.white};
    }
  }
`;

/** Open: the fields, full screen on phones, in place from 768 px. */
const Sheet = styled.div.withConfig(sc('ProfileEditorSheet'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[5]};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  @media (max-width: 767px) {
    position: fixed;
    inset: 0;
    z-index: 60;
    border-radius: 0;
    overflow-y: auto;
  }
`;

const SheetHead = styled.div.withConfig(sc('ProfileEditorHead'))`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  & h2 {
    margin: 0;
    font-size: ${theme.font.size.xl};
  }
`;

export interface ProfileEditorProps {
  profile: ProfileJson;
  /** The profile's department as the picker shows it (null when it was removed). */
  department: DepartmentJson | null;
  /** The server has an AI model: the personal statement offers Enhance (docs/decisions/ai-assist.md). */
  aiAssist?: boolean;
}

/** The profile's values as the form edits them: its texts, and the visibilities chosen here. */
const editedValues = (profile: ProfileJson) => ({
  ...(Object.fromEntries(Object.keys(LABELS).map((key) => [key, profile[key as TextKey] ?? ''])) as Record<
    TextKey,
    string
  >),
  defaultVisibility: profile.defaultVisibility,
  fieldVisibility: {
    phone: profile.fieldVisibility?.phone ?? 'public',
    email: profile.fieldVisibility?.email ?? 'public',
  },
});

export default function ProfileEditor({
  profile,
  department: initialDepartment,
  aiAssist = false,
}: ProfileEditorProps) {
  const [department, setDepartment] = useState<DepartmentJson | null>(initialDepartment);
  /** On phones the open editor is a full-screen dialog; from 768 px it opens in place. */
  const [modal, setModal] = useState(false);
  const inline = useInlineForm({
    schema: profileUpdateSchema,
    saved: profile,
    values: editedValues,
    request: (body) => api.patch<ProfileJson>(`/api/profiles/${profile.id}`, body),
    errorTitle: PROFILE_MESSAGES.updateFailed,
    fallbackMessage: 'Please try again.',
    onFailed: () => disclosure.reopen(),
  });
  const { form } = inline;
  const disclosure = useOneOpenEditor({
    initiallyOpen: false,
    canClose: () => {
      const names = unsavable(profileUpdateSchema, form.getValues(), form.errors);
      names.forEach((name) => form.touch(name as Parameters<typeof form.touch>[0]));
      return names.length === 0;
    },
  });
  const { open } = disclosure;
  const formId = form.id;
  const draft = inline.values;

  const text = (key: TextKey, options: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      {...inline.text(key)}
      label={LABELS[key]}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
    />
  );

  /** Phone and e-mail each have their own visibility: saved as `fieldVisibility: { phone }`. */
  const visibilitySelect = (key: 'phone' | 'email') => (
    <Select
      id={`${formId}-${key}Visibility`}
      label={`Who sees your ${key === 'phone' ? 'phone' : 'e-mail'}`}
      options={VISIBILITY_OPTIONS}
      value={draft.fieldVisibility[key]}
      onChange={(e) =>
        inline.choose('fieldVisibility', { ...inline.getValues().fieldVisibility, [key]: e.target.value as Visibility })
      }
    />
  );

  /** Done Editing: once the last save has landed, closes (unless a field cannot be saved) with 'Changes saved!'. */
  const doneEditing = async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    if ((await settleSaves()) && disclosure.done()) toast({ title: PROFILE_MESSAGES.changesSaved });
  };

  // Closed at hydration, the fields stay the server's until Edit Profile opens them (lib/keptUntilOpened.ts).
  const kept = useKeptUntilOpened(`${formId}-sheet`, open);
  const sheetProps = {
    id: `${formId}-sheet`,
    ref: disclosure.panelRef,
    role: open && modal ? 'dialog' : 'group',
    'aria-modal': (open && modal) || undefined,
    'aria-labelledby': 'profile-editor-title',
  };
  const statementLength = draft.personalStatement.length;
  return (
    <Shell $open={open} aria-label="Edit profile">
      {open ? null : <ProfileHeaderCard profile={inline.saved} />}
      {/* A <details>: Edit Profile opens the fields before the script has run too (what is typed is kept). */}
      <details ref={disclosure.detailsRef} open={open}>
        <Button
          as="summary"
          data-open-editor=""
          ref={disclosure.toggleRef}
          aria-expanded={open}
          aria-controls={`${formId}-sheet`}
          $block
          onClick={(e: MouseEvent) => {
            e.preventDefault();
            setModal(window.matchMedia('(max-width: 767px)').matches);
            disclosure.edit();
          }}
        >
          {PROFILE_MESSAGES.editProfile}
        </Button>
        {kept ? (
          <Sheet {...sheetProps} dangerouslySetInnerHTML={KEPT_HTML} />
        ) : (
          <Sheet {...sheetProps}>
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
                value={inline.saved.name}
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
                const before = department;
                setDepartment(picked);
                void inline.save({ departmentId: picked.id }, () => setDepartment(before)).catch(() => undefined);
              }}
            />
            <FieldGrid>
              {text('motto')}
              {text('currentStatus')}
              {text('role')}
              {text('profileImage', { type: 'url' })}
            </FieldGrid>
            <TextArea
              {...inline.text('personalStatement')}
              label={LABELS.personalStatement}
              help={<CharacterCount length={statementLength} max={PERSONAL_STATEMENT_MAX} />}
            />
            {aiAssist ? (
              <EnhanceAssist
                field="personalStatement"
                label={LABELS.personalStatement}
                text={draft.personalStatement}
                targetId={`${formId}-personalStatement`}
                onAccept={(text) => form.setValue('personalStatement', text)}
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
                {...inline.select('defaultVisibility')}
                label="Who sees new items by default"
                options={VISIBILITY_OPTIONS}
              />
            </FieldGroup>
          </Sheet>
        )}
      </details>
    </Shell>
  );
}
