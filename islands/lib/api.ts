/**
 * The islands' HTTP client, as the spec describes: credentials always sent, JSON content type only
 * with a body, and any non-success status becomes an error whose message is "STATUS: body text"
 * (or the status text when the body is empty). The server's `{error, fields}` is kept for forms.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The server's own message (`error` in the JSON body), when it sent one. */
    public readonly serverMessage: string | undefined,
    public readonly fields: Record<string, string> | undefined,
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

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json', ...headers } };
  if (body !== undefined) {
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
    try {
      const parsed = JSON.parse(text) as { error?: unknown; fields?: Record<string, string> };
      if (typeof parsed.error === 'string') serverMessage = parsed.error;
      fields = parsed.fields;
    } catch {
      // not JSON: the body text is still the message
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage, fields);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {}),
  patch: <T>(url: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>('PATCH', url, body ?? {}, headers),
  delete: <T>(url: string, headers?: Record<string, string>) => apiRequest<T>('DELETE', url, undefined, headers),
};

/** The server's message when it sent one, else the spec's fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof NetworkError) return error.message;
  return fallback;
}
