/**
 * The profile's header card (DESIGN.md "Profile header card"; docs/decisions/headshot-and-banner.md "Career header"):
 * the banner across the top (the owner's photo, else the brand's band), the headshot over its edge (else the
 * initials), name, rank and title, department with its verified badges, the career highlights, motto, links.
 */
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { initials } from '../ui/format';
import { theme, media } from '../ui/theme';
import type { ProfileJson } from '../../src/validation/profiles';
import { Icon } from '../ui/Icon';
import { profileLinks, safeImageUrl } from './links';
import { ShareLinks } from './ShareLinks';
import { VerifiedBadge } from '../ui/VerifiedBadge';

const Card = styled.section.withConfig(sc('ProfileHeaderCard'))`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  overflow: hidden;
`;

const BANNER_HEIGHT = { phone: 112, tablet: 200 } as const;

/** The banner: the owner's photo, or a band in the brand's colours with the reflective stripe. */
const Banner = styled.div.withConfig(sc('ProfileBanner'))`
  height: ${BANNER_HEIGHT.phone}px;
  background:
    linear-gradient(180deg, transparent calc(100% - 6px), ${theme.color.reflective} calc(100% - 6px)),
    linear-gradient(120deg, ${theme.color.brandDark}, ${theme.color.brand} 60%, #a4312b);
  & img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  ${media.tablet} {
    height: ${BANNER_HEIGHT.tablet}px;
  }
`;

const Body = styled.div.withConfig(sc('ProfileHeaderBody'))`
  padding: 0 ${theme.space[4]} ${theme.space[5]};
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[4]};
  align-items: start;
  ${media.tablet} {
    grid-template-columns: 160px minmax(0, 1fr);
    gap: ${theme.space[3]} ${theme.space[5]};
    padding: 0 ${theme.space[6]} ${theme.space[6]};
  }
`;

const Portrait = styled.div.withConfig(sc('ProfilePortrait'))`
  margin-top: -56px;
  display: flex;
  align-items: flex-end;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  ${media.tablet} {
    margin-top: -80px;
    flex-direction: column;
    align-items: flex-start;
  }
`;

const headshotBox = `
  width: 112px;
  height: 112px;
  border-radius: 50%;
  border: 4px solid ${theme.color.surface};
  box-shadow: 0 1px 4px rgba(31, 35, 40, 0.25);
  ${media.tablet} {
    width: 160px;
    height: 160px;
  }
`;

const Photo = styled.img.withConfig(sc('ProfilePhoto'))`
  ${headshotBox}
  object-fit: cover;
  background: ${theme.color.surface};
`;

const Initials = styled.div.withConfig(sc('ProfileInitials'))`
  ${headshotBox}
  display: grid;
  place-items: center;
  background: ${theme.color.brand};
  color: ${theme.color.white};
  font-size: ${theme.font.size.xxxl};
  font-weight: 700;
`;

const PortraitLink = styled.a.withConfig(sc('ProfilePortraitLink'))`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.color.brand};
  min-height: 24px;
  display: inline-flex;
  align-items: center;
`;

const Details = styled.div.withConfig(sc('ProfileHeaderDetails'))`
  min-width: 0;
  ${media.tablet} {
    padding-top: ${theme.space[4]};
  }
`;

const Name = styled.h1.withConfig(sc('ProfileName'))`
  margin: 0;
  font-size: ${theme.font.size.xxl};
  ${media.tablet} {
    font-size: ${theme.font.size.xxxl};
  }
`;

const Rank = styled.p.withConfig(sc('ProfileRank'))`
  margin: ${theme.space[1]} 0 0;
  font-size: ${theme.font.size.lg};
  font-weight: 600;
`;

const Meta = styled.ul.withConfig(sc('ProfileMeta'))`
  list-style: none;
  margin: ${theme.space[2]} 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]} ${theme.space[4]};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
  & li {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[1]};
  }
`;

const DepartmentLink = styled.a.withConfig(sc('ProfileDepartmentLink'))`
  color: inherit;
  overflow-wrap: anywhere;
  &:hover {
    color: ${theme.color.brand};
  }
`;
const Verified = styled.ul.withConfig(sc('ProfileVerified'))`
  list-style: none;
  margin: ${theme.space[2]} 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  & li {
    max-width: 100%;
    min-width: 0;
  }
`;
const Motto = styled.p.withConfig(sc('ProfileMotto'))`
  margin: ${theme.space[3]} 0 0;
  font-style: italic;
  color: ${theme.color.ink};
`;

