/**
 * The print-ready résumé (GET /profiles/{id}/resume, docs/decisions/share.md): one page of plain HTML with no script and no
 * app shell, styled for the screen and for print on Letter or A4 (`?paper=`). It shows the résumé outline
 * (outline.ts), which the PDF draws too.
 */
import { createGlobalStyle, styled } from 'styled-components';
import type { Paper } from '../../src/validation/share';
import type { ResumeOutline } from './outline';
import { sc } from '../ui/sc';
import { theme } from '../ui/theme';

const PrintStyle = createGlobalStyle<{ $paper: Paper }>`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    background: ${theme.color.canvas};
    color: ${theme.color.ink};
    font-family: ${theme.font.family};
    font-size: 15px;
    line-height: 1.45;
  }
  a { color: ${theme.color.brand}; }
  a:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
  @page { size: ${(p) => (p.$paper === 'a4' ? 'A4' : 'letter')}; margin: 16mm 16mm 18mm; }
  @media print {
    body { background: #fff; font-size: 10.5pt; }
    a { color: inherit; text-decoration: none; }
  }
`;

const Sheet = styled.main.withConfig(sc('ResumeSheet'))`
  max-width: 800px;
  margin: 24px auto;
  padding: 32px 24px;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  overflow-wrap: anywhere;
  @media (max-width: 600px) {
    margin: 0;
    border: 0;
    border-radius: 0;
    padding: 20px 16px;
  }
  @media print {
    max-width: none;
    margin: 0;
    padding: 0;
    border: 0;
  }
`;

const Toolbar = styled.nav.withConfig(sc('ResumeToolbar'))`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  max-width: 800px;
  margin: 16px auto 0;
  padding: 0 24px;
  font-size: 14px;
  @media print {
    display: none;
  }
`;

const Header = styled.header.withConfig(sc('ResumeHeader'))`
  border-bottom: 3px solid ${theme.color.brand};
  padding-bottom: 12px;
  margin-bottom: 8px;
  display: flex;
  align-items: flex-start;
  gap: 16px;
  & > div {
    flex: 1;
    min-width: 0;
  }
  & > img {
    flex: none;
    width: 96px;
    height: 96px;
    border-radius: 50%;
    object-fit: cover;
  }
  h1 {
    margin: 0;
    font-size: 28px;
  }
  p {
    margin: 2px 0 0;
  }
`;

const Contact = styled.ul.withConfig(sc('ResumeContact'))`
  display: flex;
  flex-wrap: wrap;
  gap: 2px 16px;
  list-style: none;
  margin: 6px 0 0;
  padding: 0;
  color: ${theme.color.muted};
  font-size: 0.93em;
`;

const Section = styled.section.withConfig(sc('ResumeSection'))`
  margin-top: 16px;
  h2 {
    margin: 0 0 6px;
    font-size: 1.1em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${theme.color.brandDark};
    break-after: avoid;
  }
  h3 {
    margin: 10px 0 4px;
    font-size: 1em;
    break-after: avoid;
  }
`;

const Entry = styled.article.withConfig(sc('ResumeEntry'))`
  margin: 0 0 8px;
  break-inside: avoid;
  h3,
  h4 {
    margin: 0;
    font-size: 1em;
  }
  p {
    margin: 2px 0 0;
  }
`;

const Facts = styled.p.withConfig(sc('ResumeFacts'))`
  color: ${theme.color.muted};
  font-size: 0.93em;
`;

const Footer = styled.footer.withConfig(sc('ResumeFooter'))`
  margin-top: 24px;
  color: ${theme.color.muted};
  font-size: 0.85em;
`;

export function ResumePage({
  outline,
  paper,
  profilePath,
  pdfPath,
  productName,
}: {
  outline: ResumeOutline;
  paper: Paper;
  profilePath: string;
  pdfPath: string;
  productName: string;
}) {
  const other: Paper = paper === 'a4' ? 'letter' : 'a4';
  return (
    <>
      <PrintStyle $paper={paper} />
      <Toolbar aria-label="Résumé">
        <a href={profilePath}>Back to profile</a>
        <a href={pdfPath}>Download PDF</a>
        <a href={`?paper=${other}`}>Print on {other === 'a4' ? 'A4' : 'Letter'}</a>
      </Toolbar>
      <Sheet>
        <Header>
          {outline.headshot ? (
            <img src={outline.headshot} alt={`Photo of ${outline.name}`} width={96} height={96} />
          ) : null}
          <div>
            <h1>{outline.name}</h1>
            {outline.position ? <p>{outline.position}</p> : null}
            <p>{outline.department}</p>
            {outline.verified.map((line) => (
              <p key={line} data-verified>
                ✓ {line}
              </p>
            ))}
            <Contact aria-label="Contact">
              {outline.contact.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Contact>
          </div>
        </Header>
        {outline.blocks.map((block) => (
          <Section key={block.key} aria-labelledby={`resume-${block.key}`} data-resume-section={block.key}>
            <h2 id={`resume-${block.key}`}>{block.title}</h2>
            {block.groups.map((group, index) => (
              <div key={group.heading ?? index}>
                {group.heading ? <h3>{group.heading}</h3> : null}
                {group.verified ? <Facts data-verified>✓ {group.verified}</Facts> : null}
                {group.entries.map((entry, position) => (
                  <Entry key={position}>
                    {entry.title ? group.heading ? <h4>{entry.title}</h4> : <h3>{entry.title}</h3> : null}
                    {entry.facts.length ? <Facts>{entry.facts.join(' · ')}</Facts> : null}
                    {entry.text ? <p>{entry.text}</p> : null}
                  </Entry>
                ))}
              </div>
            ))}
          </Section>
        ))}
        <Footer>
          {productName} résumé · {outline.generatedOn}
        </Footer>
      </Sheet>
    </>
  );
}
