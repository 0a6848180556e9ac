/**
 * Pages kept once for a whole class of viewers, with one small per-viewer part (the account menu) spliced in
 * per request — no render and no compression of the page on the hot path:
 * - the kept page is the HTML before and after its slot, each compressed once as raw deflate (the part before
 *   ends on a sync flush, so a stream can continue after it);
 * - a viewer's fragment is compressed once the same way and kept by its content (an LRU);
 * - an answer is a gzip member made of: header, deflate(before), deflate(fragment), deflate(after) and the
 *   trailer, whose CRC-32 is combined from the parts' CRCs (zlib's crc32_combine, below) rather than computed
 *   over the page again. Brotli streams cannot be joined this way, so these pages go out as gzip or identity;
 * - every fragment is padded (an HTML comment) to the same FRAGMENT_BYTES, so the part after the slot can be
 *   compressed against the page before it as a preset dictionary — the page before, then FRAGMENT_BYTES of NUL
 *   where the fragment goes. No HTML holds a NUL, so no back-reference can point into the fragment, and every one
 *   into the page before lands where the dictionary said, whatever the viewer's menu. Without this the part after
 *   lost the page's head as its window (8.3 KB instead of 7.6 for a 100-item page). A fragment too long to pad
 *   is joined by compressing the whole page for that answer;
 * - a joined gzip answer is kept per page and fragment (in the page cache: `JoinedAnswers`): a member coming back
 *   to a page gets the bytes a visitor would, with no join.
 */
import zlib from 'node:zlib';
import { pageEncoding } from './encoding';

/** A kept page with a slot where each viewer's fragment goes. */
export interface SplicedPage {
  /** Unique per prepared page (a new version is a new page): names its joined answers. */
  id: number;
  before: Buffer;
  after: Buffer;
  /** Raw deflate of `before`, ending on a sync flush (not final). */
  deflatedBefore: Buffer;
  /** Raw deflate of `after`, ending the stream (final block). */
  deflatedAfter: Buffer;
  crcBefore: number;
  crcAfter: number;
  /** The CRC operator for appending `after` (x^(8·after.length) mod P). */
  afterShift: number;
}

/** One viewer's part of the page, compressed once. */
export interface Fragment {
  /** Unique per prepared fragment: names its joined answers. */
  id: number;
  /** The fragment's HTML, padded to FRAGMENT_BYTES when it fits (`padded`). */
  identity: Buffer;
  padded: boolean;
  /** Raw deflate, ending on a sync flush (not final). */
  deflated: Buffer;
  crc: number;
  shift: number;
}

/** The page's compression level: compressed once per version, so it can afford more than a response would. */
const PAGE_LEVEL = 9;
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** Every fragment's length in bytes (a menu is ~1.2 KB; the longest name and e-mail, escaped, stay under 6 KB). */
export const FRAGMENT_BYTES = 8192;
/** Deflate's window: a dictionary longer than this is not looked at. */
const WINDOW_BYTES = 32 * 1024;
let lastId = 0;

// ── CRC-32 combination (zlib's crc32_combine, crc32.c): crc(A‖B) from crc(A), crc(B) and B's length ───────────

const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial (bit-reflected, as zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo P for n = 0..31. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 1 << 30; // x^1
  table.push(p >>> 0);
  for (let n = 1; n < 32; n++) table.push((p = multiplyModP(p, p)));
  return table;
})();

/** The operator that appends `bytes` bytes to a CRC: x^(8·bytes) modulo P (zlib's x2nmodp(bytes, 3)). */
export function crcShift(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModP(X2N[k & 31]!, p);
  }
  return p >>> 0;
}

/** crc32(A‖B), given crc32(A), crc32(B) and crcShift(B.length). */
export function crcCombine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

// ── pages and fragments ───────────────────────────────────────────────────────────────────────────────────

/**
 * Splits `html` around `slot` (which must occur exactly once) and compresses both sides; undefined when the slot
 * is missing or ambiguous, so the caller renders the page whole instead of serving a wrong splice.
 */
export function prepareSplicedPage(html: Buffer, slot: string): SplicedPage | undefined {
  const at = html.indexOf(slot);
  if (at < 0 || html.indexOf(slot, at + 1) >= 0) return undefined;
  const before = html.subarray(0, at);
  const after = html.subarray(at + Buffer.byteLength(slot));
  return {
    id: ++lastId,
    before,
    after,
    deflatedBefore: zlib.deflateRawSync(before, { level: PAGE_LEVEL, ...SYNC }),
    deflatedAfter: zlib.deflateRawSync(after, { level: PAGE_LEVEL, dictionary: historyBeforeAfter(before) }),
    crcBefore: zlib.crc32(before),
    crcAfter: zlib.crc32(after),
    afterShift: crcShift(after.length),
  };
}

/** What precedes the part after the slot, as its compressor may see it: the page before, then NULs (see above). */
function historyBeforeAfter(before: Buffer): Buffer {
  const history = Buffer.alloc(Math.min(WINDOW_BYTES, before.length + FRAGMENT_BYTES));
  const fromBefore = history.length - FRAGMENT_BYTES;
  if (fromBefore > 0) before.copy(history, 0, before.length - fromBefore);
  return history;
}

export function prepareFragment(html: string): Fragment {
  const bytes = Buffer.from(html);
  const padding = FRAGMENT_BYTES - bytes.length - '<!---->'.length;
  const padded = padding >= 0;
  // A comment is nothing in any element's content, so the padding changes no layout or text.
  const identity = padded ? Buffer.from(`${html}<!--${' '.repeat(padding)}-->`) : bytes;
  return {
    id: ++lastId,
    identity,
    padded,
    deflated: zlib.deflateRawSync(identity, SYNC),
    crc: zlib.crc32(identity),
    shift: crcShift(identity.length),
  };
}

/** gzip (RFC 1952) header: deflate, no flags, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page with the fragment in its slot, as one gzip member. */
export function splicedGzip(page: SplicedPage, fragment: Fragment): Buffer {
  if (!fragment.padded) return zlib.gzipSync(splicedIdentity(page, fragment));
  const crc = crcCombine(crcCombine(page.crcBefore, fragment.crc, fragment.shift), page.crcAfter, page.afterShift);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((page.before.length + fragment.identity.length + page.after.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, page.deflatedBefore, fragment.deflated, page.deflatedAfter, trailer]);
}

const splicedIdentity = (page: SplicedPage, fragment: Fragment): Buffer =>
  Buffer.concat([page.before, fragment.identity, page.after]);

/** Where joined answers are kept (the page cache), by the page and the fragment they join. */
export interface JoinedAnswers {
  /** The page's gzip answer with this fragment: joined once (splicedGzip), then kept. */
  joined(page: SplicedPage, fragment: Fragment): Buffer;
}

/** Brotli cannot be joined from parts: these pages go out gzip or as they are. */
const SPLICED_ENCODINGS = ['gzip', 'identity'] as const;

/**
 * The spliced page in the encoding the client takes (from its Accept-Encoding). Gzip answers are kept joined; the
 * rare identity answer (~64 KB a page) is joined each time rather than crowd them out.
 */
export function splicedBody(
  acceptEncoding: string | undefined,
  page: SplicedPage,
  fragment: Fragment,
  kept: JoinedAnswers,
): { encoding: 'gzip' | 'identity'; body: Buffer } {
  if (pageEncoding(acceptEncoding, SPLICED_ENCODINGS) !== 'gzip') {
    return { encoding: 'identity', body: splicedIdentity(page, fragment) };
  }
  return { encoding: 'gzip', body: kept.joined(page, fragment) };
}
