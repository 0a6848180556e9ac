/**
 * Skills (spec 02 §3 "Skill", §5 "Skill add"): levels are shown as 1 to 4 dots. The spec's self-typed
 * `endorsements` keep their field names but are called recommendations wherever they are shown or asked for
 * (docs/decisions/recommendations.md): endorsements are the verified colleagues' (docs/decisions/endorsements.md).
 */
import {
  defineList,
  nestedList,
  optionalNumber,
  optionalText,
  requiredChoice,
  requiredText,
  tagList,
  LIST_LONG_TEXT_MAX,
  type ItemOf,
} from './define';
import type { SkillEndorsementJson } from '../endorsements';

export const SKILL_CATEGORIES = ['firefighter', 'leadership', 'professional'] as const;
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

export const SKILL_MESSAGES = {
  nameRequired: 'Skill name is required',
  categoryRequired: 'Category is required',
  levelRequired: 'Level is required',
  yearsNumeric: 'Years of experience must be a number',
  endorserRequired: 'Please say who recommended you',
} as const;

export const skills = defineList({
  key: 'skills',
  path: 'skills',
  table: 'profile_skills',
  noun: 'Skill',
  fields: {
    name: requiredText('Skill name', SKILL_MESSAGES.nameRequired),
    category: requiredChoice('Category', SKILL_CATEGORIES, SKILL_MESSAGES.categoryRequired),
    level: requiredChoice('Level', SKILL_LEVELS, SKILL_MESSAGES.levelRequired),
    description: optionalText('Description', LIST_LONG_TEXT_MAX),
    yearsExperience: optionalNumber('Years of experience', SKILL_MESSAGES.yearsNumeric, 0, 80),
    certifications: tagList('Certifications'),
    endorsements: nestedList('Recommendations', 'Recommendation', {
      endorserName: requiredText('Recommended by', SKILL_MESSAGES.endorserRequired),
      endorserTitle: optionalText('Their title'),
      endorserDepartment: optionalText('Their department'),
      comment: optionalText('What they said', 2000),
      date: optionalText('Date', 50),
    }),
  },
  jsonFields: ['certifications', 'endorsements'],
});
/** A skill as presented: its colleagues' endorsements ride along where they were loaded (docs/decisions/endorsements.md). */
export type SkillItemJson = ItemOf<typeof skills.fields> & { colleagueEndorsements?: SkillEndorsementJson[] };
