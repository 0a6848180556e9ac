/**
 * The career page's highlights (docs/decisions/headshot-and-banner.md "Career header"), under the header card's
 * name: the facts at a glance (years of service from the timeline, the current station and unit), then a strip of
 * the top certifications with their status and the verified endorsements with the endorsers' faces and count.
 * Built only from the items the page was given (already filtered for the viewer); a pure kept part (no clock:
 * the year comes in).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Badge } from '../ui/Badge';
import { Icon } from '../ui/Icon';
import { initials } from '../ui/format';
import { theme, media } from '../ui/theme';
import {
  currentStation,
  currentUnit,
  endorsersOf,
  serviceLine,
  topCertifications,
  yearsOfService,
} from '../../src/validation/career';
import type { SectionItems } from './sections';
import { statusLabel } from './widgets/Credentials';
import { profileHref } from './widgets/context';

const Facts = styled.ul.withConfig(sc('CareerFacts'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  & li {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[1]};
    min-width: 0;
    max-width: 100%;
    padding: ${theme.space[1]} ${theme.space[3]};
    border-radius: ${theme.radius.pill};
    background: ${theme.color.brandTint};
    color: ${theme.color.brandDark};
    font-size: ${theme.font.size.sm};
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Wrap = styled.div.withConfig(sc('CareerHighlightsWrap'))`
  grid-column: 1 / -1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
`;

const Strip = styled.div.withConfig(sc('CareerHighlights'))`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[3]};
  ${media.tablet} {
    grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  }
`;

const Tile = styled.section.withConfig(sc('CareerHighlight'))`
  min-width: 0;
  border-left: 4px solid ${theme.color.brand};
  background: ${theme.color.canvas};
  border-radius: 0 ${theme.radius.control} ${theme.radius.control} 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  & h2 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.font.size.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${theme.color.muted};
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${theme.space[2]};
  }
  & li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.space[1]} ${theme.space[2]};
    overflow-wrap: anywhere;
    font-weight: 600;
  }
  & p {
    margin: ${theme.space[2]} 0 0;
    font-size: ${theme.font.size.sm};
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
  }
`;

const Faces = styled.div.withConfig(sc('EndorserFaces'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
  & strong {
    font-size: ${theme.font.size.xl};
    color: ${theme.color.brand};
  }
`;

const FaceStack = styled.ul.withConfig(sc('EndorserFaceStack'))`
  && {
    flex-direction: row;
    gap: 0;
  }
  && li {
    margin-left: -10px;
  }
  && li:first-child {
    margin-left: 0;
  }
  & a,
  & span.face {
    display: block;
    border-radius: 50%;
  }
  & img,
  & span.face {
    width: 40px;
    height: 40px;
    border-radius: 50%;
    border: 2px solid ${theme.color.surface};
    object-fit: cover;
    display: grid;
    place-items: center;
    background: ${theme.color.brandDark};
    color: ${theme.color.white};
    font-size: 14px;
    font-weight: 700;
  }
`;

const SHOWN_FACES = 5;

export interface CareerHighlightsProps {
  items: SectionItems;
  /** This year (the timeline's years of service run to it). */
  year: number;
  /** The page's path and kept query, for the link to the skills. */
  basePath: string;
  keep: string;
}

/** The facts line and the strip; nothing when the lists hold none of it. */
export function CareerHighlights({ items, year, basePath, keep }: CareerHighlightsProps) {
  const facts = [
    { icon: 'status' as const, text: serviceLine(yearsOfService(items.timeline ?? [], year)) },
    { icon: 'station' as const, text: currentStation(items.fireStations ?? []) },
    { icon: 'shield' as const, text: currentUnit(items.specialUnits ?? []) },
  ].filter((fact): fact is { icon: 'status' | 'station' | 'shield'; text: string } => Boolean(fact.text));
  const certifications = topCertifications(items.certifications ?? []);
  const endorsements = (items.skills ?? []).flatMap((skill) => skill.colleagueEndorsements ?? []);
  const endorsers = endorsersOf(endorsements);
  const endorsementCount = endorsers.reduce((n, e) => n + e.count, 0);
  if (!facts.length && !certifications.length && !endorsers.length) return null;
  const names = endorsers.map((e) => e.name);
  const others = names.length - 2;
  const byline = others > 0 ? `${names.slice(0, 2).join(', ')} and ${others} more` : names.join(' and ');
  return (
    <Wrap>
      {facts.length ? (
        <Facts aria-label="Career at a glance" data-testid="career-facts">
          {facts.map((fact) => (
            <li key={fact.icon}>
              <Icon name={fact.icon} />
              {fact.text}
            </li>
          ))}
        </Facts>
      ) : null}
      {certifications.length || endorsers.length ? (
        <Strip data-testid="career-highlights">
          {certifications.length ? (
            <Tile aria-labelledby="highlight-certifications">
              <h2 id="highlight-certifications">Top certifications</h2>
              <ul>
                {certifications.map((cert) => {
                  const label = statusLabel(String(cert.status ?? ''));
                  return (
                    <li key={cert.id}>
                      <span>{String(cert.name)}</span>
                      {label ? <Badge $tone={label.tone}>{label.text}</Badge> : null}
                    </li>
                  );
                })}
              </ul>
            </Tile>
          ) : null}
          {endorsers.length ? (
            <Tile aria-labelledby="highlight-endorsements" data-testid="endorser-faces">
              <h2 id="highlight-endorsements">Verified endorsements</h2>
              <Faces>
                <FaceStack aria-label="Endorsed by">
                  {endorsers.slice(0, SHOWN_FACES).map((endorser) => {
                    const face = endorser.image ? (
                      <img src={endorser.image} alt={endorser.name} width={40} height={40} loading="lazy" />
                    ) : (
                      <span className="face" role="img" aria-label={endorser.name}>
                        {initials(endorser.name)}
                      </span>
                    );
                    return (
                      <li key={endorser.profileUrl ?? endorser.name}>
                        {endorser.profileUrl ? <a href={endorser.profileUrl}>{face}</a> : face}
                      </li>
                    );
                  })}
                </FaceStack>
                <span>
                  <strong>{endorsementCount}</strong> {`verified endorsement${endorsementCount === 1 ? '' : 's'}`}
                </span>
              </Faces>
              <p>
                {`From ${byline}. `}
                <a href={profileHref(basePath, 'widget=skills', keep)}>See the skills</a>
              </p>
            </Tile>
          ) : null}
        </Strip>
      ) : null}
    </Wrap>
  );
}
