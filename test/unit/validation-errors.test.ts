/**
 * The one reading of a yup failure (src/validation/errors.ts), shared by the API's `{error, fields}` and the
 * islands' field messages: each path's first message, nested paths as yup names them, the value as a whole
 * under `_`, and yup's wrong-type default (which echoes the value) as a plain sentence.
 */
import test from 'ava';
import { array, number, object, string, ValidationError } from 'yup';
import { fieldMessages } from '../../src/validation/errors';

const schema = object({
  name: string().required('Name is required').min(3, 'Name is too short'),
  year: number(),
  rows: array(object({ who: string().required('Who is required') })),
});

const failure = (value: unknown) => {
  try {
    schema.validateSync(value, { abortEarly: false });
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

test('each path keeps its first message; nested rows by their path', (t) => {
  t.deepEqual(fieldMessages(failure({ name: '', rows: [{ who: 'a' }, {}] })), {
    name: 'Name is required',
    'rows[1].who': 'Who is required',
  });
});

test("yup's wrong-type default becomes a sentence that does not echo the value", (t) => {
  t.deepEqual(fieldMessages(failure({ name: 'Ladder', year: 'soon' })), { year: 'year must be a number' });
});

test('a failure of the value as a whole is under _, and anything else has no messages', (t) => {
  t.deepEqual(fieldMessages(new ValidationError('Not a form')), { _: 'Not a form' });
  t.deepEqual(fieldMessages(new Error('boom')), {});
});
