/**
 * GET /account/credentials/{linkId}/card (docs/decisions/wallet-card.md): the member's printable ID card — name,
 * rank, department, valid until and the QR of the card token, which /verify/scan checks offline. No script; in
 * print only the card remains, at ID-1 card size (85.6 × 54 mm).
 */
import { createGlobalStyle, styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { theme } from '../ui/theme';

const PrintStyle = createGlobalStyle`
  @page { size: letter; margin: 12mm; }
  @media print {
    body { background: #fff; }
    body * { visibility: hidden; }
    [data-print], [data-print] * { visibility: visible; }
    [data-print] { position: absolute; left: 0; top: 0; }
  }
`;

const Wrap = styled.div.withConfig(sc('WalletCardWrap'))`
  max-width: 760px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]};
  display: grid;
  gap: ${theme.space[5]};
  @media print {
    padding: 0;
  }
`;

const IdCard = styled.article.withConfig(sc('WalletIdCard'))`
  box-sizing: border-box;
  width: min(100%, 428px);
  aspect-ratio: 85.6 / 54;
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-rows: auto minmax(0, 1fr);
  gap: ${theme.space[2]} ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 1px solid ${theme.color.line};
  border-top: 10px solid ${theme.color.brand};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  color: ${theme.color.ink};
  @media print {
    overflow: hidden;
    width: 85.6mm;
    height: 54mm;
    padding: 3mm 4mm;
    border: 0.3mm solid #999;
    border-top: 3mm solid ${theme.color.brand};
    border-radius: 3mm;
    font-size: 7pt;
    print-color-adjust: exact;
    -webkit-print-color-adjust: exact;
  }
`;

const Department = styled.p.withConfig(sc('WalletIdDepartment'))`
  grid-column: 1 / -1;
  margin: 0;
  font-weight: 700;
  font-size: ${theme.font.size.sm};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${theme.color.brand};
  overflow-wrap: anywhere;
  @media print {
    font-size: 7.5pt;
  }
`;

const Facts = styled.dl.withConfig(sc('WalletIdFacts'))`
  margin: 0;
  min-width: 0;
  display: grid;
  align-content: start;
  gap: 2px;
  dt {
    font-size: 11px;
    color: ${theme.color.muted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  dd {
    margin: 0 0 ${theme.space[1]};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  dd.name {
    font-size: ${theme.font.size.lg};
  }
  @media print {
    dt {
      font-size: 5.5pt;
    }
    dd.name {
      font-size: 10pt;
    }
  }
`;

const Qr = styled.img.withConfig(sc('WalletIdQr'))`
  align-self: center;
  width: 150px;
  height: 150px;
  image-rendering: pixelated;
  @media (max-width: 420px) {
    width: 110px;
    height: 110px;
  }
  @media print {
    width: 30mm;
    height: 30mm;
  }
`;

const Actions = styled.ul.withConfig(sc('WalletCardActions'))`
  margin: 0;
  padding-left: ${theme.space[5]};
  display: grid;
  gap: ${theme.space[2]};
`;

export interface WalletCardPageProps {
  name: string;
  rank: string;
  department: string;
  validUntil: string;
  /** The QR image of the card token (…/card.png). */
  qrSrc: string;
  /** Where a reader checks the card (`/verify/scan`, absolute). */
  scanUrl: string;
  /** The full credential's public verify page. */
  verifyPath: string;
  downloadPath: string;
  /** The Apple Wallet pass, when this site is set up for it. */
  applePath: string | null;
  /** Google Wallet's save link (a redirect), when this site is set up for it. */
  googlePath: string | null;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function WalletCardPage(props: WalletCardPageProps) {
  const { name, rank, department, validUntil, qrSrc, scanUrl, verifyPath, downloadPath, applePath, googlePath } = props;
  return (
    <Wrap>
      <PrintStyle />
      <IdCard aria-label={`${department} membership card`} data-print="">
        <Department>{department}</Department>
        <Facts>
          <dt>Name</dt>
          <dd className="name">{name}</dd>
          <dt>Rank</dt>
          <dd>{rank}</dd>
          <dt>Valid until</dt>
          <dd>{day(validUntil)}</dd>
        </Facts>
        <Qr src={qrSrc} alt={`QR code: scan at ${scanUrl} to check this card`} width={150} height={150} />
      </IdCard>
      <Card aria-labelledby="card-help">
        <CardTitle id="card-help">Your membership card</CardTitle>
        <CardDescription>
          Print this page (the card prints at ID-card size, 85.6 × 54 mm) or show it on your phone. Anyone can check it
          by scanning the QR at {scanUrl}, even without a network once that page has been opened.
        </CardDescription>
        <Actions>
          {applePath && (
            <li>
              <a href={applePath} download="membership.pkpass">
                Add to Apple Wallet
              </a>
            </li>
          )}
          {googlePath && (
            <li>
              <a href={googlePath}>Add to Google Wallet</a>
            </li>
          )}
          <li>
            <a href={qrSrc} download="card-qr.png">
              Download the QR code (PNG)
            </a>
          </li>
          <li>
            <a href={downloadPath} download="credential.json">
              Download the full credential (credential.json)
            </a>
          </li>
          <li>
            <a href={verifyPath}>The credential’s verify page</a>
          </li>
          <li>
            <a href="/account-settings#departments">Back to My Departments</a>
          </li>
        </Actions>
      </Card>
    </Wrap>
  );
}
