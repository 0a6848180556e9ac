/**
 * /admin (spec 01 §2): the heading with the Admin / Super Admin badge, the tabs (links: /admin?tab=…, so each tab
 * is a server-rendered page) and, first under them, the selected tab's content: its island, which hydrates when
 * visible. The user stat cards, the site's insight totals and the sign-in security card belong to the Users tab.
 * What an action just did is a status line at its row or form (docs/decisions/confirm-in-place.md).
 * /admin/supabase-setup: the database set-up page.
 */
import { styled } from 'styled-components';
import type { SiteInsightsJson } from '../../src/validation/share';
import { SiteInsights } from './SiteInsights';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { Badge } from '../ui/Badge';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { Checkbox, Form, SubmitButton } from '../ui/Field';
import { Island } from '../../src/render/Island';
import {
  ADMIN_LABELS,
  ROLE_LABELS,
  type AdminStatsJson,
  type AdminUsersPageJson,
  type AiLogsPageJson,
  type BetaCodeJson,
  type BetaCodeStatsJson,
  type BlacklistEntryJson,
  type DatabaseSetupResultJson,
} from '../../src/validation/admin';
import type { Role } from '../../src/validation/auth';
import type { ActionNotice, FormState } from '../../src/validation/forms';
import type { AdminDepartmentsTabJson } from '../../src/validation/departmentAdmin';
import { VerificationsPanel, type VerificationsPanelProps } from './VerificationsPage';

