import test from 'ava';
import { isStoredValue } from '../../islands/lib/storedValue';

test('a typed value is stored when it is shown alike: a number as text, nothing in any form', (t) => {
  t.true(isStoredValue('3', 3));
  t.true(isStoredValue('', null));
  t.true(isStoredValue(undefined, null));
  t.true(isStoredValue([], null));
  t.false(isStoredValue('Engine 7', 'Engine 8'));
  t.false(isStoredValue('x', null));
  t.false(isStoredValue(false, null));
});

test('a tag list is stored only with the same tags in the same order', (t) => {
  t.true(isStoredValue(['Hazmat', 'Rope'], ['Hazmat', 'Rope']));
  t.false(isStoredValue(['Hazmat', 'Rope'], ['Rope', 'Hazmat']));
  t.false(isStoredValue(['Hazmat'], ['Hazmat', 'Rope']));
});

test('an edit inside a nested row is not taken for what is stored, though the row count is the same', (t) => {
  const stored = [{ endorserName: 'Lt. Chen', endorserTitle: null, comment: null }];
  t.false(isStoredValue([{ endorserName: 'Lt. Chen', endorserTitle: 'Lieutenant' }], stored));
  t.false(isStoredValue([{ endorserName: 'Capt. Chen' }], stored));
  // The same rows, with blank fields left out or given as '': nothing to save.
  t.true(isStoredValue([{ endorserName: 'Lt. Chen' }], stored));
  t.true(isStoredValue([{ endorserName: 'Lt. Chen', endorserTitle: '', comment: '' }], stored));
  t.false(isStoredValue([{ endorserName: 'Lt. Chen' }, { endorserName: 'Capt. Reyes' }], stored));
});
