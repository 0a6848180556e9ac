import { BaseModel } from './BaseModel';
import type { ListDefinition } from '../validation/lists';
import type { Visibility } from '../validation/visibility';

/**
 * An item of one of a profile's lists (spec 02 §3). One model class per list table, made from the list's
 * definition (src/validation/lists): the columns every list shares are declared here; a list's own fields
 * are its definition's.
 */
export class ListItem extends BaseModel {
  static override hasUpdatedAt = true;

  /** A list's own fields (its definition's, under their stored names). */
  [field: string]: unknown;

  id!: number;
  profileId!: number;
  /** 0-based place in the profile's list; the API's index. */
  position!: number;
  showOnMainProfile!: boolean;
  visibility!: Visibility;
  /** Grows with every write to the item: its ETag. */
  version!: number;
  createdAt!: Date | string;
  updatedAt!: Date | string;
}

const models = new Map<string, typeof ListItem>();

/** The model for a list's table. */
export function listItemModel(list: ListDefinition): typeof ListItem {
  let model = models.get(list.table);
  if (!model) {
    model = class extends ListItem {
      static override tableName = list.table;
      static override jsonAttributes = [...(list.jsonFields ?? [])];
    };
    models.set(list.table, model);
  }
  return model;
}
