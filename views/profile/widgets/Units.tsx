/** Apparatus & gear and special units (spec 02 §3): name, station and years, description. */
import type { GearItemJson } from '../../../src/validation/lists/gear';
import type { SpecialUnitItemJson } from '../../../src/validation/lists/specialUnits';
import type { SectionItem } from '../sections';
import { ItemList, Text, WidgetItem } from './ItemLayout';

type Unit = (GearItemJson | SpecialUnitItemJson) & SectionItem & { station?: string };

/** One renderer for both: gear has a station, a special unit does not. */
export function renderUnits(items: SectionItem[]) {
  return (
    <ItemList>
      {(items as Unit[]).map((unit) => (
        <WidgetItem key={unit.id} title={unit.name} meta={[unit.station, unit.years]}>
          <Text value={unit.description} />
        </WidgetItem>
      ))}
    </ItemList>
  );
}