export const ADMIN_TABS = ['users', 'beta-codes', 'blacklist', 'ai-logs', 'departments', 'verification'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const TAB_LABELS: Record<AdminTab, string> = {
  users: ADMIN_LABELS.tabs.users,
  'beta-codes': ADMIN_LABELS.tabs.betaCodes,
  blacklist: ADMIN_LABELS.tabs.blacklist,
  'ai-logs': ADMIN_LABELS.tabs.aiLogs,
  departments: ADMIN_LABELS.tabs.departments,
  verification: 'Verified Members',
};

const Page = styled.div.withConfig(sc('AdminPage'))`
  max-width: 1280px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]};
  ${media.tablet} {
    padding: ${theme.space[6]} ${theme.space[5]};
  }
`;

const Head = styled.div.withConfig(sc('AdminHead'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[5]};
  h1 {
    margin: 0;
    font-size: ${theme.font.size.xxl};
  }
  p {
    margin: ${theme.space[1]} 0 0;
    color: ${theme.color.muted};
  }
  a {
    color: ${theme.color.brand};
    font-weight: 600;
  }
`;

const TitleRow = styled.div.withConfig(sc('AdminTitleRow'))`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
`;

const TabNav = styled.nav.withConfig(sc('AdminTabs'))`
  display: flex;
  gap: ${theme.space[1]};
  overflow-x: auto;
  margin-bottom: ${theme.space[5]};
  border-bottom: 1px solid ${theme.color.line};
  a {
    flex: none;
    padding: ${theme.space[3]} ${theme.space[4]};
    color: ${theme.color.muted};
    font-weight: 600;
    text-decoration: none;
    border-bottom: 3px solid transparent;
    margin-bottom: -1px;
  }
  a[aria-current='page'] {
    color: ${theme.color.brand};
    border-bottom-color: ${theme.color.brand};
  }
  a:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: -2px;
  }
`;

export type AdminTabData =
  | { tab: 'users'; page: AdminUsersPageJson; query: string }
  | { tab: 'beta-codes'; codes: BetaCodeJson[]; stats: BetaCodeStatsJson }
  | { tab: 'blacklist'; entries: BlacklistEntryJson[] }
  | { tab: 'ai-logs'; page: AiLogsPageJson }
  | { tab: 'departments'; departments: AdminDepartmentsTabJson }
  /** docs/decisions/verified-membership.md: pending membership verifications and every department's verifiers (no island: plain forms). */
  | { tab: 'verification'; panel: VerificationsPanelProps };

export interface AdminPageProps {
  /** The viewer's role, for the badge; what they may do comes with the data (e.g. each user's `can`). */
  viewer: { role: Role };
  stats: AdminStatsJson;
  data: AdminTabData;
  /** Every profile's insight counts added up (docs/decisions/insights.md). */
  insights?: SiteInsightsJson | null;
  /** docs/decisions/two-factor.md: whether admins must use two-factor, and whether this viewer (a super admin) may change it. */
  twoFactor?: { required: boolean; canChange: boolean } | null;
  /** What a plain post just did (or why it was refused), shown at its row or form. */
  notice?: ActionNotice | null;
  /** A refused create form's values and messages: it comes back open. */
  forms?: AdminForms;
  /** The wallet passes' settings still missing (docs/decisions/wallet-card.md); empty lists when both are on. */
  wallet?: { apple: string[]; google: string[] } | null;
}

/** The create forms a refused post shows again (src/pages/adminForms.tsx). */
export interface AdminForms {
  createCode?: FormState;
  addToBlacklist?: FormState;
}

/** The dashboard's sign-in security switch: a plain form for a super admin, a line of text for an admin. */
function TwoFactorSetting({ required, canChange }: { required: boolean; canChange: boolean }) {
  return (
    <Card aria-label="Sign-in security">
      <CardTitle>Sign-in security</CardTitle>
      {canChange ? (
        <Form action="/admin/settings">
          <Checkbox
            id="require-two-factor"
            name="requireTwoFactorForAdmins"
            label="Require two-factor sign-in for admins"
            help="Admins without an authenticator app are asked to set one up at their next sign-in."
            defaultChecked={required}
          />
          <SubmitButton pending={false} label="Save" busyLabel="Saving…" />
        </Form>
      ) : (
        <CardDescription>
          Two-factor sign-in is {required ? 'required' : 'not required'} for admins. A super admin can change this.
        </CardDescription>
      )}
    </Card>
  );
}

const Below = styled.div.withConfig(sc('AdminBelow'))`
  display: grid;
  gap: ${theme.space[5]};
  margin-top: ${theme.space[6]};
`;

/** The Users tab: the stat cards, the users, then the site's insight totals and sign-in security. */
function UsersTab({
  data,
  stats,
  insights,
  twoFactor,
  notice,
  wallet,
}: Pick<AdminPageProps, 'stats' | 'insights' | 'twoFactor' | 'wallet'> & {
  data: Extract<AdminTabData, { tab: 'users' }>;
  notice: ActionNotice | null;
}) {
  return (
    <>
      <Island name="AdminStats" hydrate="visible" props={{ initialStats: stats }} />
      <Island
        name="AdminUsers"
        hydrate="visible"
        props={{ initialPage: data.page, initialQuery: data.query, initialNotice: notice }}
      />
      {insights || twoFactor || wallet ? (
        <Below>
          {insights ? <SiteInsights insights={insights} /> : null}
          {twoFactor ? <TwoFactorSetting {...twoFactor} /> : null}
          {wallet ? <WalletSettings missing={wallet} /> : null}
        </Below>
      ) : null}
    </>
  );
}

function TabContent({
  data,
  notice,
  forms,
}: Pick<AdminPageProps, 'data'> & { notice: ActionNotice | null; forms: AdminForms }) {
  switch (data.tab) {
    case 'users':
      return null; // UsersTab, which also holds the dashboard's cards
    case 'beta-codes':
      return (
        <Island
          name="AdminBetaCodes"
          hydrate="visible"
          props={{
            initialCodes: data.codes,
            initialStats: data.stats,
            initialNotice: notice,
            form: forms.createCode ?? null,
          }}
        />
      );
    case 'blacklist':
      return (
        <Island
          name="AdminBlacklist"
          hydrate="visible"
          props={{ initialEntries: data.entries, initialNotice: notice, form: forms.addToBlacklist ?? null }}
        />
      );
    case 'ai-logs':
      return <Island name="AdminAiLogs" hydrate="visible" props={{ initialPage: data.page }} />;
    case 'departments':
      return <Island name="AdminDepartments" hydrate="visible" props={data.departments} />;
    case 'verification':
      return <VerificationsPanel {...data.panel} />;
  }
}

const WalletNote = styled.p.withConfig(sc('AdminWalletNote'))`
  margin: 0 0 ${theme.space[2]};
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  overflow-wrap: anywhere;
`;

/** Which wallet passes members can add, and what each one still needs (docs/operations.md). */
function WalletSettings({ missing }: { missing: { apple: string[]; google: string[] } }) {
  const line = (name: string, unset: string[]) =>
    unset.length === 0
      ? `${name}: on.`
      : `${name}: off — the membership card has no ${name} button until ${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} set (docs/operations.md).`;
  return (
    <Card aria-label="Wallet passes" data-testid="admin-wallet-settings">
      <CardTitle>Wallet passes</CardTitle>
      <WalletNote>{line('Apple Wallet', missing.apple)}</WalletNote>
      <WalletNote>{line('Google Wallet', missing.google)}</WalletNote>
    </Card>
  );
}

export function AdminPage({
  viewer,
  stats,
  data,
  insights = null,
  twoFactor = null,
  notice = null,
  forms = {},
  wallet = null,
}: AdminPageProps) {
  return (
    <Page>
      <Head>
        <div>
          <TitleRow>
            <h1>{ADMIN_LABELS.title}</h1>
            <Badge $tone="brand" data-testid="admin-role-badge">
              {ROLE_LABELS[viewer.role]}
            </Badge>
          </TitleRow>
          <p>Users, invitations, the blacklist, department verification and AI logs.</p>
        </div>
        <a href="/admin/supabase-setup">{ADMIN_LABELS.databaseSetup}</a>
      </Head>
      <TabNav aria-label="Admin sections">
        {ADMIN_TABS.map((tab) => (
          <a key={tab} href={`/admin?tab=${tab}`} aria-current={tab === data.tab ? 'page' : undefined}>
            {TAB_LABELS[tab]}
          </a>
        ))}
      </TabNav>
      <section aria-label={TAB_LABELS[data.tab]} data-testid="admin-tab-content">
        {data.tab === 'users' ? (
          <UsersTab
            data={data}
            stats={stats}
            insights={insights}
            twoFactor={twoFactor}
            notice={notice}
            wallet={wallet}
          />
        ) : (
          <TabContent data={data} notice={notice} forms={forms} />
        )}
      </section>
    </Page>
  );
}

/**
 * `canSetUp`: the database set-up policy's answer for the viewer (super_admins only); `result`: a form's plain
 * post just succeeded; `forms`: one failed (its values, never the URL, and messages).
 */
export function DatabaseSetupPage({
  viewer,
  canSetUp,
  result,
  forms,
}: {
  viewer: { role: Role };
  canSetUp: boolean;
  result: DatabaseSetupResultJson | null;
  forms: { test?: FormState; setup?: FormState };
}) {
  return (
    <Page>
      <Head>
        <div>
          <TitleRow>
            <h1>{ADMIN_LABELS.databaseSetup}</h1>
            <Badge $tone="brand">{ROLE_LABELS[viewer.role]}</Badge>
          </TitleRow>
          <p>Move from the embedded database to a Postgres server.</p>
        </div>
        <a href="/admin">Back to {ADMIN_LABELS.title}</a>
      </Head>
      <Island name="DatabaseSetup" hydrate="load" props={{ canSetUp, result, forms }} />
    </Page>
  );
}
