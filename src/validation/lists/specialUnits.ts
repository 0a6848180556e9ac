/** Special units (spec 02 §3 "Special unit", §5 "Special unit add"). */
import { defineList, requiredText, LIST_LONG_TEXT_MAX, type ItemOf } from './define';

export const SPECIAL_UNIT_MESSAGES = {
  nameRequired: 'Unit name is required',
  yearsRequired: 'Years are required',
  descriptionRequired: 'Description is required',
} as const;

export const specialUnits = defineList({
  key: 'specialUnits',
  path: 'special-units',
  table: 'profile_special_units',
  noun: 'Special unit',
  fields: {
    name: requiredText('Unit name', SPECIAL_UNIT_MESSAGES.nameRequired),
    years: requiredText('Years', SPECIAL_UNIT_MESSAGES.yearsRequired, 50),
    description: requiredText('Description', SPECIAL_UNIT_MESSAGES.descriptionRequired, LIST_LONG_TEXT_MAX),
  },
});
export type SpecialUnitItemJson = ItemOf<typeof specialUnits.fields>;
