/**
 * Import fixtures (docs/decisions/import-and-json-resume.md): a LinkedIn data export ZIP made here from LinkedIn's
 * documented column names, with yazl; the upload of a file to the import page as a browser's form sends it.
 */
import yazl from 'yazl';
import type { TestApp } from './app';

/** One CSV cell, quoted when it must be (RFC 4180). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
export const csv = (header: string[], rows: string[][]) =>
  [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

export const LINKEDIN_COLUMNS = {
  'Profile.csv': [
    'First Name',
    'Last Name',
    'Maiden Name',
    'Address',
    'Birth Date',
    'Headline',
    'Summary',
    'Industry',
    'Zip Code',
    'Geo Location',
    'Twitter Handles',
    'Websites',
    'Instant Messengers',
  ],
  'Positions.csv': ['Company Name', 'Title', 'Description', 'Location', 'Started On', 'Finished On'],
  'Certifications.csv': ['Name', 'Url', 'Authority', 'Started On', 'Finished On', 'License Number'],
  'Education.csv': ['School Name', 'Start Date', 'End Date', 'Notes', 'Degree Name', 'Activities'],
  'Skills.csv': ['Name'],
  'Honors.csv': ['Title', 'Description', 'Issued On'],
} as const;

export type LinkedInFiles = Partial<Record<keyof typeof LINKEDIN_COLUMNS, string[][]>>;

/** A ZIP of CSV files (and any extra entries), as LinkedIn mails it. */
export function zipOf(entries: Record<string, Buffer | string>, options: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      compress: options.compress ?? true,
    });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export function linkedInExport(files: LinkedInFiles, extra: Record<string, string> = {}): Promise<Buffer> {
  const entries: Record<string, string> = { ...extra };
  for (const [name, rows] of Object.entries(files))
    entries[name] = csv([...LINKEDIN_COLUMNS[name as keyof typeof LINKEDIN_COLUMNS]], rows);
  return zipOf(entries);
}

/** Posts a file to the import page as its form does (multipart), signed in by bearer token; redirects not followed. */
export async function uploadImport(
  app: TestApp,
  token: string,
  profileId: number,
  file: { bytes: Buffer; name: string; type: string },
): Promise<{ status: number; location: string | null; text: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${app.baseUrl}/profiles/${profileId}/import`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}`, Origin: app.baseUrl, Accept: 'text/html' },
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}
