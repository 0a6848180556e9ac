/** The signed-in user's menu in the header (spec 01 §2). */
import { useEffect, useId, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { sc } from './ui/sc';
import { api } from './lib/api';
import { toast } from './lib/toast';

export interface UserMenuProps {
  name: string;
  email: string;
  role: 'user' | 'admin' | 'super_admin';
  ownProfileId: number | null;
}

const Wrap = styled.div.withConfig(sc('UserMenu'))`
  position: relative;
`;

const Trigger = styled.button.withConfig(sc('UserMenuTrigger'))`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 12px 0 4px;
  border: 1px solid rgba(255, 255, 255, 0.5);
  border-radius: ${(p) => p.theme.radius.pill};
  background: transparent;
  color: ${(p) => p.theme.color.white};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.white};
    outline-offset: 2px;
  }
`;

const Avatar = styled.span.withConfig(sc('UserMenuAvatar'))`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${(p) => p.theme.color.white};
  color: ${(p) => p.theme.color.brand};
  font-size: 14px;
  font-weight: 800;
`;

const TriggerName = styled.span.withConfig(sc('UserMenuTriggerName'))`
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
  top: calc(100% + 8px);
  z-index: 60;
  min-width: 240px;
  background: ${(p) => p.theme.color.surface};
  color: ${(p) => p.theme.color.ink};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
  box-shadow: 0 12px 32px rgba(31, 35, 40, 0.16);
  padding: 6px;
`;

const Who = styled.div.withConfig(sc('UserMenuWho'))`
  padding: 8px 10px 10px;
  border-bottom: 1px solid ${(p) => p.theme.color.line};
  margin-bottom: 6px;
  strong {
    display: block;
  }
  span {
    color: ${(p) => p.theme.color.muted};
    font-size: ${(p) => p.theme.font.size.sm};
    word-break: break-all;
  }
`;

const Item = styled.a.withConfig(sc('UserMenuItem'))`
  display: block;
  width: 100%;
  padding: 8px 10px;
  border: 0;
  border-radius: 8px;
  background: transparent;
  color: ${(p) => p.theme.color.ink};
  font: inherit;
  font-size: ${(p) => p.theme.font.size.sm};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${(p) => p.theme.color.brandTint};
    outline: none;
  }
`;

const Separator = styled.hr.withConfig(sc('UserMenuSeparator'))`
  border: 0;
  border-top: 1px solid ${(p) => p.theme.color.line};
  margin: 6px 0;
`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export default function UserMenu({ name, email, role, ownProfileId }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const isAdmin = role === 'admin' || role === 'super_admin';

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function signOut() {
    try {
      await api.post('/api/auth/logout');
    } catch {
      toast({ title: 'Error', description: 'Sign out failed. Please try again.', variant: 'destructive' });
      return;
    }
    window.location.assign('/');
  }

  return (
    <Wrap ref={wrap}>
      <Trigger
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar aria-hidden="true">{initials(name) || '?'}</Avatar>
        <TriggerName>{name}</TriggerName>
      </Trigger>
      {open ? (
        <Panel id={panelId} role="menu" aria-label="User menu">
          <Who>
            <strong>{name}</strong>
            <span>{email}</span>
          </Who>
          {ownProfileId !== null ? (
            <>
              <Item role="menuitem" href={`/profiles/${ownProfileId}`}>
                My Profile
              </Item>
              <Item role="menuitem" href={`/profiles/${ownProfileId}/public`} target="_blank" rel="noopener">
                View Public Profile
              </Item>
            </>
          ) : (
            <Item role="menuitem" href="/create-profile">
              Create Profile
            </Item>
          )}
          <Item role="menuitem" href="/account-settings">
            Account Settings
          </Item>
          {isAdmin ? (
            <Item role="menuitem" href="/admin">
              Admin Dashboard
            </Item>
          ) : null}
          <Separator />
          <Item as="button" type="button" role="menuitem" onClick={() => void signOut()}>
            Sign Out
          </Item>
        </Panel>
      ) : null}
    </Wrap>
  );
}
