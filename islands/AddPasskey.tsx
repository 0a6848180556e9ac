/**
 * Account Settings → Security → "Add a passkey" (docs/decisions/passkeys.md). WebAuthn needs script, so this is the one part of
 * Security that is an island; it hydrates only in browsers with WebAuthn (`hydrate="webauthn"`). Before that (and
 * without script) it says what is needed. After adding, the page reloads so the server-rendered list shows it.
 */
import { passkeyNameSchema, TWO_FACTOR_MESSAGES } from '../src/validation/twoFactor';
import { Form, FormAlert, SubmitButton, TextField } from '../views/ui/Field';
import { addPasskey } from './lib/passkeysApi';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { useHydrated } from './lib/useHydrated';

export default function AddPasskey() {
  const hydrated = useHydrated();
  const form = useForm(passkeyNameSchema, { name: '' }, { state: null });
  const add = useApiMutation({
    request: (values: { name: string }) => addPasskey(values.name),
    fallbackMessage: TWO_FACTOR_MESSAGES.passkeyFailed,
    errorTitle: 'Passkey not added',
    form,
    onSuccess: () => window.location.assign('/account-settings?saved=passkey-added#security'),
  });
  if (!hydrated) return <p>Adding a passkey needs a browser that supports passkeys, with JavaScript on.</p>;
  return (
    <Form aria-label="Add a passkey" onSubmit={form.handleSubmit((values) => add.mutate(values))}>
      <FormAlert error={form.formError} />
      <TextField label="Passkey name" placeholder="e.g. Work laptop" autoComplete="off" {...form.text('name')} />
      <SubmitButton pending={add.isPending} label="Add Passkey" busyLabel="Waiting for your device…" />
    </Form>
  );
}
