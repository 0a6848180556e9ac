/**
 * The islands' HTTP client, as the spec describes: credentials always sent, JSON content type only
 * with a body, and any non-success status becomes an error whose message is "STATUS: body text"
 * (or the status text when the body is empty). The server's `{error, fields}` is kept for forms.
 */
import { isReauthenticationRequired } from '../../src/validation/stepUpMessages';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The server's own message (`error` in the JSON body), when it sent one. */
    public readonly serverMessage: string | undefined,
    public readonly fields: Record<string, string> | undefined,
    /** The server asked for a step-up proof (docs/api.md "Step-up"). */
    public readonly reauthentication?: { secondFactorRequired: boolean },
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class NetworkError extends Error {
  constructor() {
    super('Network error. Please try again.');
    this.name = 'NetworkError';
  }
}

/**
 * Asks the person for a step-up proof (docs/api.md "Step-up"; islands/lib/stepUpPrompt.tsx installs the dialog):
 * resolves true once the session holds a fresh proof, false when they give up.
 */
export type ProofPrompt = (secondFactorRequired: boolean) => Promise<boolean>;
let proofPrompt: ProofPrompt | null = null;
let pendingProof: Promise<boolean> | null = null;

export function setProofPrompt(prompt: ProofPrompt): void {
  proofPrompt = prompt;
}

/** One prompt at a time: calls refused together wait for the same proof. */
function askForProof(secondFactorRequired: boolean): Promise<boolean> {
  if (!proofPrompt) return Promise.resolve(false);
  pendingProof ??= proofPrompt(secondFactorRequired).finally(() => {
    pendingProof = null;
  });
  return pendingProof;
}

export const REAUTHENTICATE_URL = '/api/auth/reauthenticate';

/**
 * A call the server refuses with 401 `reauthenticationRequired` prompts once for the proof and is sent again
 * (never the proof's own call); a second refusal, or a prompt given up, fails as usual.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  try {
    return await sendRequest<T>(method, url, body, headers);
  } catch (error) {
    const refused = error instanceof ApiError && error.reauthentication && !url.startsWith(REAUTHENTICATE_URL);
    if (!refused || !(await askForProof(error.reauthentication!.secondFactorRequired))) throw error;
    return sendRequest<T>(method, url, body, headers);
  }
}

async function sendRequest<T>(method: string, url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json', ...headers } };
  if (body instanceof FormData) {
    init.body = body; // multipart: the browser writes the Content-Type with its boundary
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new NetworkError();
  }
  const text = await response.text();
  if (!response.ok) {
    let serverMessage: string | undefined;
    let fields: Record<string, string> | undefined;
    let reauthentication: { secondFactorRequired: boolean } | undefined;
    try {
      const parsed = JSON.parse(text) as { error?: unknown; fields?: Record<string, string> };
      if (typeof parsed.error === 'string') serverMessage = parsed.error;
      fields = parsed.fields;
      if (isReauthenticationRequired(parsed)) {
        reauthentication = { secondFactorRequired: parsed.secondFactorRequired === true };
      }
    } catch {
      // not JSON: the body text is still the message
    }
    const message = `${response.status}: ${text || response.statusText}`;
    throw new ApiError(response.status, message, serverMessage, fields, reauthentication);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {}),
  patch: <T>(url: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>('PATCH', url, body ?? {}, headers),
  delete: <T>(url: string, headers?: Record<string, string>) => apiRequest<T>('DELETE', url, undefined, headers),
  /** A file upload (multipart/form-data) without byte progress: the registry CSV. */
  upload: <T>(url: string, form: FormData) => apiRequest<T>('POST', url, form),
};

/** The server's message when it sent one, else the spec's fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof NetworkError) return error.message;
  return fallback;
}
