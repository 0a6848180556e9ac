/** Memorable incidents (spec 02 §3 "Incident"): the summary; the section's own view adds the full story. */
import type { IncidentItemJson } from '../../../src/validation/lists/incidents';
import type { SectionContext, SectionItem } from '../sections';
import { DetailList, ItemList, MediaLinks, Text, WidgetItem, humanize, type Label } from './ItemLayout';

type Incident = IncidentItemJson & SectionItem;

/** Severity is always a word ("Severity: Major"); the tone only underlines it. */
const SEVERITY_TONE: Record<NonNullable<IncidentItemJson['severity']>, Label['tone']> = {
  routine: 'neutral',
  significant: 'brand',
  major: 'warn',
  critical: 'danger',
};

export function renderIncidents(items: SectionItem[], context: SectionContext) {
  return (
    <ItemList>
      {(items as Incident[]).map((incident) => (
        <WidgetItem
          key={incident.id}
          title={incident.title}
          labels={[
            incident.type ? { text: humanize(incident.type) } : null,
            incident.severity
              ? { text: `Severity: ${humanize(incident.severity)}`, tone: SEVERITY_TONE[incident.severity] }
              : null,
          ]}
          meta={[incident.date, incident.location, incident.department]}
        >
          <Text value={incident.description} />
          {context.expanded ? (
            <>
              <DetailList
                entries={[
                  ['Detailed story', incident.detailedStory],
                  ['Units responded', incident.unitsResponded?.length ? incident.unitsResponded.join(', ') : null],
                  ['Outcome', incident.outcomeResult],
                  ['Lessons learned', incident.lessonsLearned],
                ]}
              />
              <MediaLinks links={incident.mediaUrls} />
            </>
          ) : null}
        </WidgetItem>
      ))}
    </ItemList>
  );
}
