/** The action row of a dialog. (A button that asks first is `ConfirmForm`, views/ui/ActionForms.tsx.) */
import { styled } from 'styled-components';
import { sc } from './sc';
import { theme } from './theme';

const DialogActions = styled.div.withConfig(sc('AdminDialogActions'))`
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[4]};
`;

export { DialogActions };
