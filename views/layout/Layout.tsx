import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { GlobalStyle } from './GlobalStyle';
import { Header } from './Header';
import type { Shell } from './shell';
import { theme } from '../ui/theme';

const Main = styled.main.withConfig(sc('LayoutMain'))`
  flex: 1;
  width: 100%;
`;

const Footer = styled.footer.withConfig(sc('LayoutFooter'))`
  border-top: 1px solid ${theme.color.line};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  text-align: center;
  padding: ${theme.space[5]} ${theme.space[4]};
`;

const Feedback = styled.a.withConfig(sc('FeedbackButton'))`
  position: fixed;
  right: ${theme.space[4]};
  bottom: ${theme.space[4]};
  z-index: 50;
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: ${theme.controlHeight};
  padding: 0 ${theme.space[4]};
  border-radius: ${theme.radius.pill};
  background: ${theme.color.brand};
  color: ${theme.color.white};
  font-weight: 600;
  font-size: ${theme.font.size.sm};
  text-decoration: none;
  box-shadow: 0 4px 16px rgba(31, 35, 40, 0.2);
  &:hover {
    background: ${theme.color.brandDark};
  }
`;

export interface LayoutProps {
  shell: Shell;
  /** A page's own sub-navigation, rendered in the header below the bar (the profile's widget filter). */
  subNav?: ReactNode;
  /** A page's own controls in the header bar (the profile's edit controls). */
  headerControls?: ReactNode;
  children: ReactNode;
}

export function Layout({ shell, subNav, headerControls, children }: LayoutProps) {
  return (
    <>
      <GlobalStyle />
      <a className="visually-hidden" href="#main">
        Skip to content
      </a>
      <Header shell={shell} subNav={subNav} controls={headerControls} />
      <Main id="main">{children}</Main>
      <Footer>{shell.productName} · built by firefighters for firefighters</Footer>
      {shell.user && shell.feedbackUrl ? (
        <Feedback href={shell.feedbackUrl} target="_blank" rel="noopener noreferrer">
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
          </svg>
          Feedback
        </Feedback>
      ) : null}
    </>
  );
}
