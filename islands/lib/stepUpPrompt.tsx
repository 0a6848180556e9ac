/**
 * The islands' step-up prompt (docs/api.md "Step-up"): when a call is refused with `reauthenticationRequired`, the
 * shared API layer (islands/lib/api.ts) opens this dialog once, posts the password (and code) to
 * /api/auth/reauthenticate and sends the refused call again. A user with a passkey may confirm with it instead
 * (/api/auth/reauthenticate/passkey; the WebAuthn code loads only then). Mounted on demand in a root of its own, so every
 * island that calls the API gets it without a host in its tree.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { styled } from 'styled-components';
import { STEP_UP_MESSAGES } from '../../src/validation/stepUpMessages';
import { Button } from '../../views/ui/Button';
import { Dialog } from '../../views/ui/Dialog';
import { sc } from '../../views/ui/sc';
import { theme } from '../../views/ui/theme';
import { FormAlert, TextField } from '../../views/ui/Field';
import { ApiError, REAUTHENTICATE_URL, apiRequest, serverMessageOr } from './api';

const PASSKEY_PROOF_URL = '/api/auth/reauthenticate/passkey';

/** Whether to offer a passkey: the browser can use one and the user has at least one (else only the password). */
function useHasPasskey(): boolean {
  const [hasPasskey, setHasPasskey] = useState(false);
  useEffect(() => {
    if (typeof window.PublicKeyCredential === 'undefined') return;
    let live = true;
    apiRequest<unknown[]>('GET', '/api/auth/passkeys').then(
      (passkeys) => live && setHasPasskey(Array.isArray(passkeys) && passkeys.length > 0),
      () => undefined, // the password is still asked
    );
    return () => {
      live = false;
    };
  }, []);
  return hasPasskey;
}

/** The passkey ceremony for a step-up proof: options, the browser's assertion, then the proof is stored. */
async function proveWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    'POST',
    `${PASSKEY_PROOF_URL}/options`,
  );
  const response = await startAuthentication({ optionsJSON });
  await apiRequest('POST', PASSKEY_PROOF_URL, { response });
}

function StepUpDialog({ secondFactorRequired, done }: { secondFactorRequired: boolean; done: (ok: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hasPasskey = useHasPasskey();
  const confirmWithPasskey = async () => {
    setPending(true);
    try {
      await proveWithPasskey();
      done(true);
    } catch (error) {
      // A cancelled browser prompt is no server answer: the generic line, and the password stays offered.
      setFailure(serverMessageOr(error, STEP_UP_MESSAGES.passkeyFailed));
      setPending(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await apiRequest('POST', REAUTHENTICATE_URL, secondFactorRequired ? { password, code } : { password });
      done(true);
    } catch (error) {
      setErrors(error instanceof ApiError ? (error.fields ?? {}) : {});
      setFailure(error instanceof ApiError && error.fields ? null : serverMessageOr(error, STEP_UP_MESSAGES.required));
      setPending(false);
    }
  };
  return (
    <Dialog
      open
      onClose={() => done(false)}
      title={STEP_UP_MESSAGES.confirmTitle}
      description={secondFactorRequired ? STEP_UP_MESSAGES.requiredWithCode : STEP_UP_MESSAGES.required}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert error={failure ? { title: STEP_UP_MESSAGES.confirmTitle, message: failure } : null} />
        <TextField
          id="step-up-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          autoFocus
        />
        {secondFactorRequired ? (
          // The app's code opens a phone's number pad; a recovery code (letters and digits) a keyboard
          // (docs/decisions/code-fields.md).
          <>
            <TextField
              id="step-up-code"
              label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
              autoComplete={recovery ? 'off' : 'one-time-code'}
              inputMode={recovery ? 'text' : 'numeric'}
              autoCapitalize="none"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errors.code}
            />
            <Button type="button" $variant="ghost" onClick={() => setRecovery((on) => !on)}>
              {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
            </Button>
          </>
        ) : null}
        <Choices>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Checking…' : 'Confirm'}
          </Button>
          {hasPasskey ? (
            <Button type="button" $variant="secondary" disabled={pending} onClick={() => void confirmWithPasskey()}>
              Use a passkey instead
            </Button>
          ) : null}
        </Choices>
      </form>
    </Dialog>
  );
}

const Choices = styled.div.withConfig(sc('StepUpChoices'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin-top: ${theme.space[3]};
`;

/**
 * Opens the dialog; resolves true once the proof is stored, false when it is closed. The shared mutation hook
 * (islands/lib/useApiMutation.ts) installs it, loading this file only when a call is first refused.
 */
export function promptForProof(secondFactorRequired: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const done = (ok: boolean) => {
      root.unmount();
      host.remove();
      resolve(ok);
    };
    root.render(<StepUpDialog secondFactorRequired={secondFactorRequired} done={done} />);
  });
}
