/**
 * The owner's Share panel (docs/decisions/share.md), in the profile's header beside the edit controls: the public link with
 * Copy, the QR code, the contact card, the résumé (PDF and print view) with its sections, the link preview
 * image and insights. Progressive: the panel is a native <details> disclosure and every item a plain link, so
 * it all works before (or without) the script; the script adds Copy and saves the résumé sections. Every
 * address comes from the server (presentShareLinks).
 */
import { useState } from 'react';
import { useId } from '../views/ui/useId';
import { styled } from 'styled-components';
import {
  RESUME_SECTIONS,
  SHARE_MESSAGES,
  type ResumeSectionKey,
  type ShareLinksJson,
  type SharedCredentialJson,
} from '../src/validation/shareLinks';
import { apiRequest } from './lib/api';
import { toast } from './lib/toast';
import { useApiMutation } from './lib/useApiMutation';
import { Button, summaryAsButton } from '../views/ui/Button';
import { sc } from '../views/ui/sc';
import { DropPanel } from '../views/ui/DropPanel';
import { theme } from '../views/ui/theme';

/** Its panel hangs from the nearest positioned box around it (the owner's bar), not from the button. */
const Disclosure = styled.details.withConfig(sc('SharePanel'))`
  flex-shrink: 0;
  ${summaryAsButton}
  & > summary::after {
    content: '▾';
  }
  &[open] > summary::after {
    content: '▴';
  }
`;

/**
 * Drops down from the header, over the page, within the screen; scrolls when taller than the screen. Its one
 * column may be narrower than its contents' natural width (`minmax(0, 1fr)`), so at 320 px the link field and
 * the long link texts give way (shrink, wrap) instead of pushing past the panel's edge.
 */
const Panel = styled(DropPanel).withConfig(sc('SharePanelBody')).attrs({ $width: 520 })`
  max-height: calc(100vh - 140px);
  overflow-y: auto;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[4]};
  a {
    overflow-wrap: anywhere;
  }
  h2 {
    margin: 0;
    font-size: ${theme.font.size.lg};
  }
  h3 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.md};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${theme.space[2]};
  }
`;

const LinkRow = styled.div.withConfig(sc('ShareLinkRow'))`
  display: flex;
  gap: ${theme.space[2]};
  min-width: 0;
  input {
    flex: 1;
    min-width: 0;
    min-height: ${theme.controlHeight};
    padding: 0 ${theme.space[3]};
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.control};
    font: inherit;
    color: ${theme.color.ink};
    background: ${theme.color.canvas};
  }
  button {
    flex: none;
  }
`;

const QrRow = styled.div.withConfig(sc('ShareQrRow'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[4]};
  align-items: center;
  ul {
    flex: 1 1 160px;
    min-width: 0;
  }
  img {
    width: 128px;
    height: 128px;
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.control};
  }
`;

const Preview = styled.img.withConfig(sc('SharePreviewImage'))`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1200 / 630;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
`;

const Sections = styled.fieldset.withConfig(sc('ShareResumeSections'))`
  border: 0;
  margin: 0;
  padding: 0;
  legend {
    padding: 0;
    margin-bottom: ${theme.space[2]};
    font-weight: 600;
  }
  ul {
    grid-template-columns: repeat(auto-fill, minmax(min(200px, 100%), 1fr));
  }
  label {
    display: flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: 32px;
  }
