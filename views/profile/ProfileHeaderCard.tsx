/** The profile's header card (DESIGN.md "Profile header card"): photo, name, rank and title, department, motto, links. */
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
  padding: ${theme.space[5]};
  display: grid;
  grid-template-columns: 88px 1fr;
  gap: ${theme.space[4]};
  align-items: start;
  ${media.tablet} {
    grid-template-columns: 112px 1fr;
    gap: ${theme.space[5]};
    padding: ${theme.space[6]};
  }
`;

const Photo = styled.img.withConfig(sc('ProfilePhoto'))`
  width: 88px;
  height: 88px;
  border-radius: 50%;
  object-fit: cover;
  border: 3px solid ${theme.color.brandTint};
  ${media.tablet} {
    width: 112px;
    height: 112px;
  }
`;

const Initials = styled.div.withConfig(sc('ProfileInitials'))`
  width: 88px;
  height: 88px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${theme.color.brand};
  color: ${theme.color.white};
  font-size: ${theme.font.size.xxl};
  font-weight: 700;
  border: 3px solid ${theme.color.brandTint};
  ${media.tablet} {
    width: 112px;
    height: 112px;
    font-size: ${theme.font.size.xxxl};
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
 * `shareLinks`: the plain card and résumé links, for readers. The owner has the Share panel instead, and a
 * View-as page omits them: those files are built for the real viewer, so they would show the owner's own copy.
 * `wrapDetails`: what the server page wraps all but the photo in (it keeps them: views/profile/ProfilePage.tsx);
 * the photo stays outside, since React moves an eager image's preload to the start of the whole page's body.
 */
export function ProfileHeaderCard({
  profile,
  shareLinks = false,
  wrapDetails = (details) => details,
}: {
  profile: ProfileJson;
  shareLinks?: boolean;
  wrapDetails?: (details: ReactNode) => ReactNode;
}) {
  const image = safeImageUrl(profile.profileImage);
  const links = profileLinks(profile);
  const rankLine = [profile.rank, profile.title].filter(Boolean).join(' · ');
  return (
    <Card aria-labelledby="profile-name">
      {image ? (
        <Photo src={image} alt={`Photo of ${profile.name}`} width={112} height={112} />
      ) : (
        <Initials aria-hidden="true">{initials(profile.name)}</Initials>
      )}
      {wrapDetails(
        <>
          <div>
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
          </div>
          {links.length ? (
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
          ) : null}
          {shareLinks ? <ShareLinks profileId={profile.id} /> : null}
        </>,
      )}
    </Card>
  );
}
