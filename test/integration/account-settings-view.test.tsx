/** The account settings summary cards show what the presenter says about the account (spec 01 §2). */
import test from 'ava';
import { AccountSettingsPage } from '../../views/pages/AccountSettingsPage';
import { renderDocument } from '../../src/render/renderDocument';
import type { AccountJson } from '../../src/validation/auth';

const account: AccountJson = {
  name: 'Jordan Park',
  email: 'jordan@example.com',
  role: 'user',
  username: null,
  isActive: true,
  emailVerified: true,
};

function summary(user: AccountJson): string[][] {
  const { html } = renderDocument(
    <AccountSettingsPage
      user={user}
      baseUrl="https://turnout.example"
      departments={null}
      devices={{ devices: [], newDeviceAlerts: true }}
      reminders={{
        remindersEnabled: true,
        reminderDays: [60, 30],
        reminderOnDay: true,
        endorsementEmails: true,
        calendarUrl: 'https://turnout.example/calendar/0123456789abcdef0123456789abcdef.ics',
        hasCalendar: true,
      }}
    />,
    { title: 'Account Settings' },
    { production: false },
  );
  return [...html.toString().matchAll(/<span>(Role|Status|Email)<\/span><span[^>]*>([^<]+)<\/span>/g)].map((m) => [
    m[1]!,
    m[2]!,
  ]);
}

test('the e-mail card shows Verified only for a verified e-mail', (t) => {
  t.deepEqual(summary(account), [
    ['Role', 'User'],
    ['Status', 'Active'],
    ['Email', 'Verified'],
  ]);
  t.deepEqual(summary({ ...account, emailVerified: false }), [
    ['Role', 'User'],
    ['Status', 'Active'],
    ['Email', 'Not verified'],
  ]);
});

test('the role and status cards follow the account too', (t) => {
  t.deepEqual(summary({ ...account, role: 'admin', isActive: false }).slice(0, 2), [
    ['Role', 'Admin'],
    ['Status', 'Inactive'],
  ]);
});
