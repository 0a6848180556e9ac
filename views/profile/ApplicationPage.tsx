/**
 * "Prepare an application" (docs/decisions/application-packet.md) on /profiles/{id}/application: one plain form
 * that posts back and answers the packet PDF. The owner picks the department (the registry's search, or its name
 * typed), ticks the checklist lines and documents, and what else goes in. Nothing is ticked for them but the
 * parts of the packet that say nothing private (the résumé is the visitor's view).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Card, CardDescription, CardTitle, EmptyNote } from '../ui/Card';
import { Button, ButtonLink } from '../ui/Button';
import { Checkbox, FieldGroup, FormAlert, TextField } from '../ui/Field';
import { theme } from '../ui/theme';
import { Island } from '../../src/render/Island';
import type { FormState } from '../../src/validation/forms';
import { PACKET_CHECKLIST, type DocumentJson } from '../../src/validation/documents';
import { OwnerPageRow as Row, OwnerPageWrap as Wrap } from './OwnerPageParts';

const Choices = styled.div.withConfig(sc('PacketChoices'))`
  display: grid;
  gap: ${theme.space[2]};
  overflow-wrap: anywhere;
`;

const Sections = styled.div.withConfig(sc('PacketSections'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  margin-top: ${theme.space[4]};
`;

export interface ApplicationPageProps {
  profileId: number;
  documents: DocumentJson[];
  form?: FormState | null;
}

const listed = (form: FormState | null | undefined, name: string): string[] | null => {
  const value = form?.values[name];
  return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : null;
};

export function ApplicationPage({ profileId, documents, form }: ApplicationPageProps) {
  const ticked = (name: string, value: string, byDefault = false) => {
    const posted = listed(form, name);
    return posted ? posted.includes(value) : byDefault;
  };
  const on = (name: string) => (form ? form.values[name] === 'true' : true);
  const documentChoices = (name: 'required' | 'optional', legend: string) => (
    <FieldGroup>
      <legend>{legend}</legend>
      <Choices>
        {documents.map((document) => (
          <Checkbox
            key={document.id}
            id={`packet-${name}-${document.id}`}
            name={name}
            value={String(document.id)}
            label={`${document.title} — ${document.itemTitle}`}
            defaultChecked={ticked(name, String(document.id))}
          />
        ))}
      </Choices>
    </FieldGroup>
  );
  return (
    <Wrap>
      <Row>
        <h1>Prepare an application</h1>
        <ButtonLink href={`/profiles/${profileId}/documents`} $variant="ghost">
          Your documents
        </ButtonLink>
      </Row>
      <form method="post" action={`/profiles/${profileId}/application`}>
        <Card aria-labelledby="packet-title" data-testid="packet-form">
          <CardTitle id="packet-title">One PDF for the portal</CardTitle>
          <CardDescription>
            Portals take one PDF of at most 5MB. Yours starts with a cover page (your name and a code to your profile),
            then the documents you mark as required, your résumé, the other documents you tick, and a page saying how to
            verify your department memberships. Nothing you leave unticked goes in. The ZIP holds the same PDF with your
            résumé as JSON Resume and your signed credentials, for systems that read them.
          </CardDescription>
          <FormAlert error={form?.error ?? null} />
          <Sections>
            <FieldGroup>
              <Island
                name="DepartmentPicker"
                hydrate="visible"
                props={{ label: 'Department applied to', allowCreate: false, error: form?.errors.department ?? null }}
              />
              <TextField
                id="packet-department"
                name="department"
                label="Or type the department’s name"
                defaultValue={typeof form?.values.department === 'string' ? form.values.department : ''}
              />
            </FieldGroup>
            <FieldGroup>
              <legend>What the department asks for (shown on the cover)</legend>
              <Choices>
                {PACKET_CHECKLIST.map((line, i) => (
                  <Checkbox
                    key={line}
                    id={`packet-checklist-${i}`}
                    name="checklist"
                    value={line}
                    label={line}
                    defaultChecked={ticked('checklist', line)}
                  />
                ))}
              </Choices>
            </FieldGroup>
            {documents.length ? (
              <>
                {documentChoices('required', 'Required documents (first, after the cover)')}
                {documentChoices('optional', 'Other documents (after the résumé)')}
              </>
            ) : (
              <EmptyNote>
                No documents yet: <a href={`/profiles/${profileId}/documents`}>add your proof documents</a>.
              </EmptyNote>
            )}
            <FieldGroup>
              <legend>Also include</legend>
              <Checkbox
                id="packet-contact"
                name="contact"
                label="My e-mail and phone on the cover"
                defaultChecked={on('contact')}
              />
              <Checkbox
                id="packet-resume"
                name="resume"
                label="My résumé (what visitors see on my profile)"
                defaultChecked={on('resume')}
              />
              <Checkbox
                id="packet-verification"
                name="verification"
                label="A page on how to verify my department memberships"
                defaultChecked={on('verification')}
              />
              <Checkbox
                id="packet-credentials"
                name="credentials"
                label="My signed membership credentials (attached to the PDF, as files in the ZIP)"
                defaultChecked={form ? form.values.credentials === 'true' : false}
              />
            </FieldGroup>
            <Row>
              <Button type="submit" name="format" value="pdf">
                Download the packet (PDF)
              </Button>
              <Button type="submit" name="format" value="zip" $variant="secondary">
                For machines (ZIP)
              </Button>
            </Row>
          </Sections>
        </Card>
      </form>
    </Wrap>
  );
}
