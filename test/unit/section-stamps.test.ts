/**
 * Which read sections a write renders again (src/pageCache/profilePages.ts sectionStamps): a section's stamp moves
 * exactly when a part it shows changed, so a kept section is never shown after a write to what it shows, and a
 * write elsewhere leaves it kept.
 */
import test from 'ava';
import { sectionStamps } from '../../src/pageCache/profilePages';
import { SECTION_KEYS, type WidgetKey } from '../../src/validation/profiles';
import type { Profile } from '../../src/models/Profile';

const NOW = new Date(2026, 10, 24, 12);
const profile = (sectionVersions: Profile['sectionVersions']) => ({
  id: 7,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  sectionVersions,
});
/** The sections whose stamp differs between two states of `section_versions`. */
const moved = (before: Profile['sectionVersions'], after: Profile['sectionVersions']): WidgetKey[] => {
  const a = sectionStamps(profile(before), 'visitor', NOW);
  const b = sectionStamps(profile(after), 'visitor', NOW);
  return SECTION_KEYS.filter((key) => a[key] !== b[key]);
};

const BEFORE = { '*': 3, skills: 5, awards: 4, photos: 2 };

test('a list write moves its own section and the gallery (which says where photos are used), nothing else', (t) => {
  t.deepEqual(moved(BEFORE, { ...BEFORE, skills: 9 }), ['skills', 'photos']);
  t.deepEqual(moved(BEFORE, { ...BEFORE, certifications: 9 }), ['certifications', 'photos']);
});

test('a gallery write moves the gallery and every list that shows linked photos', (t) => {
  t.deepEqual(moved(BEFORE, { ...BEFORE, photos: 9 }).sort(), [
    'awards',
    'fireStations',
    'incidents',
    'photos',
    'statusUpdates',
    'timeline',
  ]);
});

test('a write that names every section moves every section; one that names none moves none', (t) => {
  t.deepEqual(moved(BEFORE, { ...BEFORE, '*': 9 }), SECTION_KEYS);
  t.deepEqual(moved(BEFORE, { ...BEFORE }), []);
});

test('the viewer class, the day and the profile name a section too', (t) => {
  const base = sectionStamps(profile(BEFORE), 'visitor', NOW).skills;
  t.not(sectionStamps(profile(BEFORE), 'member', NOW).skills, base);
  t.not(sectionStamps(profile(BEFORE), 'visitor', new Date(2026, 10, 25, 12)).skills, base);
  t.not(sectionStamps({ ...profile(BEFORE), id: 8 }, 'visitor', NOW).skills, base);
});
