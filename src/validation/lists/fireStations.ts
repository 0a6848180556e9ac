/** Fire stations (spec 02 §3 "Fire station"). The spec names no add rule; a station name is asked for. */
import { defineList, photoRef, optionalText, requiredText, tagList, LIST_LONG_TEXT_MAX, type ItemOf } from './define';

export const FIRE_STATION_MESSAGES = {
  stationNameRequired: 'Station name is required',
} as const;

export const fireStations = defineList({
  key: 'fireStations',
  path: 'fire-stations',
  table: 'profile_fire_stations',
  noun: 'Fire station',
  fields: {
    stationName: requiredText('Station name', FIRE_STATION_MESSAGES.stationNameRequired),
    stationNumber: optionalText('Station number', 50),
    location: optionalText('Location'),
    startYear: optionalText('Start year', 50),
    endYear: optionalText('End year', 50),
    position: optionalText('Position'),
    apparatus: optionalText('Apparatus'),
    stationPhoto: photoRef(),
    years: optionalText('Years', 50),
    description: optionalText('Description', LIST_LONG_TEXT_MAX),
    specialties: tagList('Specialties'),
  },
  photoFields: { stationPhoto: 'first' },
  jsonFields: ['specialties'],
  stored: { position: 'jobPosition' },
  titleField: 'stationName',
});
export type FireStationItemJson = ItemOf<typeof fireStations.fields>;
