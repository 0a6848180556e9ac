/**
 * The résumé as a PDF (GET /profiles/{id}/resume.pdf, docs/decisions/share.md), drawn with pdfkit from the same outline as
 * the print page (views/resume/outline.ts): real text in an embedded (subset) Liberation Sans, Letter or A4,
 * page numbers, and no entry split across pages when it fits on one.
 *
 * Why pdfkit rather than @react-pdf/renderer: the outline is already plain data, so a layout engine (yoga)
 * and a second React renderer buy nothing here; pdfkit is plain JavaScript (no WebAssembly to bundle or
 * load), streams, embeds subset TrueType fonts through fontkit, and draws a 100-item résumé in tens of
 * milliseconds on Node 20 — the server bundle keeps it external like every package.
 */
import type * as Fontkit from 'fontkit';
import { lazyImport } from '../../lazyImport';
import type { Paper } from '../../validation/share';
import { withoutInvisibles } from '../../validation/common';
import type { ResumeEntry, ResumeOutline } from '../../../views/resume/outline';

/**
 * Debian's fonts-liberation (the Dockerfile installs it; the link preview image draws with it too): Latin,
 * Greek and Cyrillic, and a fifth of DejaVu's size, so parsing it costs little.
 */
export const RESUME_FONT_DIR = process.env.RESUME_FONT_DIR ?? '/usr/share/fonts/truetype/liberation';
const FONT_FILES = { regular: 'LiberationSans-Regular.ttf', bold: 'LiberationSans-Bold.ttf' } as const;

const pdfkit = lazyImport(() => import('pdfkit'));
const fontkit = lazyImport(() => import('fontkit'));

type Font = ReturnType<typeof Fontkit.openSync>;
let parsed: { regular: Font; bold: Font } | null = null;
/**
 * Parsed once per process and handed to every document (pdfkit takes a fontkit font as it is; each document
 * still embeds its own subset). A missing font is a deployment error worth failing loudly on.
 */
export async function pdfFonts() {
  const { openSync } = await fontkit();
  parsed ??= {
    regular: openSync(`${RESUME_FONT_DIR}/${FONT_FILES.regular}`) as Font,
    bold: openSync(`${RESUME_FONT_DIR}/${FONT_FILES.bold}`) as Font,
  };
  return parsed;
}

/** The bytes a pdfkit document writes, once it has ended. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const BRAND = '#8B1A1A';
const INK = '#1F2328';
const MUTED = '#5B636E';
const MARGIN = 48;
const FOOTER = 28;
/** The headshot's side, in points. */
const HEADSHOT = 72;

export async function resumePdf(
  outline: ResumeOutline,
  /** `headshot`: the owner's own public photo (JPEG bytes), drawn round beside the name; null draws none. */
  options: { paper: Paper; title: string; producer: string; headshot?: Buffer | null },
): Promise<Buffer> {
  const { regular, bold } = await pdfFonts();
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: options.paper === 'a4' ? 'A4' : 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    font: regular as unknown as string, // pdfkit's types name only a path; its code takes a fontkit font
    info: {
      Title: withoutInvisibles(options.title),
      Author: withoutInvisibles(outline.name),
      Producer: options.producer,
      Creator: options.producer,
    },
    lang: 'en-US',
    displayTitle: true,
  });
  doc.registerFont('regular', regular as unknown as string);
  doc.registerFont('bold', bold as unknown as string);
  const done = pdfBytes(doc);

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** Starts a new page unless `height` still fits on this one. */
  const keep = (height: number) => {
    if (doc.y + height > bottom() && doc.y > doc.page.margins.top) doc.addPage();
  };

  // Header: the headshot at the right, then name, position, department, contact beside it.
  const headshot = options.headshot ? HEADSHOT : 0;
  const top = doc.y;
  if (options.headshot) {
    const x = MARGIN + width - HEADSHOT;
    doc
      .save()
      .circle(x + HEADSHOT / 2, top + HEADSHOT / 2, HEADSHOT / 2)
      .clip();
    doc.image(options.headshot, x, top, { cover: [HEADSHOT, HEADSHOT], align: 'center', valign: 'center' });
    doc.restore();
  }
  const beside = { width: width - (headshot ? headshot + 16 : 0) };
  doc.font('bold').fontSize(22).fillColor(INK).text(outline.name, beside);
  if (outline.position) doc.font('regular').fontSize(12).text(outline.position, beside);
  doc.font('regular').fontSize(12).text(outline.department, beside);
  for (const line of outline.verified) doc.font('regular').fontSize(9.5).fillColor(MUTED).text(line, beside);
  doc.fillColor(INK);
  if (outline.contact.length) doc.fontSize(9.5).fillColor(MUTED).text(outline.contact.join('   ·   '), beside);
  doc.y = Math.max(doc.y, top + headshot);
  doc.moveDown(0.4);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(2)
    .strokeColor(BRAND)
    .stroke();
  doc.moveDown(0.6);

  const entryHeight = (entry: ResumeEntry) => {
    let height = 0;
    if (entry.title) height += doc.font('bold').fontSize(10.5).heightOfString(entry.title, { width });
    if (entry.facts.length)
      height += doc.font('regular').fontSize(9.5).heightOfString(entry.facts.join(' · '), { width });
    if (entry.text) height += doc.font('regular').fontSize(10).heightOfString(entry.text, { width }) + 2;
    return height + 6;
  };
  const drawEntry = (entry: ResumeEntry) => {
    const height = entryHeight(entry);
    // An entry taller than a page cannot be kept whole: it flows on.
    if (height < bottom() - doc.page.margins.top) keep(height);
    if (entry.title) doc.font('bold').fontSize(10.5).fillColor(INK).text(entry.title, { width });
    if (entry.facts.length) doc.font('regular').fontSize(9.5).fillColor(MUTED).text(entry.facts.join(' · '), { width });
    if (entry.text) {
      doc.moveDown(0.1);
      doc.font('regular').fontSize(10).fillColor(INK).text(entry.text, { width });
    }
    doc.moveDown(0.5);
  };

  for (const block of outline.blocks) {
    const first = block.groups[0]?.entries[0];
    // A section's heading stays with its first entry.
    keep(24 + (first ? entryHeight(first) : 0));
    doc.moveDown(0.3);
    doc.font('bold').fontSize(12.5).fillColor(BRAND).text(block.title.toUpperCase(), { width, characterSpacing: 0.5 });
    doc.moveDown(0.3);
    for (const group of block.groups) {
      if (group.heading) {
        keep(18 + (group.entries[0] ? entryHeight(group.entries[0]) : 0));
        doc.font('bold').fontSize(11).fillColor(INK).text(group.heading, { width });
        if (group.verified) doc.font('regular').fontSize(9.5).fillColor(MUTED).text(group.verified, { width });
        doc.moveDown(0.2);
      }
      group.entries.forEach(drawEntry);
    }
  }

  // Page numbers, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const footerY = doc.page.height - MARGIN - 12;
    doc.page.margins.bottom = 0; // writing inside the bottom margin must not add a page
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`${outline.name} · Page ${index - range.start + 1} of ${range.count}`, MARGIN, footerY, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
