/**
 * A modal dialog on the native <dialog> element (showModal: focus moves in and is kept there, Escape closes,
 * the page behind is inert). Controlled: `open` shows it, `onClose` is called for Escape and the close button.
 * A confirmation of something that cannot be undone (Delete Photo) is `role="alertdialog"`.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useId } from './useId';
import { styled } from 'styled-components';
import { sc } from './sc';
import { theme } from './theme';

const Box = styled.dialog.withConfig(sc('Dialog'))`
  width: min(520px, calc(100vw - 32px));
  max-height: calc(100vh - 48px);
  padding: ${theme.space[5]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  color: ${theme.color.ink};
  background: ${theme.color.surface};
  &::backdrop {
    background: rgba(31, 35, 40, 0.45);
  }
`;

const Head = styled.div.withConfig(sc('DialogHead'))`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${theme.font.size.lg};
  }
  p {
    margin: ${theme.space[1]} 0 0;
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

const Close = styled.button.withConfig(sc('DialogClose'))`
  border: 0;
  background: transparent;
  font-size: 22px;
  line-height: 1;
  cursor: pointer;
  color: ${theme.color.muted};
  padding: 4px 8px;
  border-radius: ${theme.radius.control};
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
  }
`;

export function Dialog({
  open,
  onClose,
  title,
  description,
  role,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  role?: 'alertdialog';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <Box
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <Head>
            <div>
              <h2 id={titleId}>{title}</h2>
              {description ? <p>{description}</p> : null}
            </div>
            <Close type="button" aria-label="Close" onClick={onClose}>
              ×
            </Close>
          </Head>
          {children}
        </>
      ) : null}
    </Box>
  );
}
