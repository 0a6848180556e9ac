/**
 * Step-up proofs for tests (docs/api.md "Step-up"): a session proves who holds it through the real endpoint, never
 * by writing the column, so a test that needs a proof also exercises the way a person gets one.
 */
import type { HttpClient } from './app';

/** POST /api/auth/reauthenticate with the password (and code); throws unless it is accepted. */
export async function reauthenticate(client: HttpClient, password: string, code?: string): Promise<void> {
  const res = await client.post('/api/auth/reauthenticate', code === undefined ? { password } : { password, code });
  if (res.status !== 200) throw new Error(`reauthenticate answered ${res.status}: ${res.text}`);
}

/** A movable clock for the app (startTestApp's `clock`): `advance` moves it forward instead of sleeping. */
export function testClock(start = Date.now()) {
  let offset = start - Date.now();
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}
