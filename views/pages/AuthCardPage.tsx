/** The centred card that frames sign-in, registration and password pages. */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { theme, media } from '../ui/theme';

const Wrap = styled.div.withConfig(sc('AuthWrap'))`
  display: flex;
  justify-content: center;
  padding: ${theme.space[6]} ${theme.space[4]};
  ${media.tablet} {
    padding: ${theme.space[7]} ${theme.space[4]};
  }
`;

const Panel = styled.section.withConfig(sc('AuthPanel'))`
  width: 100%;
  max-width: 440px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  padding: ${theme.space[5]};
  ${media.tablet} {
    padding: ${theme.space[6]};
  }
`;

const Title = styled.h1.withConfig(sc('AuthTitle'))`
  margin: 0 0 ${theme.space[1]};
  font-size: ${theme.font.size.xxl};
`;

const Intro = styled.p.withConfig(sc('AuthIntro'))`
  margin: 0 0 ${theme.space[5]};
  color: ${theme.color.muted};
`;

export const AuthFooter = styled.div.withConfig(sc('AuthFooter'))`
  margin-top: ${theme.space[5]};
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.color.line};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
  text-align: center;
`;

export const Notice = styled.p.withConfig(sc('AuthNotice'))`
  margin: 0 0 ${theme.space[4]};
  padding: ${theme.space[3]};
  border-radius: ${theme.radius.control};
  background: ${theme.color.brandTint};
  font-size: ${theme.font.size.sm};
`;

export function AuthCardPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Wrap>
      <Panel aria-labelledby="auth-title">
        <Title id="auth-title">{title}</Title>
        {intro ? <Intro>{intro}</Intro> : null}
        {children}
      </Panel>
    </Wrap>
  );
}
