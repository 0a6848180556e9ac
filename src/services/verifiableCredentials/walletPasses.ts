/**
 * The membership card as a wallet pass (docs/decisions/wallet-card.md): an Apple Wallet `.pkpass` made with
 * passkit-generator and signed with the self-hoster's Pass Type ID certificate, and a Google Wallet "save" link
 * whose JWT (RS256, jose) holds a generic pass object. Both carry the card token as their QR, so a reader checks
 * either pass as it checks the printed card (/verify/scan).
 */
import { lazyImport } from '../../lazyImport';
import { theme } from '../../../views/ui/theme';
import type { CardClaims } from '../../validation/cardToken';
import type { AppleWalletSettings, GoogleWalletSettings } from '../../walletConfig';
import { loadSharp } from '../photos/sharp';
import { loadSigning } from './libraries';

const passkit = lazyImport(() => import('passkit-generator'));

export interface WalletCard {
  /** The credential's UUID: the pass's serial number and the Google object's id suffix. */
  credentialId: string;
  token: string;
  /** The card's texts, whole (the token may carry them shortened). */
  claims: CardClaims;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The pass's icon (Apple requires one): the brand colour, drawn once per size. */
const icons = lazyImport(async () => {
  const sharp = await loadSharp();
  const square = (size: number) =>
    sharp({ create: { width: size, height: size, channels: 4, background: theme.color.brand } })
      .png()
      .toBuffer();
  return { 'icon.png': await square(29), 'icon@2x.png': await square(58), 'icon@3x.png': await square(87) };
});

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The Apple Wallet pass of a card. */
export async function applePass(
  card: WalletCard,
  settings: AppleWalletSettings,
  deps: { productName: string },
): Promise<Buffer> {
  const { PKPass } = await passkit();
  const { claims } = card;
  const pass = new PKPass(
    await icons(),
    {
      wwdr: settings.wwdr,
      signerCert: settings.signerCert,
      signerKey: settings.signerKey,
      signerKeyPassphrase: settings.signerKeyPassphrase,
    },
    {
      passTypeIdentifier: settings.passTypeId,
      teamIdentifier: settings.teamId,
      serialNumber: card.credentialId,
      organizationName: claims.department,
      description: `${claims.department} membership card (${deps.productName})`,
      logoText: claims.department,
      backgroundColor: rgb(theme.color.brand),
      foregroundColor: rgb(theme.color.white),
      labelColor: rgb(theme.color.brandTint),
    },
  );
  pass.type = 'generic';
  pass.primaryFields.push({ key: 'name', label: 'Name', value: claims.name });
  pass.secondaryFields.push({ key: 'rank', label: 'Rank', value: claims.role });
  pass.auxiliaryFields.push(
    { key: 'department', label: 'Department', value: claims.department },
    { key: 'validUntil', label: 'Valid until', value: day(claims.validUntil) },
  );
  pass.setBarcodes({ message: card.token, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
  pass.setExpirationDate(new Date(claims.validUntil));
  return pass.getAsBuffer();
}

/** Google Wallet's "save" link for a card: `https://pay.google.com/gp/v/save/{jwt}`. */
export async function googleSaveLink(
  card: WalletCard,
  settings: GoogleWalletSettings,
  deps: { baseUrl: string; productName: string },
): Promise<string> {
  const { jose } = await loadSigning();
  const { claims } = card;
  const key = await jose.importPKCS8(settings.privateKey, 'RS256');
  const object = {
    id: `${settings.issuerId}.${card.credentialId}`,
    classId: `${settings.issuerId}.membership`,
    state: 'ACTIVE',
    cardTitle: { defaultValue: { language: 'en-US', value: claims.department } },
    header: { defaultValue: { language: 'en-US', value: claims.name } },
    subheader: { defaultValue: { language: 'en-US', value: claims.role } },
    hexBackgroundColor: theme.color.brand,
    textModulesData: [{ id: 'valid_until', header: 'Valid until', body: day(claims.validUntil) }],
    validTimeInterval: { end: { date: claims.validUntil } },
    barcode: { type: 'QR_CODE', value: card.token, alternateText: 'Scan to check this card' },
  };
  const jwt = await new jose.SignJWT({
    typ: 'savetowallet',
    origins: [deps.baseUrl],
    payload: { genericObjects: [object] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(settings.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
