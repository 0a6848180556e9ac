/** The reminder e-mails' unsubscribe page (docs/decisions/expiry-reminders.md): one button, then the confirmation. No script. */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { Form, SubmitButton } from '../ui/Field';
import { REMINDER_MESSAGES } from '../../src/validation/reminders';
import { theme } from '../ui/theme';

const Wrap = styled.div.withConfig(sc('UnsubscribeWrap'))`
  max-width: 520px;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
`;

export function UnsubscribePage({ action, done }: { action: string; done: boolean }) {
  return (
    <Wrap>
      <Card aria-label="Expiry reminders">
        <CardTitle>{done ? 'Unsubscribed' : 'Stop expiry reminders?'}</CardTitle>
        {done ? (
          <CardDescription role="status">{REMINDER_MESSAGES.unsubscribed}</CardDescription>
        ) : (
          <>
            <CardDescription>
              You will no longer get e-mails before your certifications and licenses expire.
            </CardDescription>
            <Form action={action}>
              <SubmitButton pending={false} label="Turn Off Expiry Reminders" busyLabel="Turning off…" />
            </Form>
          </>
        )}
      </Card>
    </Wrap>
  );
}
