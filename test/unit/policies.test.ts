/** The policy layer's answers: who sees which visibility, and what authorize() throws for whom. */
import test, { type ExecutionContext } from 'ava';
import knexModule from 'knex';
import {
  adminAiLogPolicy,
  adminDepartmentPolicy,
  adminUserPolicy,
  authorize,
  authorizeOnCollection,
  betaCodePolicy,
  blacklistPolicy,
  can,
  canOnCollection,
  canSee,
  databaseSetupPolicy,
  definePolicy,
  issuedCredentialPolicy,
  visibilitiesFor,
  type CollectionPolicy,
  type RowPolicy,
  type Viewer,
} from '../../src/policies';
import type { Model } from 'objection';
import { AiLog } from '../../src/models/AiLog';
import { BetaCode } from '../../src/models/BetaCode';
import { BlacklistEntry } from '../../src/models/BlacklistEntry';
import { Department } from '../../src/models/Department';
import { IssuedCredential } from '../../src/models/IssuedCredential';
import { User } from '../../src/models/User';
import { ADMIN_MESSAGES } from '../../src/validation/admin';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../src/errors';
import { answerFor } from '../../src/http/errorHandler';
import { UserDepartment } from '../../src/models/UserDepartment';
import { userDepartmentPolicy } from '../../src/policies/departments';

const owner: Viewer = { id: 1, role: 'user' };
const other: Viewer = { id: 2, role: 'user' };
const admin: Viewer = { id: 3, role: 'admin' };
const superAdmin: Viewer = { id: 4, role: 'super_admin' };
/** A knex that never connects: enough to print the SQL a scope builds. */
const offline = knexModule.knex({ client: 'pg' });

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

// ── the admin dashboard's policies (src/policies/admin.ts) ────────────────────────────────────────────

const member: Viewer = { id: 5, role: 'user' };
const ROLES = { admin, superAdmin, user: member, visitor: null } as const;
type Who = keyof typeof ROLES;

/** What authorize answers: 'ok', '404', '401', '403' (the generic refusal) or '403: <the rule's reason>'. */
function answer(act: () => unknown): string {
  try {
    act();
    return 'ok';
  } catch (error) {
    if (error instanceof NotFoundError) return '404';
    if (error instanceof UnauthorizedError) return '401';
    if (error instanceof ForbiddenError)
      return error.message === new ForbiddenError().message ? '403' : `403: ${error.message}`;
    throw error;
  }
}

/** For each viewer, the answer of `act`, checked against `can` (allowed exactly when the answer is 'ok'). */
function expectEach(
  t: ExecutionContext,
  label: string,
  expected: Record<Who, string>,
  act: (viewer: Viewer | null) => unknown,
  allowed: (viewer: Viewer | null) => boolean,
) {
  for (const [who, viewer] of Object.entries(ROLES) as Array<[Who, Viewer | null]>) {
    t.is(
      answer(() => act(viewer)),
      expected[who],
      `${label} by ${who}`,
    );
    t.is(allowed(viewer), expected[who] === 'ok', `can: ${label} by ${who}`);
  }
}

function expectRowRule<R extends Model, A extends string>(
  t: ExecutionContext,
  policy: RowPolicy<R, A>,
  row: R,
  action: A | 'read',
  expected: Record<Who, string>,
) {
  const label = `${action} ${row.constructor.name} ${JSON.stringify(row)}`;
  expectEach(
    t,
    label,
    expected,
    (v) => authorize(policy, v, action, row),
    (v) => can(policy, v, action, row),
  );
}

function expectCollectionRule<C extends string>(
  t: ExecutionContext,
  policy: CollectionPolicy<C>,
  action: C,
  expected: Record<Who, string>,
) {
  expectEach(
    t,
    action,
    expected,
    (v) => authorizeOnCollection(policy, v, action),
    (v) => canOnCollection(policy, v, action),
  );
}

const adminsOnly = { admin: 'ok', superAdmin: 'ok', user: '403', visitor: '401' };
const adminRowsOnly = { admin: 'ok', superAdmin: 'ok', user: '404', visitor: '404' };

const userRow = (id: number, role: Viewer['role']) => User.fromJson({ id, role, name: 'X', email: `u${id}@x.org` });

