/**
 * Proof documents and the application packet (docs/decisions/proof-documents.md,
 * docs/decisions/application-packet.md): the lists a document attaches to, the limits, the messages, the packet's
 * seeded checklist and the request schemas. Shared by the server and its pages (no server imports).
 */
import { array, mixed, object, string, type InferType } from 'yup';
import { id, trimmedLine } from './common';

/** The lists whose items carry proof (a certification, a license, a timeline entry, an award). */
export const DOCUMENT_TARGETS = ['certifications', 'licenses', 'timeline', 'awards'] as const;
export type DocumentTarget = (typeof DOCUMENT_TARGETS)[number];
export const DOCUMENT_TARGET_NOUNS: Record<DocumentTarget, string> = {
  certifications: 'Certification',
  licenses: 'License',
  timeline: 'Timeline entry',
  awards: 'Award',
};

export type DocumentKind = 'pdf' | 'image';

export const DOCUMENT_LIMITS = {
  /** One upload: PDF, JPEG, PNG or WebP (the photo pipeline's image limits apply to images). */
  maxBytes: 10 * 1024 * 1024,
  /** Pages a stored PDF may have. */
  maxPages: 50,
  titleMax: 120,
  /** Documents one profile may keep. */
  perProfile: 100,
} as const;

export const DOCUMENT_MESSAGES = {
  tooLarge: 'Documents can be at most 10MB each',
  noFile: 'Please choose a document to upload',
  notADocument: 'Please choose a PDF, JPG, PNG or WebP file',
  unreadablePdf: 'This PDF could not be read. Please save it again as a PDF and retry.',
  encryptedPdf: 'This PDF is password-protected. Application portals refuse encrypted PDFs: save an unprotected copy.',
  tooManyPages: `A document can have at most ${DOCUMENT_LIMITS.maxPages} pages`,
  tooMany: `A profile can keep at most ${DOCUMENT_LIMITS.perProfile} documents`,
  target: 'Choose the certification, license, timeline entry or award this document proves',
  itemNotFound: 'Choose the certification, license, timeline entry or award this document proves',
  titleRequired: 'Give the document a name (for example "EMT card")',
  title: `The name must be at most ${DOCUMENT_LIMITS.titleMax} characters`,
  documentNotFound: 'Document not found',
  added: { title: 'Document added', description: 'It is private: only you see it, until you put it in a packet.' },
  removed: { title: 'Document removed', description: 'Its file is deleted.' },
} as const;

const title = string()
  .typeError(DOCUMENT_MESSAGES.titleRequired)
  .transform(trimmedLine)
  .required(DOCUMENT_MESSAGES.titleRequired)
  .max(DOCUMENT_LIMITS.titleMax, DOCUMENT_MESSAGES.title);

/**
 * The item a document proves, as the upload form sends it: `certifications:12` (one select for every list).
 */
export const documentItemSchema = mixed<{ target: DocumentTarget; itemId: number }>()
  .transform((value: unknown) => {
    if (typeof value !== 'string') return value;
    const match = /^([a-z]+):([1-9][0-9]{0,9})$/.exec(value);
    if (!match || !DOCUMENT_TARGETS.includes(match[1] as DocumentTarget)) return value;
    const itemId = Number(match[2]);
    return itemId <= 2_147_483_647 ? { target: match[1] as DocumentTarget, itemId } : value;
  })
  .test('item', DOCUMENT_MESSAGES.target, (value) => value === undefined || typeof value === 'object')
  .required(DOCUMENT_MESSAGES.target);

/** POST /profiles/{id}/documents/upload (multipart): the file part beside these fields. */
export const documentUploadSchema = object({ item: documentItemSchema, title });
export type DocumentUploadFields = InferType<typeof documentUploadSchema>;

export const documentParams = object({ id: id(), documentId: id(DOCUMENT_MESSAGES.documentNotFound) });

