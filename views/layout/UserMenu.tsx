/**
 * The signed-in user's menu (spec 01 §2), server-rendered as <details>/<summary>: it opens, closes and is
 * keyboard-usable with no JavaScript, so a page without other islands ships no script at all.
 * Sign Out is a POST form to /logout (src/pages/signOut.ts), covered by the CSRF origin check.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import type { ShellUser } from './shell';
import { theme } from '../ui/theme';

const Menu = styled.details.withConfig(sc('UserMenu'))`
  position: relative;
  &[open] > summary svg {
    transform: rotate(180deg);
  }
`;

const Summary = styled.summary.withConfig(sc('UserMenuSummary'))`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: ${theme.controlHeight};
  padding: 0 ${theme.space[3]} 0 ${theme.space[1]};
  border: 1px solid rgba(255, 255, 255, 0.5);
  border-radius: ${theme.radius.pill};
  color: ${theme.color.white};
  font-weight: 600;
  cursor: pointer;
  list-style: none;
  user-select: none;
  &::-webkit-details-marker {
    display: none;
  }
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.white};
    outline-offset: 2px;
  }
  svg {
    transition: transform 120ms ease-out;
  }
`;

const Avatar = styled.span.withConfig(sc('UserMenuAvatar'))`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${theme.color.white};
  color: ${theme.color.brand};
  font-size: ${theme.font.size.sm};
  font-weight: 800;
  /* Drawn, not written: text here would be visible text missing from the menu's accessible name. */
  &::before {
    content: attr(data-initials);
  }
`;

/** Hidden on small phones to save room; the summary's aria-label still names the menu there. */
const SummaryName = styled.span.withConfig(sc('UserMenuSummaryName'))`
  max-width: 160px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  @media (max-width: 480px) {
    display: none;
  }
`;

const Panel = styled.div.withConfig(sc('UserMenuPanel'))`
  position: absolute;
  right: 0;
  top: calc(100% + ${theme.space[2]});
  z-index: 60;
  width: max-content;
  min-width: 240px;
  max-width: min(320px, calc(100vw - ${theme.space[5]}));
  padding: 6px;
  background: ${theme.color.surface};
  color: ${theme.color.ink};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  box-shadow: 0 12px 32px rgba(31, 35, 40, 0.16);
`;

const Who = styled.div.withConfig(sc('UserMenuWho'))`
  padding: 8px 10px 10px;
  border-bottom: 1px solid ${theme.color.line};
  margin-bottom: 6px;
  strong {
    display: block;
  }
  span {
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
    overflow-wrap: anywhere;
  }
`;

const Items = styled.ul.withConfig(sc('UserMenuItems'))`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.a.withConfig(sc('UserMenuItem'))`
  display: block;
  width: 100%;
  padding: 8px 10px;
  border: 0;
  border-radius: ${theme.radius.control};
  background: transparent;
  color: ${theme.color.ink};
  font: inherit;
  font-size: ${theme.font.size.sm};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${theme.color.brandTint};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: -2px;
  }
`;

const SignOutForm = styled.form.withConfig(sc('UserMenuSignOut'))`
  margin: 6px 0 0;
  padding-top: 6px;
  border-top: 1px solid ${theme.color.line};
`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function UserMenu({ user }: { user: ShellUser }) {
  return (
    <Menu data-testid="user-menu">
      {/* The name is hidden under 480 px, so the label names the control at every width; it starts with the
          visible text (the name), as WCAG 2.5.3 Label in Name asks. */}
      <Summary aria-label={`${user.name}, account menu`}>
        <Avatar aria-hidden="true" data-initials={initials(user.name) || '?'} />
        <SummaryName>{user.name}</SummaryName>
        <Chevron />
      </Summary>
      <Panel>
        <Who>
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </Who>
        <Items>
          {user.ownProfileId !== null ? (
            <>
              <li>
                <Item href={`/profiles/${user.ownProfileId}`}>My Profile</Item>
              </li>
              <li>
                <Item href={`/profiles/${user.ownProfileId}/public`} target="_blank" rel="noopener">
                  View Public Profile
                </Item>
              </li>
              <li>
                <Item href={`/profiles/${user.ownProfileId}/import`}>Import from LinkedIn</Item>
              </li>
            </>
          ) : (
            <li>
              <Item href="/create-profile">Create Profile</Item>
            </li>
          )}
          <li>
            <Item href="/account-settings">Account Settings</Item>
          </li>
          {user.reviewsVerifications ? (
            <li>
              <Item href="/verifications">Verification Requests</Item>
            </li>
          ) : null}
          {(user.rosters ?? []).map((roster) => (
            <li key={roster.id}>
              <Item href={`/departments/${roster.id}/readiness`}>{`Readiness: ${roster.name}`}</Item>
            </li>
          ))}
          {user.isAdmin ? (
            <li>
              <Item href="/admin">Admin Dashboard</Item>
            </li>
          ) : null}
        </Items>
        <SignOutForm method="post" action="/logout">
          <Item as="button" type="submit">
            Sign Out
          </Item>
        </SignOutForm>
      </Panel>
    </Menu>
  );
}
