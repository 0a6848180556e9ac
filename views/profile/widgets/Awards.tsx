/** Awards (spec 02 §3 "Award"): an icon per award, the citation; the section's own view adds the rest. */
import type { AwardItemJson } from '../../../src/validation/lists/awards';
import { AWARD_ICONS, Icon, type AwardIcon } from '../Icon';
import type { SectionContext, SectionItem } from '../sections';
import { DetailList, ItemList, MediaLinks, Text, WidgetItem, humanize } from './ItemLayout';

type Award = AwardItemJson & SectionItem;

export const awardIcon = (icon: string | null | undefined): AwardIcon =>
  AWARD_ICONS.find((name) => name === icon?.trim().toLowerCase()) ?? 'medal';

export function renderAwards(items: SectionItem[], context: SectionContext) {
  return (
    <ItemList>
      {(items as Award[]).map((award) => (
        <WidgetItem
          key={award.id}
          icon={<Icon name={awardIcon(award.icon)} size={20} />}
          title={award.name}
          labels={[{ text: humanize(award.type), tone: 'brand' }]}
          meta={[award.year, award.awardedBy ? `Awarded by ${award.awardedBy}` : null]}
        >
          <Text value={award.citation} />
          {context.expanded ? (
            <>
              <DetailList
                entries={[
                  ['Significance', award.significance],
                  ['Ceremony', award.ceremony],
                ]}
              />
              <MediaLinks links={award.mediaLinks} />
            </>
          ) : null}
        </WidgetItem>
      ))}
    </ItemList>
  );
}
