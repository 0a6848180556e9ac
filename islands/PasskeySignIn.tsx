/**
 * /login/passkey's "Sign In with a Passkey" (docs/decisions/passkeys.md): username-less, with a discoverable credential. The
 * ceremony starts on a click (some browsers refuse WebAuthn without one). The server renders the button disabled;
 * once hydrated it works, or, in a browser without WebAuthn, gives way to a message saying so. Success goes where
 * the password sign-in goes (the server's `redirectTo`).
 */
import { styled } from 'styled-components';
import { Button } from '../views/ui/Button';
import { sc } from '../views/ui/sc';
import { TWO_FACTOR_MESSAGES } from '../src/validation/twoFactorMessages';
import { signInWithPasskey } from './lib/passkeysApi';
import { useApiMutation } from './lib/useApiMutation';
import { useHydrated } from './lib/useHydrated';
import { theme } from '../views/ui/theme';

const Unsupported = styled.p.withConfig(sc('PasskeyUnsupported'))`
  margin: 0;
  padding: ${theme.space[3]};
  border-radius: ${theme.radius.control};
  background: ${theme.color.brandTint};
  font-size: ${theme.font.size.sm};
`;

export default function PasskeySignIn() {
  const hydrated = useHydrated();
  const signIn = useApiMutation({
    request: () => signInWithPasskey(),
    fallbackMessage: TWO_FACTOR_MESSAGES.passkeyFailed,
    errorTitle: 'Login failed',
    onSuccess: (answer) => window.location.assign(answer.redirectTo),
  });
  if (hydrated && !('PublicKeyCredential' in window)) {
    return <Unsupported role="status">{TWO_FACTOR_MESSAGES.passkeysUnsupported}</Unsupported>;
  }
  return (
    <Button
      type="button"
      $block
      disabled={!hydrated || signIn.isPending}
      aria-busy={signIn.isPending || undefined}
      onClick={() => signIn.mutate()}
    >
      {signIn.isPending ? 'Waiting for your passkey…' : 'Sign In with a Passkey'}
    </Button>
  );
}
