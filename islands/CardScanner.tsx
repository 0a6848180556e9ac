/**
 * /verify/scan (docs/decisions/wallet-card.md): checks a membership card's token on this device. It registers
 * the scanner's service worker (which keeps this page, its code and the keys document for use offline), reads
 * the keys document, and checks a token pasted or read by the camera (the browser's BarcodeDetector, where
 * there is one) with the same check the server runs. Without script the same form posts to /verify/token.
 */
import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { Button } from '../views/ui/Button';
import { Form, SubmitButton, TextArea } from '../views/ui/Field';
import { Badge, type BadgeTone } from '../views/ui/Badge';
import { sc } from '../views/ui/sc';
import { theme } from '../views/ui/theme';
import { useTypedValue } from '../views/ui/typedBeforeHydration';
import {
  cardDay,
  checkCardToken,
  type CardAnswer,
  type CardKeysDocument,
  type CardScannerProps,
  type CardVerdict,
} from '../src/validation/cardToken';
import { useHydrated } from './lib/useHydrated';

const Result = styled.section.withConfig(sc('CardScanResult'))`
  display: grid;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  overflow-wrap: anywhere;
  dl {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: ${theme.space[1]} ${theme.space[3]};
    margin: 0;
  }
  dt {
    color: ${theme.color.muted};
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Verdict = styled.p.withConfig(sc('CardScanVerdict'))`
  margin: 0;
  font-size: ${theme.font.size.xl};
  font-weight: 700;
`;

const Note = styled.p.withConfig(sc('CardScanNote'))`
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.color.muted};
`;

const Video = styled.video.withConfig(sc('CardScanVideo'))`
  width: 100%;
  max-width: 420px;
  border-radius: ${theme.radius.card};
  background: ${theme.color.ink};
`;

const Stack = styled.div.withConfig(sc('CardScanStack'))`
  display: grid;
  gap: ${theme.space[4]};
`;

const TONE: Record<CardVerdict, BadgeTone> = {
  valid: 'ok',
  expired: 'warn',
  revoked: 'danger',
  unknown: 'danger',
  malformed: 'danger',
};

interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

function ScanResult({ result, count }: { result: CardAnswer; count: number }) {
  const { claims } = result;
  return (
    <Result aria-labelledby="card-scan-result" data-testid="card-scan-result" data-check={count}>
      <Verdict id="card-scan-result" role="status">
        <Badge $tone={TONE[result.verdict]}>{result.message}</Badge>
      </Verdict>
      {claims && (
        <dl>
          <dt>Name</dt>
          <dd>{claims.name}</dd>
          <dt>Rank</dt>
          <dd>{claims.role}</dd>
          <dt>Department</dt>
          <dd>{claims.department}</dd>
          <dt>Valid until</dt>
          <dd>{cardDay(claims.validUntil)}</dd>
        </dl>
      )}
      <Note>
        {result.checkedBy === 'server'
          ? 'Checked by the server just now.'
          : `Checked on this device against the keys and revocations as of ${cardDay(result.syncedAt)}.`}
      </Note>
    </Result>
  );
}

export default function CardScanner({ keysUrl, serviceWorkerUrl, scope, token, result }: CardScannerProps) {
  const hydrated = useHydrated();
  const [text, setText] = useState(token);
  const [answer, setAnswer] = useState<CardAnswer | null>(result);
  /** How many checks ran here: the same verdict twice is still a new answer. */
  const [checks, setChecks] = useState(0);
  const [keys, setKeys] = useState<CardKeysDocument | null>(null);
  const [scanning, setScanning] = useState(false);
  const [camera, setCamera] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  useTypedValue('card-token', setText);

  useEffect(() => {
    navigator.serviceWorker?.register(serviceWorkerUrl, { scope }).catch(() => undefined);
    // Network first, else the service worker's kept copy: a reader offline still checks against the last sync.
    fetch(keysUrl)
      .then((response) => (response.ok ? (response.json() as Promise<CardKeysDocument>) : null))
      .then(setKeys)
      .catch(() => setKeys(null));
  }, [keysUrl, serviceWorkerUrl, scope]);

  const check = async (value: string) => {
    if (!keys) return false;
    const checked = await checkCardToken(value, keys, new Date());
    setAnswer({ ...checked, checkedBy: 'device', syncedAt: keys.syncedAt });
    setChecks((count) => count + 1);
    return true;
  };

  const Detector = hydrated ? (window as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector : undefined;
  const canScan = Boolean(Detector && navigator.mediaDevices?.getUserMedia);

  useEffect(() => {
    if (!scanning || !Detector || !video.current) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const reader = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const [code] = await reader.detect(video.current).catch(() => []);
      if (code?.rawValue) {
        setText(code.rawValue);
        setScanning(false);
        await check(code.rawValue);
        return;
      }
      timer = setTimeout(look, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        look();
      })
      .catch(() => {
        setCamera('The camera is not available here: paste the token instead.');
        setScanning(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // The camera starts and stops with `scanning` alone.
  }, [scanning]);

  return (
    <Stack>
      {answer && <ScanResult result={answer} count={checks} />}
      {canScan && (
        <div>
          <Button type="button" $variant="secondary" onClick={() => setScanning(!scanning)}>
            {scanning ? 'Stop the camera' : 'Scan with the camera'}
          </Button>
        </div>
      )}
      {scanning && <Video ref={video} muted playsInline aria-label="Camera" />}
      {camera && <Note role="alert">{camera}</Note>}
      <Form
        action="/verify/token"
        onSubmit={async (event) => {
          // Checked here when the keys are at hand; else the form posts and the server checks.
          if (!keys) return;
          event.preventDefault();
          await check(text);
        }}
      >
        <TextArea
          id="card-token"
          name="token"
          label="Card token (the text of the card's QR code)"
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <SubmitButton pending={false} label="Check" busyLabel="Checking…" />
      </Form>
      <Note data-testid="card-keys-status">
        {keys
          ? `Keys and revocations as of ${cardDay(keys.syncedAt)}: cards are checked on this device, with or without a network.`
          : hydrated
            ? 'Could not read the keys: the token is checked by the server.'
            : 'The token is checked by the server.'}
      </Note>
    </Stack>
  );
}
