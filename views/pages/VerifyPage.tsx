/**
 * GET/POST /verify and GET /verify/{id} (docs/decisions/verifiable-credentials.md): paste a credential, read in
 * plain words who issued it, to whom, what it says, whether the signature holds, whether it is expired or
 * revoked, and why not. A plain form: the page ships no script.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { Form, FormAlert, SubmitButton, TextArea } from '../ui/Field';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Button } from '../ui/Button';
import { theme } from '../ui/theme';
import type { Verdict, VerificationReport } from '../../src/validation/verifiableCredentials';

const Wrap = styled.div.withConfig(sc('VerifyWrap'))`
  max-width: 760px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]};
  display: grid;
  gap: ${theme.space[5]};
`;

const Facts = styled.dl.withConfig(sc('VerifyFacts'))`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[1]} ${theme.space[4]};
  margin: ${theme.space[4]} 0 0;
  dt {
    font-weight: 600;
    color: ${theme.color.muted};
  }
  dd {
    margin: 0 0 ${theme.space[2]};
    overflow-wrap: anywhere;
  }
  @media (min-width: 600px) {
    grid-template-columns: 12rem minmax(0, 1fr);
    dd {
      margin: 0;
    }
  }
`;

const Headline = styled.p.withConfig(sc('VerifyHeadline'))`
  font-size: ${theme.font.size.lg};
  margin: ${theme.space[3]} 0 0;
`;

const Reasons = styled.ul.withConfig(sc('VerifyReasons'))`
  margin: ${theme.space[3]} 0 0;
  padding-left: ${theme.space[5]};
  overflow-wrap: anywhere;
`;

/** The upload form beside the paste box (docs/decisions/wallet-card.md): a plain multipart post to /verify. */
const Upload = styled.form.withConfig(sc('VerifyUpload'))`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[2]};
  margin-top: ${theme.space[5]};
  padding-top: ${theme.space[4]};
  border-top: 1px solid ${theme.color.line};
  label {
    font-size: ${theme.font.size.sm};
    font-weight: 600;
  }
`;

const FileInput = styled.input.withConfig(sc('VerifyFile'))`
  width: 100%;
  min-width: 0;
  font: inherit;
`;

const TONE: Record<Verdict, BadgeTone> = {
  valid: 'ok',
  revoked: 'danger',
  expired: 'warn',
  'not yet valid': 'warn',
  invalid: 'danger',
};

const LABEL: Record<Verdict, string> = {
  valid: 'Valid',
  revoked: 'Revoked',
  expired: 'Expired',
  'not yet valid': 'Not yet valid',
  invalid: 'Not valid',
};

const day = (iso: string | null) =>
  iso && !Number.isNaN(Date.parse(iso))
    ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : '—';

function Report({ report }: { report: VerificationReport }) {
  const { issuer, subject, achievement } = report;
  return (
    <Card aria-labelledby="verify-result" data-testid="verify-result">
      <CardTitle id="verify-result">
        Result: <Badge $tone={TONE[report.verdict]}>{LABEL[report.verdict]}</Badge>
      </CardTitle>
      <Headline role="status">{report.headline}</Headline>
      {report.reasons.length > 0 && (
        <Reasons aria-label="Why">
          {report.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </Reasons>
      )}
      <Facts>
        <dt>Issued by</dt>
        <dd>
          {issuer.name ?? issuer.id}
          {issuer.fdid ? ` (FDID ${issuer.fdid})` : ''}
          {issuer.note ? <CardDescription as="span"> — {issuer.note}</CardDescription> : null}
        </dd>
        <dt>Issuer identifier</dt>
        <dd>{issuer.id || '—'}</dd>
        <dt>Issued to</dt>
        <dd>{subject.name ?? '—'}</dd>
        <dt>What it says</dt>
        <dd>
          {achievement.name ?? '—'}
          {achievement.type ? ` (${achievement.type})` : ''}
          {subject.role ? `, as ${subject.role}` : ''}
          {subject.since ? `, verified since ${day(subject.since)}` : ''}
        </dd>
        <dt>Signature</dt>
        <dd>{report.signature === 'holds' ? 'Holds: signed by the issuer’s key' : 'Does not hold'}</dd>
        <dt>Revocation</dt>
        <dd>
          {
            {
              'not revoked': 'Not revoked (checked now)',
              revoked: 'Revoked by the issuer',
              unchecked: 'Not checked (the list is on another site)',
              none: 'The credential names no revocation list',
            }[report.status]
          }
        </dd>
        <dt>Valid</dt>
        <dd>
          from {day(report.validFrom)} until {day(report.validUntil)}
        </dd>
        {report.credentialId && (
          <>
            <dt>Credential</dt>
            <dd>{report.credentialId}</dd>
          </>
        )}
      </Facts>
    </Card>
  );
}

export interface VerifyPageProps {
  /** The pasted text, kept after a refusal. */
  text?: string;
  error?: { title: string; message: string } | null;
  report?: VerificationReport | null;
  /** /verify/{id}: one of ours, no form. */
  kept?: boolean;
}

export function VerifyPage({ text, error, report, kept }: VerifyPageProps) {
  return (
    <Wrap>
      {report && <Report report={report} />}
      {!kept && (
        <Card aria-labelledby="verify-title">
          <CardTitle id="verify-title">Verify a credential</CardTitle>
          <CardDescription>
            Paste a credential file (Open Badges 3.0 or W3C Verifiable Credential 2.0, signed with a Data Integrity
            proof): one from this site, or another issuer’s with a did:key. Nothing is fetched from elsewhere. To check
            a membership card’s QR code, use <a href="/verify/scan">Check a card</a>.
          </CardDescription>
          <FormAlert error={error} />
          <Form action="/verify">
            <TextArea
              id="verify-credential"
              name="credential"
              label="Credential (the contents of credential.json)"
              rows={10}
              defaultValue={text ?? ''}
              spellCheck={false}
              autoComplete="off"
            />
            <SubmitButton pending={false} label="Verify" busyLabel="Verifying…" />
          </Form>
          <Upload method="post" action="/verify" encType="multipart/form-data" aria-label="Upload a credential file">
            <label htmlFor="verify-file">Or choose the credential file (.json)</label>
            <FileInput id="verify-file" type="file" name="file" accept=".json,application/json,.jsonld" required />
            <div>
              <Button type="submit" $variant="secondary">
                Verify the file
              </Button>
            </div>
          </Upload>
        </Card>
      )}
      {kept && (
        <CardDescription>
          <a href="/verify">Verify another credential</a>
        </CardDescription>
      )}
    </Wrap>
  );
}
