/**
 * /account-settings (spec 01 §2): summary cards, then the forms; each form is its own island and also a plain
 * form posting to /account-settings with its `intent` (src/pages/accountSettings.tsx). After a failed post the
 * page comes back with that form's state; after a successful one, with a notice.
 */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { Badge } from '../ui/Badge';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { Checkbox, Form, FormAlert, SubmitButton, TextField } from '../ui/Field';
import { Island } from '../../src/render/Island';
import type { DevicesJson } from '../../src/validation/accountData';
import type { AccountJson } from '../../src/validation/auth';
import { DevicesSection, YourDataSection } from './AccountDataSections';
import { SecurityBlock } from './twoFactor';
import type { FormState } from '../../src/validation/forms';
import { reminderDaysText, type ReminderSettingsJson } from '../../src/validation/reminders';

export const ROLE_LABELS = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' } as const;

const Page = styled.div.withConfig(sc('SettingsPage'))`
  max-width: 1080px;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
  ${media.tablet} {
    padding: ${theme.space[6]} ${theme.space[5]};
  }
`;

const Heading = styled.h1.withConfig(sc('SettingsHeading'))`
  margin: 0 0 ${theme.space[1]};
  font-size: ${theme.font.size.xxl};
`;

const Sub = styled.p.withConfig(sc('SettingsSub'))`
  margin: 0 0 ${theme.space[5]};
  color: ${theme.color.muted};
`;

const Summary = styled.div.withConfig(sc('SettingsSummary'))`
  display: grid;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[5]};
  ${media.tablet} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const SummaryCard = styled.div.withConfig(sc('SettingsSummaryCard'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[4]};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  span:first-child {
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

const Grid = styled.div.withConfig(sc('SettingsGrid'))`
  display: grid;
  gap: ${theme.space[4]};
  ${media.laptop} {
    grid-template-columns: 1fr 1fr;
    align-items: start;
  }
`;

function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <Card aria-label={title} id={id}>
      <CardTitle>{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
      {children}
    </Card>
  );
}

export interface AccountSettingsProps {
  user: AccountJson;
  baseUrl: string;
  /** The My Departments card (an island of the departments feature). */
  departments: ReactNode;
  /** Security: two-factor sign-in, passkeys, recent security events (docs/decisions/two-factor.md, views/pages/twoFactor.tsx). */
  security?: ReactNode;
  /** The state of the one form whose post failed. */
  forms?: Partial<Record<SettingsIntent, FormState>>;
  /** After a successful post: what was saved (the island's success toast, as a notice). */
  notice?: { title: string; description: string } | null;
  /** Expiry reminders and the calendar feed (docs/decisions/expiry-reminders.md). */
  reminders: ReminderSettingsJson;
  /** Signed-in devices and the new-device e-mail setting (docs/decisions/signed-in-devices.md). */
  devices: DevicesJson;
}

export type SettingsIntent =
  | 'profile'
  | 'password'
  | 'username'
  | 'notifications'
  | 'calendar'
  | 'signOutDevice'
  | 'signOutOthers'
  | 'deviceAlerts'
  | 'verification'
  | 'listing';

const Feed = styled.div.withConfig(sc('SettingsFeed'))`
  display: grid;
  gap: ${theme.space[3]};
  input {
    font-family: ui-monospace, monospace;
    font-size: ${theme.font.size.sm};
  }
