/** Reads a zip (an export) into its entries with yauzl: file names → bytes; directories end in "/". */
import yauzl from 'yauzl';

export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) {
        entries.set(entry.fileName, Buffer.alloc(0));
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
        stream.on('error', reject);
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

export const jsonEntry = (entries: Map<string, Buffer>, name: string) => {
  const entry = entries.get(name);
  if (!entry) throw new Error(`${name} is not in the zip (${[...entries.keys()].join(', ')})`);
  return JSON.parse(entry.toString('utf8')) as any;
};
