/**
 * Files that try to hurt the server, for upload tests: a decompression bomb, a PDF that runs script, an upload
 * that declares more bytes than any route takes.
 */
import net from 'node:net';
import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import type { TestApp } from './app';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** A small file that declares width × height pixels: a real PNG header and a zlib stream of zero rows. */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * 200), { level: 9 }); // the first 200 rows
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF whose pages show `lines` (one a page); with `script`, it runs JavaScript on open and on a page's open. */
export async function textPdf(lines: string[], options: { script?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const line of lines) {
    const page = doc.addPage([612, 792]);
    page.drawText(line, { x: 72, y: 700, size: 18, font });
    if (options.script) {
      const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("page")') });
      page.node.set(PDFName.of('AA'), doc.context.obj({ O: action }));
    }
  }
  if (options.script) {
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.launchURL("https://evil.example")') }),
    );
    doc.catalog.set(
      PDFName.of('Names'),
      doc.context.obj({
        JavaScript: doc.context.obj({
          Names: [PDFString.of('x'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('1') })],
        }),
      }),
    );
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Declares `declared` bytes of multipart body, sends 1 MB, and answers the status line the server sent before the
 * rest: an oversized upload must be refused without being read.
 */
export function declaredUpload(app: TestApp, path: string, token: string, declared: number): Promise<string> {
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\nAccept: text/html\r\n` +
          `Origin: ${app.baseUrl}\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(1024 * 1024, 0x41));
    });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) {
        socket.destroy();
        resolve(received.split('\r\n')[0]!);
      }
    });
    socket.on('error', reject);
  });
}
