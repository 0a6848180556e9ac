/**
 * The edit controls in the header (spec 01 §2; the page passes them to renderPage's `headerControls`): the
 * visibility toggle (Hidden for draft, Public for live; the owner only), Widgets settings while editing, and
 * the Edit Profile / Save toggle (spec 02 §2 "The owner sees an Edit Profile control"). Edit mode is a
 * server-rendered mode of the page (?edit=1), so Edit Profile is a link that works without script; Save waits
 * for the fields' last saves, then leaves it. The Widget Settings panel drops down below the header.
 * Outside edit mode View as visitor / View as member are in the owner's "⋯" menu beside Share
 * (views/profile/OwnerMoreMenu.tsx), and the visibility switch is a form's submit button (POST
 * /profiles/{id}/status, src/pages/profiles.tsx), so the toolbar works before its code has come: the page
 * hydrates it when first touched, and then the switch saves through the API instead.
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import {
  PROFILE_MESSAGES,
  WIDGETS,
  type ProfileJson,
  type ProfileStatus,
  type WidgetKey,
} from '../src/validation/profileWidgets';
import { api } from './lib/api';
import { useApiMutation } from './lib/useApiMutation';
import { settleSaves } from './lib/pendingSaves';
import { Button, ButtonLink } from '../views/ui/Button';
import { sc } from '../views/ui/sc';
import { DropPanel } from '../views/ui/DropPanel';
import { FormAlert } from '../views/ui/Field';
import type { FormState } from '../src/validation/forms';
import { theme, media } from '../views/ui/theme';
import { SwitchTrack } from '../views/ui/Switch';

const Bar = styled.div.withConfig(sc('ProfileToolbarBar'))`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${theme.space[1]};
  ${media.tablet} {
    gap: ${theme.space[2]};
  }
`;

/**
 * The visibility switch: a white pill with its track and knob (kit SwitchTrack) and the word for the state, so it
 * reads as a switch on Hidden and on Public alike; a white focus ring on the header's brand red.
 */
const Switch = styled.button.withConfig(sc('ProfileVisibilitySwitch'))<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: ${theme.controlHeight};
  padding: 0 ${theme.space[3]} 0 ${theme.space[2]};
  border-radius: ${theme.radius.pill};
  border: 1px solid ${theme.color.surface};
  background: ${theme.color.surface};
  color: ${(p) => (p.$on ? theme.color.ok : theme.color.ink)};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${theme.color.white};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
`;

/** The switch's form: no box of its own, so the switch sits in the bar like the other controls. */
const SwitchForm = styled.form.withConfig(sc('ProfileVisibilityForm'))`
  display: contents;
`;

/** A refused plain post's message: on its own line of the bar, on the page's surface (the bar sits on brand red). */
const StatusAlert = styled.div.withConfig(sc('ProfileVisibilityAlert'))`
  flex-basis: 100%;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.control};
