import http from 'node:http';

/**
 * A conditional GET as a browser sends it. (fetch() cannot: with If-None-Match it adds `Cache-Control:
 * no-cache`, which asks the server for a full answer.)
 */
export function conditionalGet(
  url: string,
  etag: string,
  options: { bearer?: string; accept?: string } = {},
): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'text/html', 'If-None-Match': etag };
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}
