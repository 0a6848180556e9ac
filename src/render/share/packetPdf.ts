/**
 * The application packet as one PDF (docs/decisions/application-packet.md): a cover page (name, contact, the
 * department applied to, the checklist, a QR code to the public profile), the required documents, the résumé,
 * the other documents, then a verification page. The cover and verification pages are drawn with pdfkit in the
 * résumé's font (src/render/share/resumePdf.ts); pdf-lib joins them with the stored documents — PDFs already
 * rebuilt without script when uploaded (src/services/documents), images as full pages.
 *
 * Everything drawn comes from the caller, who passes only what the owner chose. The signed credentials they chose
 * are embedded as PDF file attachments through `attachments` (pdf-lib `attach()`).
 */
import { lazyImport } from '../../lazyImport';
import { withoutInvisibles } from '../../validation/common';
import { pdfBytes, pdfFonts } from './resumePdf';

const pdfkit = lazyImport(() => import('pdfkit'));
const pdfLib = lazyImport(() => import('pdf-lib'));

export interface PacketDocument {
  title: string;
  /** The item it proves ("Certification: EMT-Basic"). */
  proves: string;
  kind: 'pdf' | 'image';
  bytes: Buffer;
}

export interface PacketAttachment {
  name: string;
  bytes: Buffer;
  mimeType: string;
  description: string;
}

export interface PacketContent {
  name: string;
  /** Contact lines the owner chose to show (e-mail, phone); empty for none. */
  contact: string[];
  department: string;
  /** The checklist lines the owner ticked. */
  checklist: string[];
  /** The public profile's address, also drawn as a QR code. */
  profileUrl: string;
  qrPng: Buffer;
  required: PacketDocument[];
  resume: Buffer | null;
  optional: PacketDocument[];
  /** Verified memberships and how to check each; null leaves the page out. */
  verification: Array<{ claim: string; check: string }> | null;
  attachments: PacketAttachment[];
  producer: string;
  generatedOn: string;
}

const INK = '#1F2328';
const MUTED = '#5B636E';
const BRAND = '#8B1A1A';
const MARGIN = 56;
const LETTER: [number, number] = [612, 792];

/** The packet's own pages (cover, verification), drawn with pdfkit. */
async function drawPages(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { regular, bold } = await pdfFonts();
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, font: regular as unknown as string });
  doc.registerFont('regular', regular as unknown as string);
  doc.registerFont('bold', bold as unknown as string);
  const done = pdfBytes(doc);
  draw(doc);
  doc.end();
  return done;
}

const heading = (doc: PDFKit.PDFDocument, text: string) =>
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor(BRAND).text(text).moveDown(0.3);

function cover(content: PacketContent, documents: PacketDocument[]) {
  return (doc: PDFKit.PDFDocument) => {
    const width = doc.page.width - MARGIN * 2;
    const qr = 110;
    doc.image(content.qrPng, MARGIN + width - qr, MARGIN, { width: qr });
    const beside = { width: width - qr - 16 };
    doc.font('bold').fontSize(24).fillColor(INK).text(content.name, beside);
    doc.font('regular').fontSize(12).fillColor(MUTED);
    for (const line of content.contact) doc.text(line, beside);
    doc.moveDown(0.5).fillColor(INK).text(`Application to ${content.department}`, beside);
    doc.fontSize(9).fillColor(MUTED).text(`Profile: ${content.profileUrl}`, beside);
    doc.y = Math.max(doc.y, MARGIN + qr + 8);
    if (content.checklist.length) {
      heading(doc, 'Checklist');
      doc.font('regular').fontSize(11).fillColor(INK);
      for (const line of content.checklist) doc.text(`•  ${line}`);
    }
    heading(doc, 'In this packet');
    doc.font('regular').fontSize(11).fillColor(INK);
    const contents = [
      ...content.required.map((d) => `${d.title} — ${d.proves} (required)`),
      ...(content.resume ? ['Résumé'] : []),
      ...content.optional.map((d) => `${d.title} — ${d.proves}`),
      ...(content.verification ? ['How to verify'] : []),
    ];
    contents.forEach((line, i) => doc.text(`${i + 1}.  ${line}`));
    if (!documents.length && !content.resume) doc.text('—');
    doc
      .moveDown(2)
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Prepared with ${content.producer} on ${content.generatedOn}. Scan the code to open the profile.`);
  };
}

function verificationPage(content: PacketContent) {
  return (doc: PDFKit.PDFDocument) => {
    doc.font('bold').fontSize(20).fillColor(INK).text('How to verify');
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(MUTED)
      .text(`Each line below can be checked without contacting ${content.name}.`);
    heading(doc, 'Department-verified memberships');
    doc.font('regular').fontSize(11).fillColor(INK);
    if (!content.verification!.length) doc.text('None yet.');
    for (const { claim, check } of content.verification!) {
      doc.font('bold').text(claim);
      doc.font('regular').fillColor(MUTED).text(check).fillColor(INK).moveDown(0.4);
    }
    heading(doc, 'The profile');
    doc.font('regular').fontSize(11).fillColor(INK).text(content.profileUrl);
  };
}

/** The packet's bytes. Throws what pdf-lib throws for a stored file it cannot read (a server fault). */
export async function packetPdf(content: PacketContent): Promise<Buffer> {
  const { PDFDocument } = await pdfLib();
  const packet = await PDFDocument.create();
  packet.setTitle(withoutInvisibles(`${content.name} — Application to ${content.department}`));
  packet.setAuthor(withoutInvisibles(content.name));
  packet.setProducer(content.producer);
  packet.setCreator(content.producer);

  const appendPdf = async (bytes: Buffer) => {
    const source = await PDFDocument.load(bytes);
    for (const page of await packet.copyPages(source, source.getPageIndices())) packet.addPage(page);
  };
  const appendDocument = async (document: PacketDocument) => {
    if (document.kind === 'pdf') return appendPdf(document.bytes);
    const image = await packet.embedJpg(document.bytes);
    const page = packet.addPage(LETTER);
    const box = { width: LETTER[0] - 72, height: LETTER[1] - 72 };
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: (LETTER[0] - width) / 2, y: (LETTER[1] - height) / 2, width, height });
  };

  const documents = [...content.required, ...content.optional];
  await appendPdf(await drawPages(cover(content, documents)));
  for (const document of content.required) await appendDocument(document);
  if (content.resume) await appendPdf(content.resume);
  for (const document of content.optional) await appendDocument(document);
  if (content.verification) await appendPdf(await drawPages(verificationPage(content)));
  for (const attachment of content.attachments) {
    await packet.attach(attachment.bytes, attachment.name, {
      mimeType: attachment.mimeType,
      description: attachment.description,
    });
  }
  return Buffer.from(await packet.save({ useObjectStreams: true }));
}
