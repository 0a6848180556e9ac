/** The passkey routes (src/api/passkeys.ts) with the browser's WebAuthn ceremonies between them. */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { LoginResponse } from '../../src/validation/auth';
import type { PasskeyJson } from '../../src/validation/twoFactor';
import { api } from './api';

/** Registers a passkey for the signed-in user under `name`. */
export async function addPasskey(name: string): Promise<PasskeyJson> {
  const optionsJSON =
    await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/auth/passkeys/options');
  const response = await startRegistration({ optionsJSON });
  return api.post<PasskeyJson>('/api/auth/passkeys', { name, response });
}

/** Signs in with a discoverable passkey (no e-mail asked); answers where to go. */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey-login/options',
  );
  const response = await startAuthentication({ optionsJSON });
  return api.post<LoginResponse>('/api/auth/passkey-login', { response });
}
