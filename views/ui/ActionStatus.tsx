/**
 * The confirmation of an action, where it happened (docs/decisions/confirm-in-place.md): a status line beside
 * the row or form acted on, which takes the focus. The same line on both paths: after a plain post the server
 * redirects to the page with the line's id as the anchor and the notice in the session flash (the browser scrolls
 * to the line and focuses it); a hydrated island sets the notice and focuses the line itself.
 */
import { styled } from 'styled-components';
import { statusIdFor, type ActionNotice } from '../../src/validation/forms';
import { sc } from './sc';
import { theme } from './theme';

export type { ActionNotice };
export { statusIdFor };

const Line = styled.p.withConfig(sc('ActionStatus'))<{ $error: boolean }>`
  margin: ${theme.space[2]} 0;
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radius.control};
  border-left: 4px solid ${(p) => (p.$error ? theme.color.danger : theme.color.ok)};
  background: ${(p) => (p.$error ? theme.color.brandTint : theme.color.canvas)};
  color: ${theme.color.ink};
  font-weight: 600;
  overflow-wrap: anywhere;
  /* Scrolled to as the anchor: the row or form it confirms stays in view above it. */
  scroll-margin-top: 35vh;
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
`;

/** The notice's line when it belongs at `at`, else nothing. */
export function ActionStatus({ notice, at }: { notice: ActionNotice | null | undefined; at: string }) {
  if (!notice || notice.at !== at) return null;
  const error = notice.tone === 'error';
  return (
    <Line
      id={statusIdFor(at)}
      role={error ? 'alert' : 'status'}
      tabIndex={-1}
      autoFocus
      $error={error}
      data-testid="action-status"
    >
      {notice.message}
    </Line>
  );
}

/** The status line as a table row under the row acted on (full width, so the card layout gives it no label). */
export function StatusRow({
  notice,
  at,
  columns,
}: {
  notice: ActionNotice | null | undefined;
  at: string;
  columns: number;
}) {
  if (!notice || notice.at !== at) return null;
  return (
    <tr>
      <td colSpan={columns}>
        <ActionStatus notice={notice} at={at} />
      </td>
    </tr>
  );
}
