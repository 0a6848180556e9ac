/** The policy layer's answers: who sees which visibility, and what authorize() throws for whom. */
import test from 'ava';
import { authorize, can, canSee, definePolicy, visibilitiesFor, type Viewer } from '../../src/policies';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../src/errors';
import { answerFor } from '../../src/http/errorHandler';
import { UserDepartment } from '../../src/models/UserDepartment';
import { userDepartmentPolicy } from '../../src/policies/departments';

const owner: Viewer = { id: 1, role: 'user' };
const other: Viewer = { id: 2, role: 'user' };
const admin: Viewer = { id: 3, role: 'admin' };
const superAdmin: Viewer = { id: 4, role: 'super_admin' };

test('visibility: public for all, authenticated for signed-in users, private for the owner and admins', (t) => {
  t.deepEqual(visibilitiesFor(null, owner.id), ['public']);
  t.deepEqual(visibilitiesFor(other, owner.id), ['public', 'authenticated']);
  for (const viewer of [owner, admin, superAdmin])
    t.deepEqual(visibilitiesFor(viewer, owner.id), ['public', 'authenticated', 'private']);
  t.false(canSee(other, owner.id, 'private'));
  t.true(canSee(other, owner.id, 'authenticated'));
  t.false(canSee(null, owner.id, 'authenticated'));
});

const link = (userId: number) =>
  UserDepartment.fromJson({ id: 7, userId, departmentId: 9, isPrimary: true, addedAt: new Date().toISOString() });

test('authorize: a resource the viewer may not read is not found, for visitors and other users alike', (t) => {
  t.throws(() => authorize(userDepartmentPolicy, other, 'update', link(owner.id)), { instanceOf: NotFoundError });
  t.throws(() => authorize(userDepartmentPolicy, null, 'update', link(owner.id)), { instanceOf: NotFoundError });
  t.throws(() => authorize(userDepartmentPolicy, owner, 'update', undefined), { instanceOf: NotFoundError });
  t.is(authorize(userDepartmentPolicy, owner, 'delete', link(owner.id)).id, 7);
  t.true(can(userDepartmentPolicy, owner, 'update', link(owner.id)));
  t.false(can(userDepartmentPolicy, admin, 'update', link(owner.id)), 'links are their user’s alone');
});

test('authorize: readable but not allowed is 401 for a visitor and 403 for a signed-in user', (t) => {
  const readableByAll = definePolicy<UserDepartment, 'edit'>({
    notFoundMessage: 'Thing not found',
    rules: { read: () => true, edit: (viewer, thing) => viewer?.id === thing.userId },
    scope: (query) => query,
  });
  t.throws(() => authorize(readableByAll, null, 'edit', link(owner.id)), { instanceOf: UnauthorizedError });
  t.throws(() => authorize(readableByAll, other, 'edit', link(owner.id)), { instanceOf: ForbiddenError });
  const notFound = t.throws(() => authorize(readableByAll, owner, 'edit', undefined));
  t.is(notFound?.message, 'Thing not found');
});

test('unique violations map to 409 once: a known constraint names its field, an unknown one is generic', (t) => {
  const pgError = (constraint: string) => Object.assign(new Error('duplicate key'), { code: '23505', constraint });
  t.deepEqual(answerFor(pgError('users_username_lower_unique')), {
    status: 409,
    message: 'This username is already taken',
    fields: { username: 'This username is already taken' },
  });
  t.deepEqual(answerFor(pgError('some_new_unique')), { status: 409, message: 'This already exists.' });
  t.is(answerFor(new Error('bug')), undefined, 'anything else is a 500');
});

test('data exceptions caused by a value are 400s with a message; other database errors stay 500s', (t) => {
  const pgError = (code: string) => Object.assign(new Error('data exception'), { code });
  t.like(answerFor(pgError('22021')), { status: 400, message: 'Text cannot contain NUL characters' });
  t.like(answerFor(pgError('22003')), { status: 400, message: 'A number is out of range' });
  t.like(answerFor({ nativeError: { code: '22P02' } }), {
    status: 400,
    message: 'A value is not in the expected format',
  });
  t.is(answerFor(pgError('42703')), undefined, 'an undefined column is our bug: a 500');
});
