/**
 * GET /verify/scan and POST /verify/token (docs/decisions/wallet-card.md): check a membership card's QR token.
 * The CardScanner island checks on the device, offline too; without script its form posts the token and the
 * server answers with the same check. The paste-a-credential page (/verify) stays free of script.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { FormAlert } from '../ui/Field';
import { theme } from '../ui/theme';
import { Island } from '../../src/render/Island';
import type { CardScannerProps } from '../../src/validation/cardToken';

const Wrap = styled.div.withConfig(sc('VerifyScanWrap'))`
  max-width: 760px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]};
`;

export interface VerifyScanPageProps {
  scanner: CardScannerProps;
  error?: { title: string; message: string } | null;
}

export function VerifyScanPage({ scanner, error }: VerifyScanPageProps) {
  return (
    <Wrap>
      <Card aria-labelledby="scan-title">
        <CardTitle id="scan-title">Check a membership card</CardTitle>
        <CardDescription>
          Scan the QR code on a member’s card, or paste its text. Once this page has been opened, it works without a
          network: the departments’ keys and revocations are kept on this device. To check a full credential file, use{' '}
          <a href="/verify">Verify a credential</a>.
        </CardDescription>
        <FormAlert error={error} />
        <Island name="CardScanner" props={scanner} />
      </Card>
    </Wrap>
  );
}
