/** The centred card that frames sign-in, registration and password pages. */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { media } from '../ui/theme';

const Wrap = styled.div.withConfig(sc('AuthWrap'))`
  display: flex;
  justify-content: center;
  padding: ${(p) => `${p.theme.space[6]} ${p.theme.space[4]}`};
  ${media.tablet} {
    padding: ${(p) => `${p.theme.space[7]} ${p.theme.space[4]}`};
  }
`;

const Panel = styled.section.withConfig(sc('AuthPanel'))`
  width: 100%;
  max-width: 440px;
  background: ${(p) => p.theme.color.surface};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
  padding: ${(p) => p.theme.space[5]};
  ${media.tablet} {
    padding: ${(p) => p.theme.space[6]};
  }
`;

const Title = styled.h1.withConfig(sc('AuthTitle'))`
  margin: 0 0 ${(p) => p.theme.space[1]};
  font-size: ${(p) => p.theme.font.size.xxl};
`;

const Intro = styled.p.withConfig(sc('AuthIntro'))`
  margin: 0 0 ${(p) => p.theme.space[5]};
  color: ${(p) => p.theme.color.muted};
`;

export const AuthFooter = styled.div.withConfig(sc('AuthFooter'))`
  margin-top: ${(p) => p.theme.space[5]};
  padding-top: ${(p) => p.theme.space[4]};
  border-top: 1px solid ${(p) => p.theme.color.line};
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[2]};
  font-size: ${(p) => p.theme.font.size.sm};
  color: ${(p) => p.theme.color.muted};
  text-align: center;
`;

export const Notice = styled.p.withConfig(sc('AuthNotice'))`
  margin: 0 0 ${(p) => p.theme.space[4]};
  padding: ${(p) => p.theme.space[3]};
  border-radius: ${(p) => p.theme.radius.control};
  background: ${(p) => p.theme.color.brandTint};
  font-size: ${(p) => p.theme.font.size.sm};
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