/** A document as its owner's pages show it (never a visitor's). */
export interface DocumentJson {
  id: number;
  title: string;
  kind: DocumentKind;
  target: DocumentTarget;
  itemId: number;
  /** The item's name, as its list shows it. */
  itemTitle: string;
  originalName: string | null;
  fileSize: number;
  pageCount: number;
  uploadedAt: string;
  fileUrl: string;
}

/** An item a document may be attached to. */
export interface DocumentItemJson {
  value: string;
  target: DocumentTarget;
  itemId: number;
  title: string;
}

// ---------------------------------------------------------------------------------------------------------
// The application packet (docs/decisions/application-packet.md)

/** What departments commonly ask for: the checklist the packet page starts with. */
export const PACKET_CHECKLIST = [
  'Photo ID',
  'High school diploma or GED',
  'EMT / NREMT certification',
  'Firefighter I/II certification',
  'CPAT card',
  'DD-214 (veterans’ preference)',
  'References',
] as const;

export const PACKET_LIMITS = {
  /** Portals take one file of about 5 MB (USA Staffing). */
  maxBytes: 5 * 1024 * 1024,
  /** Longest side of an image document in the packet, in pixels (about 150 dpi on a Letter page). */
  imageMaxSide: 1600,
  departmentMax: 200,
  checklistMax: 40,
  documentsMax: 60,
} as const;

export const PACKET_MESSAGES = {
  department: 'Choose the department you are applying to',
  departmentLength: `The department must be at most ${PACKET_LIMITS.departmentMax} characters`,
  documents: 'Choose documents from your own list',
  nothing: 'Choose at least one document or the résumé',
  tooLarge: 'The packet would be larger than 5MB, which portals refuse. Leave out a document or upload a smaller scan.',
  format: 'Choose the PDF or the ZIP',
} as const;

/** What the packet form answers: the PDF for a portal, or a ZIP for machines (the PDF, resume.json, credentials). */
export const PACKET_FORMATS = ['pdf', 'zip'] as const;

const idList = (message: string, max: number) =>
  array(id(message).defined())
    .transform((value: unknown) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]))
    .max(max, message)
    .default([]);

/** A checkbox: ticked ("true", "on") or not (absent). */
const ticked = () =>
  mixed<boolean>()
    .transform((value: unknown) => value === true || value === 'on' || value === 'true' || value === '1')
    .default(false);

/** POST /profiles/{id}/application: the packet the owner chose. */
export const packetSchema = object({
  department: string()
    .typeError(PACKET_MESSAGES.department)
    .transform(trimmedLine)
    .max(PACKET_LIMITS.departmentMax, PACKET_MESSAGES.departmentLength)
    .default(''),
  departmentId: id(PACKET_MESSAGES.department)
    .nullable()
    .transform((value: unknown, original: unknown) => (original === '' || original === undefined ? null : value))
    .default(null),
  /** The owner's documents, in the order chosen: required ones first. */
  required: idList(PACKET_MESSAGES.documents, PACKET_LIMITS.documentsMax),
  optional: idList(PACKET_MESSAGES.documents, PACKET_LIMITS.documentsMax),
  /** The checklist lines the owner ticked (shown on the cover page). */
  checklist: array(string().typeError(PACKET_MESSAGES.documents).transform(trimmedLine).max(120).defined())
    .transform((value: unknown) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]))
    .max(PACKET_LIMITS.checklistMax)
    .default([]),
  /** The owner's e-mail and phone on the cover page. */
  contact: ticked(),
  resume: ticked(),
  verification: ticked(),
  /** The owner's signed membership credentials, attached to the PDF (and as files in the ZIP). */
  credentials: ticked(),
  format: mixed<(typeof PACKET_FORMATS)[number]>()
    .oneOf([...PACKET_FORMATS], PACKET_MESSAGES.format)
    .default('pdf'),
});
export type PacketInput = InferType<typeof packetSchema>;