const Links = styled.ul.withConfig(sc('ProfileLinks'))`
  grid-column: 1 / -1;
  list-style: none;
  margin: 0;
  padding: ${theme.space[4]} 0 0;
  border-top: 1px solid ${theme.color.line};
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[4]};
  font-size: ${theme.font.size.sm};
  & a {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[1]};
    color: ${theme.color.ink};
    text-decoration: none;
    min-height: 24px;
  }
  & a:hover {
    color: ${theme.color.brand};
    text-decoration: underline;
  }
`;

/**
 * `portraitHref`: the owner's way to choose the headshot and banner (a page of plain forms), null for everyone else.
 * `highlights`: the career highlights (CareerHighlights, kept by the page on the lists it shows).
 * `shareLinks`: the plain card and résumé links, for readers. The owner has the Share panel instead, and a
 * View-as page omits them: those files are built for the real viewer, so they would show the owner's own copy.
 * `wrapDetails`: what the server page wraps each part but the pictures in (it keeps them:
 * views/profile/ProfilePage.tsx); the banner and the photo stay outside, since React moves an eager image's
 * preload to the start of the whole page's body.
 */
export function ProfileHeaderCard({
  profile,
  shareLinks = false,
  portraitHref = null,
  highlights = null,
  wrapDetails = (details) => details,
}: {
  profile: ProfileJson;
  shareLinks?: boolean;
  portraitHref?: string | null;
  highlights?: ReactNode;
  /** `part` names which of its parts (the details, the links, the share links): each is wrapped on its own. */
  wrapDetails?: (details: ReactNode, part: 'details' | 'links' | 'share') => ReactNode;
}) {
  const image = safeImageUrl(profile.profileImage);
  const banner = safeImageUrl(profile.banner);
  const links = profileLinks(profile);
  const rankLine = [profile.rank, profile.title].filter(Boolean).join(' · ');
  return (
    <Card aria-labelledby="profile-name">
      <Banner data-testid="profile-banner">
        {banner ? <img src={banner} alt="" width={1200} height={300} /> : null}
      </Banner>
      <Body>
        <Portrait>
          {image ? (
            <Photo
              src={image}
              alt={`Photo of ${profile.name}`}
              width={160}
              height={160}
              data-testid="profile-headshot"
            />
          ) : (
            <Initials aria-hidden="true">{initials(profile.name)}</Initials>
          )}
          {portraitHref ? (
            <PortraitLink href={portraitHref}>{image ? 'Change headshot or banner' : 'Add a headshot'}</PortraitLink>
          ) : null}
        </Portrait>
        {wrapDetails(
          <Details>
            <Name id="profile-name">{profile.name}</Name>
            {rankLine ? <Rank>{rankLine}</Rank> : null}
            <Meta>
              <li>
                <Icon name="station" />
                {profile.departmentPage ? (
                  <DepartmentLink href={profile.departmentPage}>{profile.department}</DepartmentLink>
                ) : (
                  <span>{profile.department}</span>
                )}
              </li>
              {profile.badgeNumber ? (
                <li>
                  <Icon name="badge" />
                  <span>Badge #{profile.badgeNumber}</span>
                </li>
              ) : null}
              {profile.currentStatus ? (
                <li>
                  <Icon name="status" />
                  <span>{profile.currentStatus}</span>
                </li>
              ) : null}
              {profile.role ? <li>{profile.role}</li> : null}
            </Meta>
            {profile.verifiedMemberships.length ? (
              <Verified aria-label="Verified memberships">
                {profile.verifiedMemberships.map((membership) => (
                  <li key={membership.departmentId}>
                    <VerifiedBadge membership={membership} />
                  </li>
                ))}
              </Verified>
            ) : null}
            {profile.motto ? <Motto>“{profile.motto}”</Motto> : null}
          </Details>,
          'details',
        )}
        {highlights}
        {wrapDetails(
          links.length ? (
            <Links aria-label="Contact and social links">
              {links.map((link) => (
                <li key={link.kind}>
                  <a
                    href={link.href}
                    {...(link.kind === 'phone' || link.kind === 'email'
                      ? {}
                      : { rel: 'noopener noreferrer me', target: '_blank' })}
                  >
                    <Icon name={link.kind} />
                    <span className="visually-hidden">{link.label}: </span>
                    <span>{link.text}</span>
                  </a>
                </li>
              ))}
            </Links>
          ) : null,
          'links',
        )}
        {shareLinks ? wrapDetails(<ShareLinks profileId={profile.id} />, 'share') : null}
      </Body>
    </Card>
  );
}
