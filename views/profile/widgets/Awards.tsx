/** Awards (spec 02 §3 "Award"): an icon per award, the citation; the section's own view adds the rest. */
import type { AwardItemJson } from '../../../src/validation/lists/awards';
import { AWARD_ICONS, iconOr } from '../../../src/validation/lists/icons';
import { Icon } from '../../ui/Icon';
import type { SectionItem } from './context';
import { humanize, itemsView, mediaLinks } from './ItemLayout';
import { photosPart } from './LinkedPhotos';

export const renderAwards = itemsView<AwardItemJson & SectionItem>((award, context) => ({
  icon: <Icon name={iconOr(AWARD_ICONS, award.icon)} size={20} />, // a legacy value outside the set: the medal
  title: award.name,
  labels: [{ text: humanize(award.type), tone: 'brand' }],
  meta: [award.year, award.awardedBy ? `Awarded by ${award.awardedBy}` : null],
  text: award.citation,
  photos: photosPart(award.photoIds, context.photos, 3),
  details: [
    ['Significance', award.significance],
    ['Ceremony', award.ceremony],
    ['Media', mediaLinks(award.mediaLinks)],
  ],
}));