`;

const text = (state: FormState | undefined, name: string, fallback: string) => {
  const value = state?.values[name];
  return typeof value === 'string' ? value : fallback;
};
const ticked = (state: FormState | undefined, name: string, fallback: boolean) =>
  state ? state.values[name] === 'true' : fallback;

/** Account Settings → Notifications: a plain server form (no script needed). */
function NotificationsForm({ settings, state }: { settings: ReminderSettingsJson; state?: FormState }) {
  return (
    <Form action="/account-settings#notifications">
      <input type="hidden" name="intent" value="notifications" />
      <FormAlert error={state?.error} />
      <Checkbox
        id="reminders-enabled"
        name="remindersEnabled"
        label="E-mail me before a certification or license expires"
        defaultChecked={ticked(state, 'remindersEnabled', settings.remindersEnabled)}
        error={state?.errors.remindersEnabled}
      />
      <TextField
        id="reminder-days"
        name="reminderDays"
        label="Days before expiry"
        inputMode="numeric"
        help="One digest a day at most, listing each item once per threshold. Example: 60, 30, 14, 7, 1"
        defaultValue={text(state, 'reminderDays', reminderDaysText(settings.reminderDays))}
        error={state?.errors.reminderDays}
      />
      <Checkbox
        id="reminder-on-day"
        name="reminderOnDay"
        label="A notice on the day it expires"
        defaultChecked={ticked(state, 'reminderOnDay', settings.reminderOnDay)}
        error={state?.errors.reminderOnDay}
      />
      <Checkbox
        id="endorsement-emails"
        name="endorsementEmails"
        label="E-mail me when a colleague endorses one of my skills"
        defaultChecked={ticked(state, 'endorsementEmails', settings.endorsementEmails)}
        error={state?.errors.endorsementEmails}
      />
      <SubmitButton pending={false} label="Save Notifications" busyLabel="Saving…" />
    </Form>
  );
}

/** The calendar feed's private address, and a form that replaces it. */
/** The feed's address is shown once, right after it is made (only its hash is kept); it can be replaced. */
function CalendarFeed({ url, exists }: { url: string | null; exists: boolean }) {
  return (
    <Feed>
      {url ? (
        <TextField
          id="calendar-url"
          label="Calendar address (private)"
          readOnly
          value={url}
          help="Copy it now: it is shown only this once. Subscribe to it in your calendar app. Anyone with this address can see your expiry dates."
        />
      ) : (
        <p data-testid="calendar-hidden">
          {exists
            ? 'Your calendar address was shown once, when it was made. To see one again, replace it: the old address stops working.'
            : 'Make a private address to subscribe to your expiry dates in your calendar app.'}
        </p>
      )}
      <Form action="/account-settings#calendar">
        <input type="hidden" name="intent" value="calendar" />
        <SubmitButton
          pending={false}
          label={exists ? 'Replace Calendar Link' : 'Create Calendar Link'}
          busyLabel={exists ? 'Replacing…' : 'Creating…'}
        />
      </Form>
    </Feed>
  );
}

const Saved = styled.div.withConfig(sc('SettingsSaved'))`
  margin: 0 0 ${theme.space[5]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 1px solid ${theme.color.ok};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
  font-size: ${theme.font.size.sm};
  strong {
    display: block;
  }
`;

export function AccountSettingsPage({
  user,
  baseUrl,
  departments,
  security,
  forms = {},
  notice = null,
  reminders,
  devices,
}: AccountSettingsProps) {
  return (
    <Page>
      <Heading>Account Settings</Heading>
      <Sub>Manage your account, sign-in and public address.</Sub>
      {notice ? (
        <Saved role="status" data-testid="settings-notice">
          <strong>{notice.title}</strong>
          {notice.description}
        </Saved>
      ) : null}
      <Summary>
        <SummaryCard>
          <span>Role</span>
          <Badge $tone={user.role === 'user' ? 'neutral' : 'brand'}>{ROLE_LABELS[user.role]}</Badge>
        </SummaryCard>
        <SummaryCard>
          <span>Status</span>
          <Badge $tone={user.isActive ? 'ok' : 'danger'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
        </SummaryCard>
        <SummaryCard>
          <span>Email</span>
          <Badge $tone={user.emailVerified ? 'ok' : 'warn'}>{user.emailVerified ? 'Verified' : 'Not verified'}</Badge>
        </SummaryCard>
      </Summary>
      <Grid>
        <Section
          title="Profile Information"
          description="Your name appears on your profile. It can only be changed here."
        >
          <Island name="ProfileInfoForm" props={{ name: user.name, email: user.email, state: forms.profile ?? null }} />
        </Section>
        {/* One card for everything that guards the sign-in (spec 01 §2 "Security Settings (password change)"). */}
        <Section
          id="security"
          title="Security Settings"
          description="Your password, a second step at sign-in, passkeys, and what has happened to your sign-in lately."
        >
          <SecurityBlock>
            <h3>Password</h3>
            <p>Every other device is signed out when you change it.</p>
            <Island name="ChangePasswordForm" props={{ state: forms.password ?? null }} />
          </SecurityBlock>
          {security}
        </Section>
        <Section title="Custom Profile URL" description="Choose a short address for sharing your public profile.">
          <Island name="UsernameForm" props={{ username: user.username, baseUrl, state: forms.username ?? null }} />
        </Section>
        <Section
          id="departments"
          title="My Departments"
          description="The fire departments you serve or have served with."
        >
          {departments}
        </Section>
        <Section
          id="notifications"
          title="Notifications"
          description="Expiry reminders by e-mail for the certifications and licenses on your profile."
        >
          <NotificationsForm settings={reminders} state={forms.notifications} />
        </Section>
        <Section
          id="calendar"
          title="Calendar Feed"
          description="Every expiry date in your calendar app, with alarms on your reminder days."
        >
          <CalendarFeed url={reminders.calendarUrl} exists={reminders.hasCalendar} />
        </Section>
        <Section
          id="devices"
          title="Signed-in Devices"
          description="Where your account is signed in. Sign out any device you do not recognise."
        >
          <FormAlert error={forms.signOutDevice?.error ?? forms.signOutOthers?.error} />
          <DevicesSection devices={devices} alertsState={forms.deviceAlerts} />
        </Section>
        <Section
          id="data"
          title="Your Data"
          description="Download a copy of everything you keep here, or delete your account."
        >
          <YourDataSection />
        </Section>
      </Grid>
    </Page>
  );
}
