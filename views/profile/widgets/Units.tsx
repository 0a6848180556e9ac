/** Apparatus & gear and special units (spec 02 §3): name, station and years, description. */
import type { GearItemJson } from '../../../src/validation/lists/gear';
import type { SpecialUnitItemJson } from '../../../src/validation/lists/specialUnits';
import type { SectionItem } from './context';
import { itemsView } from './ItemLayout';

/** One view for both: gear has a station, a special unit does not. */
export const renderUnits = itemsView<(GearItemJson | SpecialUnitItemJson) & SectionItem & { station?: string }>(
  (unit) => ({ title: unit.name, meta: [unit.station, unit.years], text: unit.description }),
);
