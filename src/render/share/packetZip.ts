/**
 * The application packet for machines (docs/decisions/application-packet.md): one ZIP with the packet PDF,
 * `resume.json` (JSON Resume with the packet's manifest in `meta["x-turnout"].packet`) and each chosen signed
 * membership credential as `credentials/<name>.json`. Built with yazl (as the account export is) from what the
 * caller passes: only what the owner chose.
 */
import { lazyImport } from '../../lazyImport';

const yazl = lazyImport(() => import('yazl'));

export interface PacketZipContent {
  /** The PDF's portal-safe file name. */
  pdfName: string;
  pdf: Buffer;
  resume: unknown;
  credentials: Array<{ fileName: string; document: unknown }>;
  now: Date;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export async function packetZip(content: PacketZipContent): Promise<Buffer> {
  const { default: yazlModule } = await yazl();
  const zip = new yazlModule.ZipFile();
  const mtime = content.now;
  zip.addBuffer(json(content.resume), 'resume.json', { mtime });
  // The PDF is compressed already: stored as is.
  zip.addBuffer(content.pdf, content.pdfName, { mtime, compress: false });
  for (const credential of content.credentials)
    zip.addBuffer(json(credential.document), `credentials/${credential.fileName}`, { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
