/** Fire stations (spec 02 §3 "Fire station"): number and name, position, years, place; the own view adds the rest. */
import type { FireStationItemJson } from '../../../src/validation/lists/fireStations';
import type { SectionItem } from './context';
import { itemsView } from './ItemLayout';
import { photosPart } from './LinkedPhotos';

/** The years as entered, else start–end (an open end reads "present"). */
const serviceYears = (station: FireStationItemJson) =>
  station.years ||
  (station.startYear ? `${station.startYear}–${station.endYear || 'present'}` : station.endYear || null);

export const renderFireStations = itemsView<FireStationItemJson & SectionItem>((station, context) => ({
  kicker: station.stationNumber ? `Station ${station.stationNumber}` : null,
  title: station.stationName,
  meta: [station.position, serviceYears(station), station.location],
  text: station.description,
  photos: photosPart(station.photoIds, context.photos, 1),
  details: [
    ['Apparatus', station.apparatus],
    ['Specialties', station.specialties?.length ? station.specialties.join(', ') : null],
  ],
}));
