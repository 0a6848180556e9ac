/** Apparatus & gear (spec 02 §3 "Gear / apparatus", §5 "Apparatus add"). */
import { defineList, requiredText, LIST_LONG_TEXT_MAX, type ItemOf } from './define';

export const GEAR_MESSAGES = {
  nameRequired: 'Apparatus name is required',
  stationRequired: 'Station is required',
  yearsRequired: 'Years are required',
  descriptionRequired: 'Description is required',
} as const;

export const gear = defineList({
  key: 'gear',
  path: 'gear',
  table: 'profile_gear',
  noun: 'Apparatus',
  fields: {
    name: requiredText('Apparatus name', GEAR_MESSAGES.nameRequired),
    station: requiredText('Station', GEAR_MESSAGES.stationRequired),
    years: requiredText('Years', GEAR_MESSAGES.yearsRequired, 50),
    description: requiredText('Description', GEAR_MESSAGES.descriptionRequired, LIST_LONG_TEXT_MAX),
  },
});
export type GearItemJson = ItemOf<typeof gear.fields>;
