/**
 * A department's page (docs/decisions/verified-membership.md): the registry's facts and the live profiles of its verified members who
 * chose to be listed. Server-rendered, no island: the same for every viewer (kept per version).
 */
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { initials } from '../ui/format';
import { theme, media } from '../ui/theme';
import { Icon } from '../ui/Icon';
import { Badge } from '../ui/Badge';
import { Card, CardDescription, CardTitle, EmptyNote } from '../ui/Card';
import { safeImageUrl } from '../profile/links';
import type { DepartmentPageJson } from '../../src/validation/verifiedBadge';

const Page = styled.div.withConfig(sc('DepartmentPage'))`
  max-width: 1040px;
  margin: 0 auto;
  padding: ${theme.space[5]} ${theme.space[4]} ${theme.space[7]};
  display: grid;
  gap: ${theme.space[5]};
`;

const Name = styled.h1.withConfig(sc('DepartmentName'))`
  margin: 0;
  font-size: ${theme.font.size.xxl};
  overflow-wrap: anywhere;
  ${media.tablet} {
    font-size: ${theme.font.size.xxxl};
  }
`;

const Place = styled.p.withConfig(sc('DepartmentPlace'))`
  margin: ${theme.space[1]} 0 0;
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
  color: ${theme.color.muted};
  font-size: ${theme.font.size.lg};
`;

/**
 * The registry's facts as one compact definition list, no boxes: a label column beside the values on a phone, and
 * on a wider screen the pairs run along one line (City · State · County …), wrapping only when they must.
 */
const Facts = styled.dl.withConfig(sc('DepartmentFacts'))`
  margin: ${theme.space[4]} 0 0;
  display: grid;
  gap: ${theme.space[1]};
  & div {
    display: flex;
    align-items: baseline;
    gap: ${theme.space[3]};
    min-width: 0;
  }
  & dt {
    flex: none;
    width: 5.5em;
    font-size: ${theme.font.size.sm};
    color: ${theme.color.muted};
  }
  & dd {
    margin: 0;
    min-width: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  & a {
    color: ${theme.color.brand};
  }
  ${media.tablet} {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space[2]} ${theme.space[5]};
    & div {
      gap: ${theme.space[2]};
    }
    & dt {
      width: auto;
    }
  }
`;

const Members = styled.ul.withConfig(sc('DepartmentMembers'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.space[3]};
  ${media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.laptop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Member = styled.a.withConfig(sc('DepartmentMember'))`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  min-width: 0;
  padding: ${theme.space[3]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  color: ${theme.color.ink};
  text-decoration: none;
  &:hover {
    border-color: ${theme.color.brand};
    background: ${theme.color.brandTint};
  }
  & strong,
  & span {
    display: block;
    overflow-wrap: anywhere;
  }
  & span {
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

const Avatar = styled.img.withConfig(sc('DepartmentMemberPhoto'))`
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  object-fit: cover;
`;

const Initials = styled.span.withConfig(sc('DepartmentMemberInitials'))`
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  display: grid !important;
  place-items: center;
  background: ${theme.color.brand};
  color: ${theme.color.white} !important;
  font-weight: 700;
`;

export function DepartmentPage({ department }: { department: DepartmentPageJson }) {
  const place = [department.city, department.state].filter(Boolean).join(', ');
  const facts: Array<[string, React.ReactNode]> = [
    ['City', department.city],
    ['State', department.state],
    ...(department.county ? ([['County', department.county]] as Array<[string, string]>) : []),
    ...(department.fdid ? ([['FDID', department.fdid]] as Array<[string, string]>) : []),
    ...(department.deptType ? ([['Type', department.deptType]] as Array<[string, string]>) : []),
    ...(department.stations !== null ? ([['Stations', String(department.stations)]] as Array<[string, string]>) : []),
  ];
  if (department.website) {
    facts.push([
      'Website',
      <a key="website" href={department.website} rel="nofollow noopener noreferrer" target="_blank">
        {department.website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
      </a>,
    ]);
  }
  return (
    <Page>
      <Card aria-labelledby="department-name">
        <Name id="department-name">{department.name}</Name>
        <Place>
          <Icon name="station" />
          <span>{place}</span>
          {department.deptType ? <Badge $tone="brand">{department.deptType}</Badge> : null}
        </Place>
        <Facts aria-label="Registry facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Facts>
      </Card>
      <Card aria-labelledby="department-members">
        <CardTitle id="department-members">Verified members</CardTitle>
        <CardDescription>
          Members whose membership the department has verified, and who chose to be listed here.
        </CardDescription>
        {department.members.length ? (
          <Members>
            {department.members.map((member) => {
              const image = safeImageUrl(member.image);
              return (
                <li key={member.profileId}>
                  <Member href={member.href}>
                    {image ? (
                      <Avatar src={image} alt="" width={48} height={48} loading="lazy" />
                    ) : (
                      <Initials aria-hidden="true">{initials(member.name)}</Initials>
                    )}
                    <div>
                      <strong>{member.name}</strong>
                      <span>{[member.rank, member.title].filter(Boolean).join(' · ')}</span>
                    </div>
                  </Member>
                </li>
              );
            })}
          </Members>
        ) : (
          <EmptyNote>Verified members who choose to be listed appear here.</EmptyNote>
        )}
      </Card>
    </Page>
  );
}
