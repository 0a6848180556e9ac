/** A centred message card: the 404 page, error pages, Access Denied and similar. */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { ButtonLink } from '../ui/Button';
import { theme } from '../ui/theme';

const Wrap = styled.div.withConfig(sc('MessageWrap'))`
  max-width: 560px;
  margin: 0 auto;
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;
`;

const Code = styled.p.withConfig(sc('MessageCode'))`
  margin: 0;
  font-size: 64px;
  font-weight: 800;
  line-height: 1;
  color: ${theme.color.brand};
`;

const Title = styled.h1.withConfig(sc('MessageTitle'))`
  margin: ${theme.space[4]} 0 ${theme.space[2]};
  font-size: ${theme.font.size.xxl};
`;

const Body = styled.div.withConfig(sc('MessageBody'))`
  color: ${theme.color.muted};
  margin-bottom: ${theme.space[5]};
`;

export interface MessagePageProps {
  code?: string;
  title: string;
  children?: ReactNode;
  action?: { href: string; label: string };
}

export function MessagePage({
  code,
  title,
  children,
  action = { href: '/', label: 'Back to home' },
}: MessagePageProps) {
  return (
    <Wrap>
      {code ? <Code aria-hidden="true">{code}</Code> : null}
      <Title>{title}</Title>
      {children ? <Body>{children}</Body> : null}
      <ButtonLink href={action.href}>{action.label}</ButtonLink>
    </Wrap>
  );
}

export function NotFoundPage() {
  return (
    <MessagePage code="404" title="Page Not Found">
      <p>The page you are looking for does not exist or has moved.</p>
    </MessagePage>
  );
}
