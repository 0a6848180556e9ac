/**
 * Import from LinkedIn or JSON Resume (docs/decisions/import-and-json-resume.md): plain forms, no script. The upload
 * form (a LinkedIn data export ZIP or a JSON Resume file) and, after it, the preview: each row with the item it
 * would become, ticked; the rows that are skipped, with why. Adding makes the ticked rows private items.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { ActionStatus, type ActionNotice } from '../ui/ActionStatus';
import { Button, ButtonLink } from '../ui/Button';
import { Card, CardDescription, CardTitle } from '../ui/Card';
import { FormAlert } from '../ui/Field';
import { theme } from '../ui/theme';
import { IMPORT_MESSAGES, type ImportPreviewJson, type ImportRow } from '../../src/validation/imports';

const Wrap = styled.div.withConfig(sc('ImportWrap'))`
  max-width: 760px;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  & form {
    display: flex;
    flex-direction: column;
    gap: ${theme.space[3]};
  }
`;

const Actions = styled.div.withConfig(sc('ImportActions'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

const FileInput = styled.input.withConfig(sc('ImportFile'))`
  max-width: 100%;
  font: inherit;
`;

const Rows = styled.ul.withConfig(sc('ImportRows'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
`;

const Row = styled.li.withConfig(sc('ImportRow'))`
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  padding: ${theme.space[2]} ${theme.space[3]};
  overflow-wrap: anywhere;
  & label {
    display: flex;
    gap: ${theme.space[2]};
    align-items: flex-start;
    cursor: pointer;
  }
  & input {
    margin-top: 4px;
    flex: none;
    width: 18px;
    height: 18px;
  }
`;

const Small = styled.span.withConfig(sc('ImportSmall'))`
  display: block;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

const Heading = styled.h2.withConfig(sc('ImportHeading'))`
  margin: ${theme.space[2]} 0 0;
  font-size: ${theme.font.size.md};
`;

export const IMPORT_STATUS_AT = 'import';

export interface ImportUploadProps {
  action: string;
  profileHref: string;
  error: string | null;
  notice: ActionNotice | null;
}

export function ImportUploadPage({ action, profileHref, error, notice }: ImportUploadProps) {
  return (
    <Wrap>
      <Card aria-labelledby="import-title">
        <CardTitle id="import-title">{IMPORT_MESSAGES.title}</CardTitle>
        <ActionStatus notice={notice} at={IMPORT_STATUS_AT} />
        <CardDescription>
          Upload the ZIP LinkedIn e-mails you (Settings → Data privacy → Get a copy of your data) or a JSON Resume file.
          You will see every row and what it becomes before anything is added; what you add is private until you choose
          who sees it. Nothing already on your profile is changed.
        </CardDescription>
        <form method="post" action={action} encType="multipart/form-data" aria-labelledby="import-title">
          <FormAlert error={error ? { title: 'Import not read', message: error } : null} />
          <label htmlFor="import-file">File (.zip or .json)</label>
          <FileInput
            id="import-file"
            type="file"
            name="file"
            accept=".zip,.json,application/zip,application/json"
            required
            aria-invalid={error ? true : undefined}
          />
          <Actions>
            <Button type="submit">Read the file</Button>
            <ButtonLink href={profileHref} $variant="secondary">
              Back to my profile
            </ButtonLink>
          </Actions>
        </form>
      </Card>
    </Wrap>
  );
}

function OfferedRow({ row }: { row: ImportRow }) {
  return (
    <Row>
      <label>
        <input type="checkbox" name="rows" value={row.key} defaultChecked />
        <span>
          <strong>{row.title}</strong>
          <Small>{[`→ ${row.noun ?? ''}`, row.detail, row.from].filter(Boolean).join(' · ')}</Small>
          {row.note ? <Small>{row.note}</Small> : null}
        </span>
      </label>
    </Row>
  );
}

function SkippedRow({ row }: { row: ImportRow }) {
  return (
    <Row>
      <strong>{row.title}</strong>
      <Small>{`${row.skip ?? ''} · ${row.from}`}</Small>
    </Row>
  );
}

export interface ImportPreviewProps {
  preview: ImportPreviewJson;
  action: string;
  error: string | null;
}

export function ImportPreviewPage({ preview, action, error }: ImportPreviewProps) {
  const offered = preview.rows.filter((row) => !row.skip);
  const skipped = preview.rows.filter((row) => row.skip);
  const source = preview.source === 'linkedin' ? 'LinkedIn export' : 'JSON Resume';
  return (
    <Wrap>
      <Card aria-labelledby="import-preview-title">
        <CardTitle id="import-preview-title">{`Preview: ${preview.fileName ?? source}`}</CardTitle>
        <CardDescription>
          {`${offered.length} of ${preview.rows.length} rows can be added. Untick what you do not want; the rest is added as private items for you to review.`}
        </CardDescription>
        <form method="post" action={action} aria-labelledby="import-preview-title">
          <FormAlert error={error ? { title: 'Nothing added', message: error } : null} />
          {offered.length ? (
            <>
              <Heading>To add</Heading>
              <Rows data-testid="import-offered">
                {offered.map((row) => (
                  <OfferedRow key={row.key} row={row} />
                ))}
              </Rows>
            </>
          ) : null}
          {skipped.length ? (
            <>
              <Heading>Skipped</Heading>
              <Rows data-testid="import-skipped">
                {skipped.map((row) => (
                  <SkippedRow key={row.key} row={row} />
                ))}
              </Rows>
            </>
          ) : null}
          <Actions>
            {offered.length ? (
              <Button type="submit" name="intent" value="add">
                Add ticked rows as private
              </Button>
            ) : null}
            <Button type="submit" name="intent" value="cancel" $variant="secondary">
              Cancel import
            </Button>
          </Actions>
        </form>
      </Card>
    </Wrap>
  );
}
