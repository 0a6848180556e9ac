/**
 * The shell's views rendered as a page would be: the user menu's choices per user, and the sub-navigation
 * slot carrying the profile's widget filter (which no route renders yet; the profile page will).
 */
import test from 'ava';
import { Layout } from '../../views/layout/Layout';
import type { Shell, ShellUser } from '../../views/layout/shell';
import { WidgetFilter } from '../../views/profile/WidgetFilter';
import { widgetFromFilter } from '../../src/validation/profiles';
import { renderDocument } from '../../src/render/renderDocument';
import type { User } from '../../src/models/User';
import { shellUser } from '../../src/render/buildShell';

const member: ShellUser = { id: 7, name: 'Jordan Park', email: 'jordan@example.com', isAdmin: false, ownProfileId: 42 };

function render(shell: Partial<Shell>, subNav?: React.ReactNode): string {
  const full: Shell = {
    productName: 'Turnout',
    path: '/',
    user: null,
    feedbackUrl: null,
    isPublicPage: false,
    ...shell,
  };
  return renderDocument(
    <Layout shell={full} subNav={subNav}>
      <p>content</p>
    </Layout>,
    { title: 'Test' },
    { production: false },
  ).html.toString();
}

const menuItems = (html: string) =>
  [
    ...(/<details[^>]*data-testid="user-menu".*?<\/details>/s.exec(html)?.[0] ?? '').matchAll(
      /<(a|button)([^>]*)>([^<]+)<\/(?:a|button)>/g,
    ),
  ].map((m) => ({ text: m[3], attrs: m[2]! }));

test('a user with a profile gets My Profile, View Public Profile (new tab) and Import instead of Create Profile', (t) => {
  const items = menuItems(render({ user: member }));
  t.deepEqual(
    items.map((i) => i.text),
    ['My Profile', 'View Public Profile', 'Import from LinkedIn', 'Account Settings', 'Sign Out'],
  );
  t.regex(items[2]!.attrs, /href="\/profiles\/42\/import"/);
  t.regex(items[0]!.attrs, /href="\/profiles\/42"/);
  t.regex(items[1]!.attrs, /href="\/profiles\/42\/public"/);
  t.regex(items[1]!.attrs, /target="_blank"/);
});

test('admins and super admins also get Verification Requests and Admin Dashboard (the server presents the flags)', (t) => {
  const account = (role: User['role']) => ({ id: 7, name: member.name, email: member.email, role }) as User;
  t.false(shellUser(account('user'), null).isAdmin);
  t.false(shellUser(account('user'), null).reviewsVerifications);
  for (const role of ['admin', 'super_admin'] as const) {
    const items = menuItems(render({ user: shellUser(account(role), null) }));
    t.deepEqual(
      items.map((i) => i.text),
      ['Create Profile', 'Account Settings', 'Verification Requests', 'Admin Dashboard', 'Sign Out'],
      role,
    );
  }
  // A department verifier (docs/decisions/verified-membership.md) gets Verification Requests only.
  const verifier = menuItems(render({ user: shellUser(account('user'), null, true) }));
  t.deepEqual(
    verifier.map((i) => i.text),
    ['Create Profile', 'Account Settings', 'Verification Requests', 'Sign Out'],
  );
});

test('the widget filter goes into the header below the bar, ten links with the active one marked', (t) => {
  const html = render({ path: '/profiles/9' }, <WidgetFilter basePath="/profiles/9" active="specialUnits" />);
  const header = /<header.*?<\/header>/s.exec(html)?.[0] ?? '';
  const nav = /<nav[^>]*aria-label="Widget filter".*?<\/nav>/s.exec(header)?.[0] ?? '';
  const links = [...nav.matchAll(/<a([^>]*)>([^<]+)<\/a>/g)].map((m) => ({ attrs: m[1]!, text: m[2] }));
  t.deepEqual(
    links.map((l) => l.text),
    [
      'All Widgets',
      'Timeline',
      'Awards',
      'Certifications',
      'Licenses',
      'Apparatus',
      'Skills',
      'Special Units',
      'Photos',
      'Incidents',
    ],
  );
  t.regex(links[0]!.attrs, /href="\/profiles\/9"/);
  t.regex(links[7]!.attrs, /href="\/profiles\/9\?widget=units"/);
  t.deepEqual(
    links.filter((l) => l.attrs.includes('aria-current="page"')).map((l) => l.text),
    ['Special Units'],
  );
  t.true(header.indexOf('Turnout home') < header.indexOf('Widget filter'), 'below the logo row');
  t.false(render({ path: '/profiles/9' }).includes('Widget filter'), 'only when the page passes it');
});

test('?widget= names a section in the header’s spelling or the spec’s others; anything else is all', (t) => {
  t.is(widgetFromFilter('units'), 'specialUnits');
  t.is(widgetFromFilter('special-units'), 'specialUnits');
  t.is(widgetFromFilter('apparatus'), 'gear');
  t.is(widgetFromFilter('gear'), 'gear');
  t.is(widgetFromFilter('nonsense'), 'all');
  t.is(widgetFromFilter(['units', 'skills']), 'all');
  t.is(widgetFromFilter(undefined), 'all');
});
