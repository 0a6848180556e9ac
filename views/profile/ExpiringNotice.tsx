/**
 * The owner's "Expiring soon" notice on their profile (issue 23 §1): in edit mode, the certifications and
 * licenses that expire soon or just expired, each linked to its editor; once, on the first visit since
 * reminders exist, what the reminder setting is. Server-only, plain links.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import type { ExpiringSoonJson } from '../../src/validation/reminders';

const Notice = styled.section.withConfig(sc('ExpiringNotice'))`
  padding: ${(p) => `${p.theme.space[3]} ${p.theme.space[4]}`};
  border: 1px solid ${(p) => p.theme.color.warn};
  border-radius: ${(p) => p.theme.radius.card};
  background: ${(p) => p.theme.color.surface};
  color: ${(p) => p.theme.color.ink};
  overflow-wrap: anywhere;
  h2 {
    margin: 0 0 ${(p) => p.theme.space[2]};
    font-size: ${(p) => p.theme.font.size.md};
  }
  ul {
    margin: 0 0 ${(p) => p.theme.space[2]};
    padding-left: ${(p) => p.theme.space[5]};
  }
  p {
    margin: 0;
    font-size: ${(p) => p.theme.font.size.sm};
  }
  a {
    color: ${(p) => p.theme.color.brand};
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
