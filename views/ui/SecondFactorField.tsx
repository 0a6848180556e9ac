/**
 * The code field of a second step (docs/decisions/code-fields.md): a phone opens its number pad for it
 * (`inputmode="numeric"`) and offers the code the authenticator app just made (`autocomplete="one-time-code"`).
 * Where a recovery code is taken too (`recovery`), "Use a recovery code instead" — a <details>, no script — opens
 * a text field of its own (`<name>Recovery`, src/validation/recoveryTwin.ts), which the server reads first.
 * Neither is `required` in the markup: with the twin used the code field stays empty; the server asks for one.
 */
import { styled } from 'styled-components';
import { recoveryTwin } from '../../src/validation/recoveryTwin';
import { TextField } from './Field';
import { sc } from './sc';
import { theme } from './theme';

const Twin = styled.details.withConfig(sc('RecoveryCodeTwin'))`
  margin-top: ${theme.space[2]};
  & > summary {
    width: fit-content;
    cursor: pointer;
    color: ${theme.color.brand};
    font-size: ${theme.font.size.sm};
    text-decoration: underline;
  }
  & > div {
    margin-top: ${theme.space[2]};
  }
`;

export interface SecondFactorFieldProps {
  id: string;
  name: string;
  label: string;
  help?: string;
  error?: string;
  /** Whether a recovery code is taken here too (not when confirming a new authenticator). */
  recovery: boolean;
}

export function SecondFactorField({ id, name, label, help, error, recovery }: SecondFactorFieldProps) {
  return (
    <div>
      <TextField
        id={id}
        name={name}
        label={label}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        help={help ?? 'The 6-digit code from your authenticator app.'}
        error={error}
      />
      {recovery ? (
        <Twin>
          <summary>Use a recovery code instead</summary>
          <div>
            <TextField
              id={`${id}-recovery`}
              name={recoveryTwin(name)}
              label="Recovery code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              help="One of the recovery codes you saved when you turned on two-factor sign-in."
            />
          </div>
        </Twin>
      ) : null}
    </div>
  );
}
