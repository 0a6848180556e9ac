/**
 * Every request schema answers a value of the wrong type ({"name": {}}, {"name": [1]}, a number, a boolean) with
 * a validation error — the API's 400 — never a TypeError thrown by a transform (a 500). yup's own
 * `.trim()`/`.lowercase()`/`.uppercase()` threw; src/validation/common.ts has the string-only transforms.
 */
import test from 'ava';
import { ValidationError, isSchema, type AnyObjectSchema, type Schema } from 'yup';
import * as admin from '../../src/validation/admin';
import * as ai from '../../src/validation/ai';
import * as auth from '../../src/validation/auth';
import * as common from '../../src/validation/common';
import * as departments from '../../src/validation/departments';
import * as documents from '../../src/validation/documents';
import * as photos from '../../src/validation/photos';
import * as profiles from '../../src/validation/profiles';
import { LISTS } from '../../src/validation/lists';

const WRONG_TYPES: unknown[] = [{ a: 1 }, [1, 2], 12345, true, [{ a: 1 }], ''];

const objectSchemas = (module: Record<string, unknown>) =>
  Object.entries(module).filter(
    (entry): entry is [string, AnyObjectSchema] => isSchema(entry[1]) && (entry[1] as Schema).type === 'object',
  );

const SCHEMAS: [string, AnyObjectSchema][] = [
  ...[admin, ai, auth, common, departments, documents, photos, profiles].flatMap((module) => objectSchemas(module)),
  ...LISTS.flatMap(
    (list) =>
      [
        [`${list.path} create`, list.createSchema],
        [`${list.path} update`, list.updateSchema],
      ] as [string, AnyObjectSchema][],
  ),
];

/** Inputs putting each wrong value in each field, and in each field of the objects inside array fields. */
function* wrongInputs(schema: AnyObjectSchema): Generator<Record<string, unknown>> {
  for (const [key, field] of Object.entries(schema.fields)) {
    for (const value of WRONG_TYPES) yield { [key]: value };
    const inner = (field as { innerType?: Schema }).innerType;
    if (inner && inner.type === 'object') {
      for (const innerKey of Object.keys((inner as AnyObjectSchema).fields)) {
        for (const value of WRONG_TYPES) yield { [key]: [{ [innerKey]: value }] };
      }
    }
  }
}

test('the request schemas are found (the check below covers them all)', (t) => {
  t.true(SCHEMAS.length >= 30, String(SCHEMAS.length));
  for (const name of ['registerSchema', 'departmentCreateSchema', 'blacklistCreateSchema', 'timeline create']) {
    t.true(
      SCHEMAS.some(([found]) => found === name),
      name,
    );
  }
});

test('a value of the wrong type is a validation error in every field of every schema, never a crash', async (t) => {
  const crashes: string[] = [];
  let tried = 0;
  for (const [name, schema] of SCHEMAS) {
    for (const input of wrongInputs(schema)) {
      tried += 1;
      try {
        await schema.validate(input, { abortEarly: false, stripUnknown: true });
      } catch (error) {
        if (!(error instanceof ValidationError)) crashes.push(`${name} ${JSON.stringify(input)}: ${String(error)}`);
      }
    }
  }
  t.true(tried > SCHEMAS.length, 'every schema got wrong-typed values');
  t.deepEqual(crashes, []);
});
