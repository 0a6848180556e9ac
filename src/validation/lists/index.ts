/**
 * Every profile list, by definition (one file each). Adding a list: its definition file, its migration, and
 * a line here; the routes, storage, presenting and page loading follow from the definition.
 */
import type { ListDefinition } from './define';
import { timeline } from './timeline';
import { statusUpdates } from './statusUpdates';
import { incidents } from './incidents';
import { awards } from './awards';
import { certifications } from './certifications';
import { licenses } from './licenses';
import { skills } from './skills';
import { gear } from './gear';
import { specialUnits } from './specialUnits';
import { fireStations } from './fireStations';
import { training } from './training';
import { readinessDates } from './readinessDates';
import { hiringTracker } from './hiringTracker';

export const LISTS = [
  timeline,
  statusUpdates,
  incidents,
  awards,
  certifications,
  licenses,
  skills,
  gear,
  specialUnits,
  fireStations,
  training,
  readinessDates,
  hiringTracker,
] as unknown as readonly ListDefinition[]; // yup's schemas are invariant in their shape: no list's own type is a ListDefinition

export type ListKey = (typeof LISTS)[number]['key'];
export function listByPath(path: string): ListDefinition | undefined {
  return LISTS.find((list) => list.path === path);
}

export type { ItemMeta, ItemRef, ListItemJson, ListDefinition, OrderOptions } from './define';
export { LIST_MESSAGES, itemRefSchema, parseItemRef } from './define';