`;

export interface SharePanelProps {
  profileId: number;
  name: string;
  links: ShareLinksJson;
  /** The owner's issued, non-revoked signed credentials (docs/decisions/wallet-card.md). */
  credentials: SharedCredentialJson[];
}

export default function SharePanel({ profileId, name, links, credentials }: SharePanelProps) {
  const id = useId();
  const [sections, setSections] = useState<ResumeSectionKey[]>(links.resumeSections);
  const [copied, setCopied] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(links.publicUrl);
      setCopied(SHARE_MESSAGES.linkCopied);
      toast({ title: SHARE_MESSAGES.linkCopied, description: links.publicUrl });
    } catch {
      setCopied(SHARE_MESSAGES.copyFailed);
      toast({ title: SHARE_MESSAGES.copyFailed, description: 'Select the link and copy it.', variant: 'destructive' });
    }
  };

  const save = useApiMutation({
    request: (next: ResumeSectionKey[]) =>
      apiRequest<ShareLinksJson>('PUT', `/api/profiles/${profileId}/resume-sections`, { sections: next }),
    success: { title: SHARE_MESSAGES.sectionsSaved },
    errorTitle: SHARE_MESSAGES.sectionsFailed,
    fallbackMessage: 'Please try again.',
    onSuccess: (saved) => setSections(saved.resumeSections),
    // Undo the optimistic change if it is still what is shown.
    onError: (_error, next) => setSections((current) => (current === next ? links.resumeSections : current)),
  });
  const toggle = (key: ResumeSectionKey, on: boolean) => {
    const next = on ? [...sections, key] : sections.filter((k) => k !== key);
    setSections(next);
    save.mutate(next);
  };

  return (
    <Disclosure data-share-panel="">
      <summary>Share</summary>
      <Panel aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Share your profile</h2>
        <div>
          <h3>
            <label htmlFor={`${id}-link`}>Public link</label>
          </h3>
          <LinkRow>
            <input id={`${id}-link`} type="url" readOnly value={links.publicUrl} onFocus={(e) => e.target.select()} />
            <Button type="button" $variant="primary" onClick={copy}>
              Copy link
            </Button>
          </LinkRow>
          <p className="visually-hidden" aria-live="polite">
            {copied}
          </p>
        </div>
        <div>
          <h3>QR code</h3>
          <QrRow>
            <img src={links.qrSvg} alt={`QR code that opens ${name}'s public profile`} loading="lazy" />
            <ul>
              <li>
                <a href={links.qrSvg} download>
                  QR code (SVG)
                </a>
              </li>
              <li>
                <a href={links.qrPng} download>
                  QR code for print (PNG)
                </a>
              </li>
            </ul>
          </QrRow>
        </div>
        <div>
          <h3>Contact card and résumé</h3>
          <ul>
            <li>
              <a href={links.contactCard} download>
                Download contact card (vCard)
              </a>
            </li>
            <li>
              <a href={links.resumePdf} download>
                Download résumé (PDF)
              </a>
            </li>
            <li>
              <a href={links.jsonResume} download>
                Download résumé (JSON Resume)
              </a>
            </li>
            <li>
              <a href={links.resume}>Open résumé print view</a>
            </li>
          </ul>
        </div>
        {credentials.length > 0 && (
          <div>
            <h3>Signed credentials</h3>
            <ul>
              {credentials.map((credential) => {
                const named =
                  credential.kind === 'Membership'
                    ? credential.department
                    : `${credential.title} (attested by ${credential.department})`;
                return (
                  <li key={credential.verify}>
                    {named}:{' '}
                    <a
                      href={credential.download}
                      download="credential.json"
                      aria-label={`Download credential: ${named}`}
                    >
                      Download credential
                    </a>
                    {' · '}
                    <a href={credential.verify} aria-label={`Verify page: ${named}`}>
                      Verify page
                    </a>
                    {credential.card ? (
                      <>
                        {' · '}
                        <a href={credential.card} aria-label={`Membership card: ${named}`}>
                          Card
                        </a>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        <Sections>
          <legend>Résumé sections</legend>
          <ul>
            {RESUME_SECTIONS.map((section) => (
              <li key={section.key}>
                <label>
                  <input
                    type="checkbox"
                    name="sections"
                    value={section.key}
                    checked={sections.includes(section.key)}
                    onChange={(e) => toggle(section.key, e.target.checked)}
                  />
                  {section.title}
                </label>
              </li>
            ))}
          </ul>
        </Sections>
        <div>
          <h3>Link preview</h3>
          <a href={links.ogImage}>
            <Preview
              src={links.ogImage}
              alt={`The image chat apps show with a link to ${name}'s profile`}
              width={1200}
              height={630}
              loading="lazy"
            />
          </a>
        </div>
        <p>
          <a href={links.insights}>See insights: views, scans and downloads</a>
        </p>
      </Panel>
    </Disclosure>
  );
}
