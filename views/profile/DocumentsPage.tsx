/**
 * The owner's proof documents (docs/decisions/proof-documents.md) on /profiles/{id}/documents: plain forms, no
 * script. Each document proves one certification, license, timeline entry or award; it is private (only its owner
 * sees it here) until the owner puts it in an application packet.
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle, EmptyNote } from '../ui/Card';
import { Button, ButtonLink } from '../ui/Button';
import { FieldGroup, FormAlert, Select, TextField } from '../ui/Field';
import { theme } from '../ui/theme';
import { OwnerPageRow as Row, OwnerPageWrap as Wrap } from './OwnerPageParts';
import type { FormState } from '../../src/validation/forms';
import {
  DOCUMENT_TARGETS,
  DOCUMENT_TARGET_NOUNS,
  type DocumentItemJson,
  type DocumentJson,
} from '../../src/validation/documents';

const List = styled.ul.withConfig(sc('DocumentsList'))`
  list-style: none;
  margin: 0;
  padding: 0;
  & li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: ${theme.space[2]};
    padding: ${theme.space[3]} 0;
    border-top: 1px solid ${theme.color.line};
    overflow-wrap: anywhere;
  }
  & small {
    display: block;
    color: ${theme.color.muted};
  }
  & form {
    margin: 0;
  }
`;

export interface DocumentsPageProps {
  profileId: number;
  documents: DocumentJson[];
  items: DocumentItemJson[];
  form?: FormState | null;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DocumentsPage({ profileId, documents, items, form }: DocumentsPageProps) {
  const base = `/profiles/${profileId}/documents`;
  const options = [
    { value: '', label: 'Choose an item…' },
    ...DOCUMENT_TARGETS.flatMap((target) =>
      items
        .filter((item) => item.target === target)
        .map((item) => ({ value: item.value, label: `${DOCUMENT_TARGET_NOUNS[target]}: ${item.title}` })),
    ),
  ];
  return (
    <Wrap>
      <Row>
        <h1>Proof documents</h1>
        <ButtonLink href={`/profiles/${profileId}/application`} $variant="secondary">
          Prepare an application
        </ButtonLink>
        <ButtonLink href={`/profiles/${profileId}?edit=1`} $variant="ghost">
          Back to your profile
        </ButtonLink>
      </Row>
      <Card aria-labelledby="documents-add-title" data-testid="documents-add">
        <CardTitle id="documents-add-title">Add a document</CardTitle>
        <CardDescription>
          A scan or PDF that proves a certification, license, timeline entry or award: PDF, JPG, PNG or WebP up to 10MB.
          Documents are private — never on your profile — until you put them in an application packet.
        </CardDescription>
        <FormAlert error={form?.error ?? null} />
        {items.length ? (
          <form method="post" action={`${base}/upload`} encType="multipart/form-data">
            <FieldGroup>
              <Select
                id="document-item"
                name="item"
                label="Proves"
                options={options}
                defaultValue={typeof form?.values.item === 'string' ? form.values.item : ''}
                error={form?.errors.item}
                required
              />
              <TextField
                id="document-title"
                name="title"
                label="Name"
                placeholder="EMT card"
                defaultValue={typeof form?.values.title === 'string' ? form.values.title : ''}
                error={form?.errors.title}
                required
              />
              <Row>
                <input
                  id="document-file"
                  type="file"
                  name="file"
                  aria-label="Document file"
                  accept="application/pdf,image/jpeg,image/png,image/webp"
                  required
                />
                <Button type="submit">Upload</Button>
              </Row>
            </FieldGroup>
          </form>
        ) : (
          <EmptyNote>
            Add a certification, license, timeline entry or award first: a document proves one of them.
          </EmptyNote>
        )}
      </Card>
      <Card aria-labelledby="documents-list-title" data-testid="documents-list">
        <CardTitle id="documents-list-title">Your documents</CardTitle>
        {documents.length ? (
          <List>
            {documents.map((document) => (
              <li key={document.id} data-testid="document">
                <div>
                  <a href={document.fileUrl}>{document.title}</a>
                  <small>
                    {`${DOCUMENT_TARGET_NOUNS[document.target]}: ${document.itemTitle} · ${
                      document.kind === 'pdf'
                        ? `PDF, ${document.pageCount} ${document.pageCount === 1 ? 'page' : 'pages'}`
                        : 'Image'
                    } · ${size(document.fileSize)} · Private`}
                  </small>
                </div>
                <form method="post" action={`${base}/${document.id}/remove`}>
                  <Button type="submit" $variant="ghost" aria-label={`Remove ${document.title}`}>
                    Remove
                  </Button>
                </form>
              </li>
            ))}
          </List>
        ) : (
          <EmptyNote>No documents yet.</EmptyNote>
        )}
      </Card>
    </Wrap>
  );
}
