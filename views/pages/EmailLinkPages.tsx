/**
 * Pages behind the links the security notices carry (docs/api.md "Step-up"): confirm a new e-mail address, "this
 * wasn't me" from the old one, remove a passkey that was just added. Opening a link changes nothing (mail scanners
 * open links); the page's one button posts the token back.
 */
import { styled } from 'styled-components';
import { Button } from '../ui/Button';
import { Form } from '../ui/Field';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';
import { MessagePage } from './MessagePage';

const Centered = styled.div.withConfig(sc('EmailLinkAction'))`
  display: flex;
  justify-content: center;
  margin-top: ${theme.space[4]};
  & button {
    max-width: 100%;
    white-space: normal;
  }
`;

export interface LinkActionPageProps {
  title: string;
  lines: string[];
  action: string;
  token: string;
  button: string;
  destructive?: boolean;
}

/** One question and one button that posts the link's token. */
export function LinkActionPage({ title, lines, action, token, button, destructive }: LinkActionPageProps) {
  return (
    <MessagePage title={title} action={{ href: '/account-settings#security', label: 'Account Settings' }}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <Centered>
        <Form action={action}>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" $variant={destructive ? 'destructive' : 'primary'}>
            {button}
          </Button>
        </Form>
      </Centered>
    </MessagePage>
  );
}

/** What the link did. */
export function LinkDonePage({ title, lines, signIn }: { title: string; lines: string[]; signIn?: boolean }) {
  return (
    <MessagePage
      title={title}
      action={
        signIn
          ? { href: '/login', label: 'Sign in' }
          : { href: '/account-settings#security', label: 'Account Settings' }
      }
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </MessagePage>
  );
}