test('admin users: rows exist for admins only; nobody changes themselves; super_admins only by super_admins', (t) => {
  const notYourself = `403: ${ADMIN_MESSAGES.notYourself}`;
  const superOnly = `403: ${ADMIN_MESSAGES.superAdminOnly}`;
  const rows = {
    'a user': userRow(20, 'user'),
    'an admin': userRow(21, 'admin'),
    'a super_admin': userRow(22, 'super_admin'),
    'the admin themselves': userRow(admin.id, 'admin'),
    'the super_admin themselves': userRow(superAdmin.id, 'super_admin'),
  };
  // A user or an admin: any admin may change them; only a super_admin makes them super_admin.
  const plainTarget = {
    read: adminRowsOnly,
    changeRole: adminRowsOnly,
    changeStatus: adminRowsOnly,
    delete: adminRowsOnly,
    promoteToSuperAdmin: { ...adminRowsOnly, admin: superOnly },
    blacklistEmail: adminRowsOnly,
  };
  const expected: Record<keyof typeof rows, Record<string, Record<Who, string>>> = {
    'a user': plainTarget,
    'an admin': plainTarget,
    'a super_admin': {
      read: adminRowsOnly,
      changeRole: { ...adminRowsOnly, admin: superOnly },
      changeStatus: { ...adminRowsOnly, admin: superOnly },
      delete: { ...adminRowsOnly, admin: superOnly },
      promoteToSuperAdmin: { ...adminRowsOnly, admin: superOnly },
      blacklistEmail: adminRowsOnly,
    },
    'the admin themselves': {
      read: adminRowsOnly,
      changeRole: { ...adminRowsOnly, admin: notYourself },
      changeStatus: { ...adminRowsOnly, admin: notYourself },
      delete: { ...adminRowsOnly, admin: notYourself },
      promoteToSuperAdmin: { ...adminRowsOnly, admin: notYourself },
      blacklistEmail: { ...adminRowsOnly, admin: '403' },
    },
    'the super_admin themselves': {
      read: adminRowsOnly,
      changeRole: { ...adminRowsOnly, superAdmin: notYourself, admin: superOnly },
      changeStatus: { ...adminRowsOnly, superAdmin: notYourself, admin: superOnly },
      delete: { ...adminRowsOnly, superAdmin: notYourself, admin: superOnly },
      promoteToSuperAdmin: { ...adminRowsOnly, superAdmin: notYourself, admin: superOnly },
      blacklistEmail: { ...adminRowsOnly, superAdmin: '403' },
    },
  };
  for (const [rowName, row] of Object.entries(rows) as Array<[keyof typeof rows, User]>) {
    for (const [action, each] of Object.entries(expected[rowName])) {
      expectRowRule(t, adminUserPolicy, row, action as 'read' | 'changeRole', each);
    }
  }
  for (const action of ['list', 'stats'] as const) expectCollectionRule(t, adminUserPolicy, action, adminsOnly);
  t.throws(() => authorize(adminUserPolicy, admin, 'delete', undefined), { message: ADMIN_MESSAGES.userNotFound });
});

test('beta codes, blacklist, departments and AI logs: every row and collection action is for admins only', (t) => {
  const code = BetaCode.fromJson({ id: 1, code: 'A', maxUses: 1, currentUses: 0, isActive: true });
  const entry = BlacklistEntry.fromJson({ id: 1, type: 'email', value: 'a@b.co', isActive: true });
  const department = Department.fromJson({ id: 1, name: 'FD', verificationStatus: 'rejected', createdBy: 9 });
  const log = AiLog.fromJson({ id: 1, userId: member.id, type: 'enhancement', input: {}, output: null });
  for (const action of ['read', 'deactivate', 'reactivate'] as const) {
    expectRowRule(t, betaCodePolicy, code, action, adminRowsOnly);
  }
  for (const action of ['read', 'remove'] as const) expectRowRule(t, blacklistPolicy, entry, action, adminRowsOnly);
  for (const action of ['read', 'edit', 'verify'] as const) {
    expectRowRule(t, adminDepartmentPolicy, department, action, adminRowsOnly);
  }
  expectRowRule(t, adminAiLogPolicy, log, 'read', adminRowsOnly);
  for (const action of ['list', 'create', 'stats'] as const)
    expectCollectionRule(t, betaCodePolicy, action, adminsOnly);
  for (const action of ['list', 'add'] as const) expectCollectionRule(t, blacklistPolicy, action, adminsOnly);
  expectCollectionRule(t, adminDepartmentPolicy, 'listPending', adminsOnly);
  for (const action of ['list', 'stats'] as const) expectCollectionRule(t, adminAiLogPolicy, action, adminsOnly);
});

test('database set-up: admins test a connection; only a super_admin sets up, with the reason', (t) => {
  expectCollectionRule(t, databaseSetupPolicy, 'testConnection', adminsOnly);
  expectCollectionRule(t, databaseSetupPolicy, 'setUp', {
    admin: `403: ${ADMIN_MESSAGES.superAdminSetupOnly}`,
    superAdmin: 'ok',
    user: '403',
    visitor: '401',
  });
});

test('admin scopes: every row for admins and super_admins, none for anyone else', (t) => {
  const sql = (viewer: Viewer | null) =>
    [
      User.query(offline).modify(adminUserPolicy.scope, viewer),
      BetaCode.query(offline).modify(betaCodePolicy.scope, viewer),
      BlacklistEntry.query(offline).modify(blacklistPolicy.scope, viewer),
      Department.query(offline).modify(adminDepartmentPolicy.scope, viewer),
      AiLog.query(offline).modify(adminAiLogPolicy.scope, viewer),
    ].map((query) => query.toKnexQuery().toString());
  for (const viewer of [admin, superAdmin]) for (const query of sql(viewer)) t.notRegex(query, /where/i);
  for (const viewer of [member, null]) for (const query of sql(viewer)) t.regex(query, /where false/i);
});

test("signed credentials: a holder's own non-revoked credential exists for them alone, admins included", (t) => {
  const held = (userId: number | null, revokedAt: Date | null = null) =>
    IssuedCredential.fromJson(
      { id: 'c0ffee00-0000-4000-8000-000000000001', userId, revokedAt },
      { skipValidation: true },
    );
  t.is(authorize(issuedCredentialPolicy, owner, 'read', held(owner.id)).userId, owner.id);
  for (const viewer of [other, admin, null])
    t.throws(() => authorize(issuedCredentialPolicy, viewer, 'read', held(owner.id)), { instanceOf: NotFoundError });
  t.throws(() => authorize(issuedCredentialPolicy, owner, 'read', held(owner.id, new Date())), {
    instanceOf: NotFoundError,
  });
  t.throws(() => authorize(issuedCredentialPolicy, owner, 'read', held(null)), { instanceOf: NotFoundError });
  const scoped = (viewer: Viewer | null) =>
    IssuedCredential.query(offline).modify(issuedCredentialPolicy.scope, viewer).toKnexQuery().toString();
  t.regex(scoped(owner), /"userId" = 1/);
  t.regex(scoped(owner), /"revokedAt" is null/);
  t.regex(scoped(null), /false/);
});
