/** Awards (spec 02 §3 "Award", §5 "Award add"). */
import {
  defineList,
  iconChoice,
  nestedList,
  optionalChoice,
  optionalText,
  photoRef,
  requiredChoice,
  requiredText,
  photoList,
  LIST_LONG_TEXT_MAX,
  type ItemOf,
} from './define';
import { AWARD_ICONS } from './icons';

export const AWARD_TYPES = [
  'medal',
  'ribbon',
  'citation',
  'commendation',
  'lifesaving',
  'service',
  'valor',
  'unit',
  'community',
  'other',
] as const;
export const AWARD_MEDIA_TYPES = ['news', 'video', 'article', 'social', 'official'] as const;
/** Photos linked to an award (spec 02 §7). */
export const AWARD_PHOTOS_MAX = 3;

export const AWARD_MESSAGES = {
  nameRequired: 'Award name is required',
  yearRequired: 'Year is required',
  typeRequired: 'Award type is required',
  mediaUrlRequired: 'Media URL is required',
} as const;

export const awards = defineList({
  key: 'awards',
  path: 'awards',
  table: 'profile_awards',
  noun: 'Award',
  fields: {
    name: requiredText('Award name', AWARD_MESSAGES.nameRequired),
    year: requiredText('Year', AWARD_MESSAGES.yearRequired, 50),
    type: requiredChoice('Award type', AWARD_TYPES, AWARD_MESSAGES.typeRequired),
    icon: iconChoice('Icon', AWARD_ICONS),
    citation: optionalText('Citation', LIST_LONG_TEXT_MAX),
    significance: optionalText('Significance', LIST_LONG_TEXT_MAX),
    awardedBy: optionalText('Awarded by'),
    ceremony: optionalText('Ceremony'),
    photos: photoList('Photos', AWARD_PHOTOS_MAX),
    mediaLinks: nestedList('Media links', 'Media link', {
      url: requiredText('Media URL', AWARD_MESSAGES.mediaUrlRequired, 2000, 'text'),
      title: optionalText('Media title'),
      type: optionalChoice('Media type', AWARD_MEDIA_TYPES),
    }),
    primaryPhoto: photoRef(),
  },
  photoFields: { photos: 'all', primaryPhoto: 'first' },
  jsonFields: ['mediaLinks'],
});
export type AwardItemJson = ItemOf<typeof awards.fields>;
