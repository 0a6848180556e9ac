/**
 * The proof a no-script form asks for inline when a sensitive change needs one (docs/api.md "Step-up"): the
 * password, and the code when two-factor sign-in is on, posted with the form as `reauthPassword` / `reauthCode`.
 * Shown only after the server answered `reauthenticate` for this form; never holds a value from the server.
 */
import { useId } from './useId';
import type { FormState } from '../../src/validation/forms';
import { INLINE_PROOF_FIELDS } from '../../src/validation/stepUpMessages';
import { TextField } from './Field';
import { SecondFactorField } from './SecondFactorField';

export function InlineProof({ state }: { state: FormState | null | undefined }) {
  const id = useId();
  const ask = state?.reauthenticate;
  if (!ask) return null;
  return (
    <fieldset data-testid="inline-proof">
      <legend>Confirm it’s you</legend>
      <TextField
        id={`${id}-reauth-password`}
        name={INLINE_PROOF_FIELDS.password}
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        error={state.errors[INLINE_PROOF_FIELDS.password]}
      />
      {ask.secondFactorRequired ? (
        <SecondFactorField
          id={`${id}-reauth-code`}
          name={INLINE_PROOF_FIELDS.code}
          label="Code from your authenticator app"
          recovery
          error={state.errors[INLINE_PROOF_FIELDS.code]}
        />
      ) : null}
    </fieldset>
  );
}
