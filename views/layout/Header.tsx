import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';
import { ButtonLink } from '../ui/Button';
import type { ReactNode } from 'react';
import { UserMenu } from './UserMenu';
import { Kept } from '../../src/render/Kept';
import type { Shell } from './shell';
import { CROSS_CENTRE, CROSS_PATH } from './serviceMark';

const Bar = styled.header.withConfig(sc('HeaderBar'))`
  background: ${theme.color.brand};
  color: ${theme.color.white};
  border-bottom: 3px solid ${theme.color.reflective};
`;

const Inner = styled.div.withConfig(sc('HeaderInner'))<{ $wraps?: boolean }>`
  max-width: 1280px;
  margin: 0 auto;
  padding: ${theme.space[3]} ${theme.space[3]};
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  flex-wrap: ${(p) => (p.$wraps ? 'wrap' : 'nowrap')};
  ${media.tablet} {
    padding: ${theme.space[3]} ${theme.space[5]};
  }
`;

const Logo = styled.a.withConfig(sc('HeaderLogo'))`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  color: ${theme.color.white};
  text-decoration: none;
  font-size: ${theme.font.size.lg};
  font-weight: 800;
  letter-spacing: 0.02em;
  ${media.tablet} {
    font-size: ${theme.font.size.xl};
  }
  &:focus-visible {
    outline-color: ${theme.color.white};
  }
`;

const Actions = styled.nav.withConfig(sc('HeaderActions'))`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  @media (max-width: 480px) {
    gap: ${theme.space[1]};
    & > a {
      padding: 0 ${theme.space[3]};
      font-size: ${theme.font.size.sm};
    }
  }
`;

/**
 * A page's own controls in the header bar (the profile's edit controls, spec 01 §2): beside the account menu
 * from 768 px, on a row of their own below the logo and the menu on phones.
 */
const Controls = styled.div.withConfig(sc('HeaderControls'))`
  order: 3;
  flex-basis: 100%;
  display: flex;
  justify-content: flex-end;
  min-width: 0;
  ${media.tablet} {
    order: 0;
    flex-basis: auto;
    margin-left: auto;
    & + ${Actions} {
      margin-left: 0;
    }
  }
`;

/** The mark (views/layout/serviceMark.ts), drawn in the header's text colour around a reflective centre. */
function ServiceMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d={CROSS_PATH} fill="currentColor" />
      <circle {...CROSS_CENTRE} fill={theme.color.reflective} stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * The header bar; `controls` are a page's own controls in the bar (the profile's edit controls), `subNav` its
 * own navigation (e.g. the profile's widget filter) drawn below it.
 */
export function Header({ shell, subNav, controls }: { shell: Shell; subNav?: ReactNode; controls?: ReactNode }) {
  return (
    <Bar>
      <Inner $wraps={Boolean(controls)}>
        <Logo href="/" aria-label={`${shell.productName} home`}>
          <ServiceMark />
          <span>{shell.productName}</span>
        </Logo>
        {controls ? <Controls>{controls}</Controls> : null}
        {/* The account menu is a dozen styled elements, the same on every page for this user: rendered once. */}
        <Kept identity={['account-actions', shell.user, shell.isPublicPage]}>
          <Actions aria-label="Account">
            {shell.user ? (
              <UserMenu user={shell.user} />
            ) : shell.isPublicPage ? null : (
              <>
                <ButtonLink href="/login" $variant="onBrand">
                  Login
                </ButtonLink>
                <ButtonLink href="/register" $variant="secondary">
                  Join Beta
                </ButtonLink>
              </>
            )}
          </Actions>
        </Kept>
      </Inner>
      {subNav}
    </Bar>
  );
}
