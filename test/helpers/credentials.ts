/** Helpers for the credential tests (docs/decisions/verifiable-credentials.md). */
import { gunzipSync } from 'node:zlib';
import type { HttpClient } from './app';

/** Pastes `text` on /verify as a browser without script would. */
export function verifyHtml(client: HttpClient, text: string) {
  return client.postForm('/verify', { credential: text });
}

/** Chooses `bytes` as the credential file on /verify's upload form (multipart), as a browser without script would. */
export async function verifyUpload(baseUrl: string, bytes: string | Uint8Array, name = 'credential.json') {
  const form = new FormData();
  const body = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  form.append('file', new Blob([new Uint8Array(body)], { type: 'application/json' }), name);
  const res = await fetch(`${baseUrl}/verify`, {
    method: 'POST',
    body: form,
    headers: { Origin: baseUrl, Accept: 'text/html' },
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** Bit `index` of a Bitstring Status List credential (multibase base64url, GZIP), read without the issuing library. */
export async function decodeStatusBit(list: { credentialSubject: { encodedList: string } }, index: number) {
  const encoded = list.credentialSubject.encodedList;
  const bits = gunzipSync(Buffer.from(encoded.replace(/^u/, ''), 'base64url'));
  return ((bits[index >> 3]! >> (7 - (index & 7))) & 1) === 1;
}
