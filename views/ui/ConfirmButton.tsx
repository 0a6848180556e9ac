/** A button that asks before it acts, and the action row of a dialog. */
import { useState } from 'react';
import { styled } from 'styled-components';
import { sc } from './sc';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { SmallButton } from './DataTable';
import { theme } from './theme';

const DialogActions = styled.div.withConfig(sc('AdminDialogActions'))`
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[4]};
`;

export { DialogActions };

/** A button that asks first: the action runs only after Confirm in the dialog. */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  ariaLabel,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <SmallButton
        type="button"
        $variant="destructive"
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </SmallButton>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} description={description}>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            $variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
