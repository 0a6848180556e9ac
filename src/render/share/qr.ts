/**
 * The QR code of a profile's public address (docs/decisions/share.md), drawn on the server by `qrcode`: an SVG for screens
 * and a PNG up to 2048 px for print. The address carries `?src=qr`, so a scan is counted as one.
 */
import { lazyImport } from '../../lazyImport';

const qrcode = lazyImport(() => import('qrcode'));

/** The address a QR code encodes: the canonical public URL, marked as a scan. */
export function qrTarget(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.searchParams.set('src', 'qr');
  return url.toString();
}

/** Medium error correction survives a scuffed sticker; a quiet zone of 4 modules is what scanners expect. */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } } as const;

export async function qrSvg(target: string): Promise<string> {
  const QRCode = await qrcode();
  return QRCode.toString(target, { ...OPTIONS, type: 'svg' });
}

export async function qrPng(target: string, size: number): Promise<Buffer> {
  const QRCode = await qrcode();
  return QRCode.toBuffer(target, { ...OPTIONS, type: 'png', width: size });
}
