import test from 'ava';
import { addTag } from '../../islands/lib/useForm';

test('a tag list trims, ignores blanks and duplicates (any case), and keeps the order', (t) => {
  let tags = addTag([], '  Hazmat ');
  t.deepEqual(tags, ['Hazmat']);
  tags = addTag(tags, 'hazmat');
  tags = addTag(tags, '   ');
  tags = addTag(tags, 'Rope Rescue');
  t.deepEqual(tags, ['Hazmat', 'Rope Rescue']);
});