`;

/** Drops down from the header, over the page, within the screen. */
const Panel = styled(DropPanel).withConfig(sc('WidgetSettingsPanel')).attrs({ $width: 560 })`
  & h2 {
    margin: 0 0 ${theme.space[3]};
    font-size: ${theme.font.size.lg};
  }
  & ul {
    list-style: none;
    margin: 0 0 ${theme.space[3]};
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: ${theme.space[2]};
  }
  & label {
    display: flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: 32px;
  }
  & p {
    margin: 0 0 ${theme.space[3]};
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

export interface ProfileToolbarProps {
  profileId: number;
  profileStatus: ProfileStatus;
  isOwner: boolean;
  editing: boolean;
  hiddenWidgets: WidgetKey[];
  basePath: string;
  /** The switch's refused plain post (its message), or null. */
  statusForm?: FormState | null;
}

function WidgetSettings({
  profileId,
  initial,
  onDone,
}: {
  profileId: number;
  initial: WidgetKey[];
  onDone(changed: boolean): void;
}) {
  const [hidden, setHidden] = useState<WidgetKey[]>(initial);
  const save = useApiMutation({
    request: (next: WidgetKey[]) => api.patch<ProfileJson>(`/api/profiles/${profileId}`, { hiddenWidgets: next }),
    errorTitle: PROFILE_MESSAGES.updateFailed,
    fallbackMessage: 'Please try again.',
    // Undo the optimistic change if it is still what is shown.
    onError: (_error, next) => setHidden((current) => (current === next ? initial : current)),
  });
  const toggle = (key: WidgetKey, shown: boolean) => {
    const next = shown ? hidden.filter((k) => k !== key) : [...hidden, key];
    setHidden(next);
    save.mutate(next);
  };
  return (
    <Panel aria-labelledby="widget-settings-title">
      <h2 id="widget-settings-title">Widget Settings</h2>
      <ul>
        {WIDGETS.map((widget) => (
          <li key={widget.key}>
            <label>
              <input
                type="checkbox"
                checked={!hidden.includes(widget.key)}
                onChange={(e) => toggle(widget.key, e.target.checked)}
              />
              {widget.title}
            </label>
          </li>
        ))}
      </ul>
      <p aria-live="polite">
        {hidden.length === 0
          ? 'All widgets are shown.'
          : `${hidden.length} ${hidden.length === 1 ? 'widget is' : 'widgets are'} hidden.`}
      </p>
      <Button type="button" disabled={save.isPending} onClick={() => onDone(hidden.join() !== initial.join())}>
        Done
      </Button>
    </Panel>
  );
}

export default function ProfileToolbar({
  profileId,
  profileStatus,
  isOwner,
  editing,
  hiddenWidgets,
  basePath,
  statusForm = null,
}: ProfileToolbarProps) {
  const [status, setStatus] = useState<ProfileStatus>(profileStatus);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const setVisibility = useApiMutation({
    request: (next: ProfileStatus) =>
      api.patch<ProfileJson>(`/api/profiles/${profileId}/status`, { profileStatus: next }),
    success: { title: PROFILE_MESSAGES.visibilityUpdated },
    errorTitle: PROFILE_MESSAGES.updateFailed,
    fallbackMessage: 'Please try again.',
    onSuccess: (profile) => setStatus(profile.profileStatus),
  });
  const live = status === 'live';

  const leaveEditMode = async () => {
    setLeaving(true);
    if (await settleSaves()) window.location.assign(basePath);
    else setLeaving(false); // a failed save has shown its toast; stay so nothing typed is lost
  };

  return (
    <Bar role="toolbar" aria-label="Profile controls">
      {statusForm?.error ? (
        <StatusAlert>
          <FormAlert error={statusForm.error} />
        </StatusAlert>
      ) : null}
      {isOwner ? (
        <SwitchForm
          method="post"
          action={`/profiles/${profileId}/status`}
          onSubmit={(event) => {
            event.preventDefault();
            setVisibility.mutate(live ? 'draft' : 'live');
          }}
        >
          <input type="hidden" name="profileStatus" value={live ? 'draft' : 'live'} />
          <Switch
            type="submit"
            role="switch"
            aria-checked={live}
            aria-label={`Profile visibility: ${live ? 'Public' : 'Hidden'}`}
            $on={live}
            disabled={setVisibility.isPending}
          >
            <SwitchTrack $on={live} aria-hidden="true" />
            {live ? 'Public' : 'Hidden'}
          </Switch>
        </SwitchForm>
      ) : null}
      {editing ? (
        <Button
          type="button"
          $variant="onBrand"
          aria-expanded={settingsOpen}
          onClick={() => setSettingsOpen((open) => !open)}
        >
          Widgets
        </Button>
      ) : null}
      {editing ? (
        <Button type="button" $variant="secondary" disabled={leaving} onClick={() => void leaveEditMode()}>
          {leaving ? 'Saving…' : 'Save'}
        </Button>
      ) : (
        <ButtonLink href={`${basePath}?edit=1`} $variant="secondary">
          {PROFILE_MESSAGES.editProfile}
        </ButtonLink>
      )}
      {editing && settingsOpen ? (
        <WidgetSettings
          profileId={profileId}
          initial={hiddenWidgets}
          onDone={(changed) => {
            setSettingsOpen(false);
            if (changed) window.location.reload();
          }}
        />
      ) : null}
    </Bar>
  );
}
