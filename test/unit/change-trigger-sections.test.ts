/**
 * The database's change trigger names the page section each list table feeds (migrations are frozen, so it holds
 * its own copy): it must agree with the lists the app defines, or a write to a list would leave its kept section
 * standing (src/pageCache/profilePages.ts sectionStamps).
 */
import test from 'ava';
import { LIST_SECTIONS } from '../../migrations/20261129100000_one_change_channel';
import { TRAINING_LIST_SECTION } from '../../migrations/20261201050000_profile_training';
import { TRACKER_LIST_SECTIONS } from '../../migrations/20261202020000_readiness_dates_and_hiring_tracker';
import { LISTS } from '../../src/validation/lists';
import { SECTION_KEYS } from '../../src/validation/profiles';

test('every list table feeds its own list’s section, and nothing else is named', (t) => {
  t.deepEqual(
    Object.fromEntries(LISTS.map((list) => [list.table, list.key])),
    { ...LIST_SECTIONS, ...TRAINING_LIST_SECTION, ...TRACKER_LIST_SECTIONS },
    'one entry per list, keyed by its table',
  );
  for (const section of Object.values({ ...LIST_SECTIONS, ...TRAINING_LIST_SECTION, ...TRACKER_LIST_SECTIONS }))
    t.true(SECTION_KEYS.includes(section as never), section);
});
