/**
 * /login's "Sign in with a passkey" (issue 24 §2): username-less, with a discoverable credential. The page's only
 * island, and its script is fetched only by browsers with WebAuthn (`hydrate="webauthn"`); it renders nothing on
 * the server, so a browser without WebAuthn (or without script) sees the plain password form alone.
 */
import { styled } from 'styled-components';
import { Button } from '../views/ui/Button';
import { sc } from '../views/ui/sc';
import { TWO_FACTOR_MESSAGES } from '../src/validation/twoFactor';
import { signInWithPasskey } from './lib/passkeysApi';
import { useApiMutation } from './lib/useApiMutation';
import { useHydrated } from './lib/useHydrated';

const Or = styled.div.withConfig(sc('PasskeyOr'))`
  display: grid;
  gap: ${(p) => p.theme.space[3]};
  margin-top: ${(p) => p.theme.space[4]};
  p {
    margin: 0;
    text-align: center;
    color: ${(p) => p.theme.color.muted};
    font-size: ${(p) => p.theme.font.size.sm};
  }
`;

export default function PasskeySignIn() {
  const hydrated = useHydrated();
  const signIn = useApiMutation({
    request: () => signInWithPasskey(),
    fallbackMessage: TWO_FACTOR_MESSAGES.passkeyFailed,
    errorTitle: 'Login failed',
    onSuccess: (answer) => window.location.assign(answer.redirectTo),
  });
  if (!hydrated) return null;
  return (
    <Or>
      <p>or</p>
      <Button
        type="button"
        $variant="secondary"
        $block
        disabled={signIn.isPending}
        aria-busy={signIn.isPending || undefined}
        onClick={() => signIn.mutate()}
      >
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign In with a Passkey'}
      </Button>
    </Or>
  );
}
