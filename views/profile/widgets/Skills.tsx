/** Skills (spec 02 §3 "Skill"): the level as 1 to 4 dots with its words; the section's own view adds the details. */
import { styled } from 'styled-components';
import { sc } from '../../ui/sc';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { SKILL_LEVELS, type SkillItemJson } from '../../../src/validation/lists/skills';
import type { SectionItem } from './context';
import { humanize, itemsView } from './ItemLayout';

const Dots = styled.span.withConfig(sc('SkillLevelDots'))`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  color: ${(p) => p.theme.color.muted};
  font-weight: 600;
`;

const Dot = styled.span.withConfig(sc('SkillLevelDot'))<{ $on: boolean }>`
  width: 10px;
  height: 10px;
  border-radius: ${(p) => p.theme.radius.pill};
  border: 2px solid ${(p) => p.theme.color.brand};
  background: ${(p) => (p.$on ? p.theme.color.brand : p.theme.color.surface)};
`;

const Word = styled.span.withConfig(sc('SkillLevelWord'))`
  margin-left: ${(p) => p.theme.space[1]};
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

const endorsement = (e: NonNullable<SkillItemJson['endorsements']>[number]) =>
  [[e.endorserName, e.endorserTitle, e.endorserDepartment].filter(Boolean).join(', '), e.comment && `“${e.comment}”`]
    .filter(Boolean)
    .join(': ');

export const renderSkills = itemsView<SkillItemJson & SectionItem>((skill, context) => ({
  title: skill.name,
  labels: [{ text: humanize(skill.category) }],
  meta: [
    skill.yearsExperience != null
      ? `${skill.yearsExperience} year${skill.yearsExperience === 1 ? '' : 's'} experience`
      : null,
  ],
  extra: <SkillLevel level={skill.level} />,
  text: context.expanded ? skill.description : null,
  details: [
    ['Certifications', skill.certifications?.join(', ')],
    [
      'Endorsements',
      skill.endorsements?.length ? (
        <ul>
          {skill.endorsements.map((e, index) => (
            <li key={index}>{endorsement(e)}</li>
          ))}
        </ul>
      ) : null,
    ],
  ],
}));
