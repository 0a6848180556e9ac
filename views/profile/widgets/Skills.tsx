/**
 * Skills (spec 02 §3 "Skill"): the level as 1 to 4 dots with its words; the section's own view adds the details.
 * docs/decisions/endorsements.md: verified colleagues' endorsements (approved by the owner) are counted on the meta line and listed
 * with each endorser linked to their profile, each marked with a check; the spec's self-entered ones are
 * "Recommendations" (docs/decisions/recommendations.md), quoted in muted italics and marked "added by the owner";
 * a verified colleague's page (`context.endorseBase`) has an Endorse link on each skill.
 */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { SKILL_LEVELS, type SkillItemJson } from '../../../src/validation/lists/skills';
import type { SectionItem } from './context';
import { humanize, itemsView } from './ItemLayout';
import { ButtonLink } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { ENDORSEMENT_MESSAGES, type SkillEndorsementJson } from '../../../src/validation/endorsements';
import { theme } from '../../ui/theme';

const Dots = styled.span.withConfig(sc('SkillLevelDots'))`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  color: ${theme.color.muted};
  font-weight: 600;
`;

const Dot = styled.span.withConfig(sc('SkillLevelDot'))<{ $on: boolean }>`
  width: 10px;
  height: 10px;
  border-radius: ${theme.radius.pill};
  border: 2px solid ${theme.color.brand};
  background: ${(p) => (p.$on ? theme.color.brand : theme.color.surface)};
`;

const Word = styled.span.withConfig(sc('SkillLevelWord'))`
  margin-left: ${theme.space[1]};
`;

const Hidden = styled.span.withConfig(sc('SkillLevelText'))`
  ${visuallyHidden}
`;

/** Four dots, `value` filled, and the level word for the eye; "Advanced, 3 of 4" for a reader. */
export function SkillLevel({ level }: { level: SkillItemJson['level'] }) {
  const value = SKILL_LEVELS.indexOf(level) + 1;
  return (
    <Dots>
      {SKILL_LEVELS.map((name, index) => (
        <Dot key={name} $on={index < value} aria-hidden="true" />
      ))}
      <Word aria-hidden="true">{humanize(level)}</Word>
      <Hidden>{`${humanize(level)}, ${value} of ${SKILL_LEVELS.length}`}</Hidden>
    </Dots>
  );
}

const Added = styled.span.withConfig(sc('SkillEndorsementAdded'))`
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

/** Verified endorsements: each one with a check, in the status colour for "verified". */
const VerifiedList = styled.ul.withConfig(sc('SkillVerifiedEndorsements'))`
  list-style: none;
  padding-left: 0;
  & > li {
    display: flex;
    align-items: baseline;
    gap: ${theme.space[1]};
  }
  & > li > svg {
    flex: 0 0 auto;
    color: ${theme.color.ok};
    align-self: center;
  }
`;

/** The owner's own recommendations: quoted, muted and set apart, so they never read as verified ones. */
const RecommendationList = styled.ul.withConfig(sc('SkillRecommendations'))`
  list-style: none;
  padding-left: ${theme.space[3]};
  border-left: 2px dashed ${theme.color.line};
  color: ${theme.color.muted};
  font-style: italic;
`;

const EndorseLink = styled(ButtonLink).withConfig(sc('SkillEndorseLink'))`
  margin-left: ${theme.space[3]};
  min-height: 32px;
  padding: 0 ${theme.space[3]};
  font-size: ${theme.font.size.sm};
`;

/** A recommendation the owner typed in (spec 02 §3 `endorsements`), marked as such beside the verified ones. */
const selfEntered = (e: NonNullable<SkillItemJson['endorsements']>[number]) => (
  <>
    {[[e.endorserName, e.endorserTitle, e.endorserDepartment].filter(Boolean).join(', '), e.comment && `“${e.comment}”`]
      .filter(Boolean)
      .join(': ')}{' '}
    <Added>({ENDORSEMENT_MESSAGES.addedByOwner})</Added>
  </>
);

/** A verified colleague's endorsement: their name (linked to their public profile), rank and department. */
const verified = (e: SkillEndorsementJson) => (
  <>
    {e.endorser.profileUrl ? <a href={e.endorser.profileUrl}>{e.endorser.name}</a> : e.endorser.name}
    {[e.endorser.rank, e.endorser.department].filter(Boolean).map((part) => `, ${part}`)}
    {e.comment ? `: “${e.comment}”` : null}
  </>
);

/** The approved ones (the owner's editor gets every status; it shows the others in its review). */
const shownEndorsements = (skill: SkillItemJson) =>
  (skill.colleagueEndorsements ?? []).filter((e) => e.status === null || e.status === 'approved');

export const renderSkills = itemsView<SkillItemJson & SectionItem>((skill, context) => {
  const colleagues = shownEndorsements(skill);
  return {
    title: skill.name,
    labels: [{ text: humanize(skill.category) }],
    meta: [
      skill.yearsExperience != null
        ? `${skill.yearsExperience} year${skill.yearsExperience === 1 ? '' : 's'} experience`
        : null,
      colleagues.length ? `${colleagues.length} verified endorsement${colleagues.length === 1 ? '' : 's'}` : null,
    ],
    extra: (
      <>
        <SkillLevel level={skill.level} />
        {context.endorseBase ? (
          <EndorseLink
            href={`${context.endorseBase}/${skill.id}/endorse`}
            $variant="secondary"
            aria-label={`Endorse ${skill.name}`}
          >
            Endorse
          </EndorseLink>
        ) : null}
      </>
    ),
    text: context.expanded ? skill.description : null,
    details: [
      ['Certifications', skill.certifications?.join(', ')],
      [
        'Verified endorsements',
        colleagues.length ? (
          <VerifiedList>
            {colleagues.map((e) => (
              <li key={e.id}>
                <Icon name="check" size={14} />
                <span>{verified(e)}</span>
              </li>
            ))}
          </VerifiedList>
        ) : null,
      ],
      [
        'Recommendations',
        skill.endorsements?.length ? (
          <RecommendationList>
            {skill.endorsements.map((e, index) => (
              <li key={index}>{selfEntered(e)}</li>
            ))}
          </RecommendationList>
        ) : null,
      ],
    ],
  };
});
