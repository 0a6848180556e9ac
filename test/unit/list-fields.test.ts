/**
 * The list field helpers (src/validation/lists/define.ts) that the editor and the server share: the editor
 * metadata each records, blank rows and texts dropped, icons from their set, and non-strings refused with the
 * field's message instead of a crash.
 */
import test from 'ava';
import { ValidationError } from 'yup';
import { fieldMeta } from '../../src/validation/lists/define';
import { awards } from '../../src/validation/lists/awards';
import { skills } from '../../src/validation/lists/skills';
import { incidents } from '../../src/validation/lists/incidents';
import { fireStations } from '../../src/validation/lists/fireStations';
import { AWARD_ICONS, CERTIFICATION_ICONS, LICENSE_ICONS, iconOr } from '../../src/validation/lists/icons';

test("editor metadata: nested lists carry their rows' fields, tags and icons their kind, photo links none", (t) => {
  const endorsements = fieldMeta(skills.fields.endorsements);
  t.is(endorsements?.input, 'list');
  t.is(
    endorsements?.itemNoun,
    'Recommendation',
    'the owner’s own are recommendations (docs/decisions/recommendations.md)',
  );
  t.deepEqual(
    endorsements?.itemFields?.map((f) => f.name),
    ['endorserName', 'endorserTitle', 'endorserDepartment', 'comment', 'date'],
  );
  t.is(fieldMeta(awards.fields.mediaLinks)?.itemFields?.[0]?.meta.input, 'text', 'a URL is one line');
  t.is(fieldMeta(skills.fields.certifications)?.input, 'tags');
  t.is(fieldMeta(incidents.fields.unitsResponded)?.input, 'tags');
  t.is(fieldMeta(fireStations.fields.specialties)?.input, 'tags');
  t.deepEqual(fieldMeta(awards.fields.icon)?.options, AWARD_ICONS);
  t.is(fieldMeta(awards.fields.photos), undefined, 'linked photos belong to the photo picker');
  t.is(fieldMeta(awards.fields.primaryPhoto), undefined);
  t.is(fieldMeta(incidents.fields.photos), undefined);
});

test('blank rows and blank tags are dropped; rows are trimmed', (t) => {
  const cast = skills.updateSchema.validateSync({
    certifications: ['  Rope Tech ', '', '   '],
    endorsements: [{ endorserName: ' Capt. Reyes ', comment: '' }, { endorserName: '', endorserTitle: ' ' }, {}],
  });
  t.deepEqual(cast.certifications, ['Rope Tech']);
  t.is(cast.endorsements?.length, 1);
  t.is(cast.endorsements?.[0]?.endorserName, 'Capt. Reyes');
  t.is(cast.endorsements?.[0]?.comment, null);
});

test('a text field sent as a list or an object is refused with its message, not a crash', (t) => {
  for (const value of [['a', 'b'], { a: 1 }]) {
    const error = t.throws(() => skills.createSchema.validateSync({ name: value }, { abortEarly: false }), {
      instanceOf: ValidationError,
    });
    t.true(error?.errors.includes('Skill name is required'));
  }
});

test('icons: each set is its own, blank is none, anything else refused; legacy values draw the default', (t) => {
  t.is(AWARD_ICONS.length, 12);
  t.true(CERTIFICATION_ICONS.length > 1 && LICENSE_ICONS.length > 1);
  t.is(awards.updateSchema.validateSync({ icon: 'trophy' }).icon, 'trophy');
  t.is(awards.updateSchema.validateSync({ icon: '' }).icon, null);
  t.throws(() => awards.updateSchema.validateSync({ icon: 'ambulance' }), { message: 'Please choose a valid icon' });
  t.is(iconOr(AWARD_ICONS, 'no-such-icon'), 'medal');
  t.is(iconOr(LICENSE_ICONS, ' Truck '), 'truck');
  t.is(iconOr(CERTIFICATION_ICONS, null), 'certificate');
});
