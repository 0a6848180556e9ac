/**
 * The owner's "Expiring soon" notice on their profile (docs/decisions/expiry-reminders.md): in edit mode, the certifications and
 * licenses that expire soon or just expired, each linked to its editor; once, on the first visit since
 * reminders exist, what the reminder setting is. Server-only, plain links.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import type { ExpiringSoonJson } from '../../src/validation/reminders';
import { theme } from '../ui/theme';

const Notice = styled.section.withConfig(sc('ExpiringNotice'))`
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 1px solid ${theme.color.warn};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  color: ${theme.color.ink};
  overflow-wrap: anywhere;
  h2 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.md};
  }
  ul {
    margin: 0 0 ${theme.space[2]};
    padding-left: ${theme.space[5]};
  }
  p {
    margin: 0;
    font-size: ${theme.font.size.sm};
  }
  a {
    color: ${theme.color.brand};
    font-weight: 600;
  }
`;

export function ExpiringNotice({ notice }: { notice: ExpiringSoonJson }) {
  const settings = <a href={notice.settingsHref}>Notification settings</a>;
  return (
    <Notice aria-labelledby="expiring-title" data-testid="expiring-notice">
      <h2 id="expiring-title">{notice.items.length ? 'Expiring soon' : 'Expiry reminders'}</h2>
      {notice.items.length ? (
        <ul>
          {notice.items.map((item) => (
            <li key={item.key}>
              <a href={item.href}>{item.name}</a> {`(${item.noun.toLowerCase()}) ${item.when}`}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        {`${notice.welcome ?? (notice.remindersEnabled ? 'You get e-mail reminders before each expiry.' : 'E-mail reminders are off.')} `}
        {settings}
      </p>
    </Notice>
  );
}
