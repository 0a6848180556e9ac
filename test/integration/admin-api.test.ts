/**
 * The admin API (docs/decisions/admin-dashboard.md; spec 01 §7 "Admin"): every route refused to a visitor (401) and a user (403); the
 * user rules (self, super_admin, last active super_admin), deactivation ending sessions, deletion removing
 * every row of the user, beta codes (generation, stats, states, who used them), the blacklist (and
 * registration honouring it), department verification, AI logs paging and stats.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { clientAs, startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import type { Knex } from 'knex';
import { inTransaction } from '../../src/db/transaction';
import { needsPostgresServer } from '../helpers/postgresServer';
import { audit } from '../../src/http/audit';
import type { Logger } from '../../src/log';
import { AiLog } from '../../src/models/AiLog';
import { deleteUser, setUserRole, setUserStatus } from '../../src/services/admin/users';
import { createMediaStore } from '../../src/services/photos/store';
import { createLogger } from '../../src/log';
import { BetaCode } from '../../src/models/BetaCode';
import { User } from '../../src/models/User';
import { INVITE_CODE_ALPHABET } from '../../src/services/inviteCodes';
import {
  ADMIN_MESSAGES,
  type AdminStatsJson,
  type AdminUsersPageJson,
  type AiLogsPageJson,
  type BetaCodeJson,
  type BetaCodeStatsJson,
  type BlacklistEntryJson,
} from '../../src/validation/admin';
import type { DepartmentJson } from '../../src/validation/departments';
import { reauthenticate } from '../helpers/stepUp';

let app: TestApp;
let mediaDir: string;
let admin: CreatedUser;
let superAdmin: CreatedUser;
let member: CreatedUser;

test.before(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-admin-media-'));
  app = await startTestApp({ mediaDir });
  admin = await createUser({ role: 'admin', name: 'Avery Admin' });
  superAdmin = await createUser({ role: 'super_admin', name: 'Sam Super' });
  member = await createUser({ role: 'user', name: 'Morgan Member' });
});
test.after.always(async () => {
  await app?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const silent = createLogger({ logLevel: 'silent', nodeEnv: 'test' });

const as = (account: CreatedUser | null): HttpClient => clientAs(app, account);
/** A role change needs a recent proof (docs/api.md "Step-up"): the admins' sessions give one first. */
const prove = (...accounts: CreatedUser[]) =>
  Promise.all(accounts.map((account) => reauthenticate(as(account), account.password)));

// ── every route from the wrong role ──────────────────────────────────────────────────────────────────

const ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/users'],
  ['PATCH', '/api/admin/users/1/role', { role: 'admin' }],
  ['PATCH', '/api/admin/users/1/status', { isActive: false }],
  ['DELETE', '/api/admin/users/1'],
  ['GET', '/api/admin/departments/pending'],
  ['PATCH', '/api/admin/departments/1', { name: 'X', city: 'Y', state: 'ME', country: 'US' }],
  ['PATCH', '/api/admin/departments/1/verify', { status: 'verified' }],
  ['GET', '/api/admin/blacklist'],
  ['POST', '/api/admin/blacklist', { type: 'email', value: 'a@b.co' }],
  ['DELETE', '/api/admin/blacklist/1'],
  ['GET', '/api/admin/beta-codes'],
  ['GET', '/api/admin/beta-codes/stats'],
  ['POST', '/api/admin/beta-codes', { code: '' }],
  ['PATCH', '/api/admin/beta-codes/1/deactivate'],
  ['PATCH', '/api/admin/beta-codes/1/reactivate'],
  ['GET', '/api/admin/ai-logs'],
  ['POST', '/api/admin/test-supabase-connection', { databaseUrl: 'postgres://x@127.0.0.1:1/x' }],
  ['POST', '/api/admin/setup-supabase', { databaseUrl: 'postgres://x@127.0.0.1:1/x' }],
];

test('every admin route answers 401 to a visitor and 403 to a user, and changes nothing', async (t) => {
  const first = await User.query().findById(1);
  for (const [method, path, body] of ROUTES) {
    const visitor = await as(null).request(method, path, body);
    t.is(visitor.status, 401, `visitor ${method} ${path}`);
    const user = await as(member).request(method, path, body);
    t.is(user.status, 403, `user ${method} ${path}`);
  }
  const after = await User.query().findById(1);
  t.is(after?.role, first?.role);
  t.is(after?.isActive, first?.isActive);
});

test('an inactive admin is a visitor: 401', async (t) => {
  const gone = await createUser({ role: 'admin' });
  await User.query().findById(gone.user.id).patch({ isActive: false });
  t.is((await as(gone).get('/api/admin/stats')).status, 401);
});

// ── stats and the users list ─────────────────────────────────────────────────────────────────────────

test.serial('stats count total, active, inactive, admin (admin + super_admin) and regular users', async (t) => {
  const res = await as(admin).get<AdminStatsJson>('/api/admin/stats');
  t.is(res.status, 200);
  const rows = await User.query();
  t.deepEqual(res.body, {
    totalUsers: rows.length,
    activeUsers: rows.filter((u) => u.isActive).length,
    inactiveUsers: rows.filter((u) => !u.isActive).length,
    adminUsers: rows.filter((u) => u.role !== 'user').length,
    regularUsers: rows.filter((u) => u.role === 'user').length,
  });
});

test('users: paged newest first, searched by any part of name or e-mail in any case, with department and profile', async (t) => {
  const tag = `zq${Date.now().toString(36)}`;
  const made: CreatedUser[] = [];
  for (let i = 0; i < 5; i++) {
    made.push(await createUser({ name: `Pager ${tag} ${i}`, email: `pager${i}.${tag}@station${i}.org` }));
  }
  const first = await as(admin).get<AdminUsersPageJson>(`/api/admin/users?q=${tag.toUpperCase()}&pageSize=2`);
  t.is(first.status, 200);
  t.is(first.body.total, 5);
  t.is(first.body.page, 1);
  t.deepEqual(
    first.body.users.map((u) => u.id),
    [made[4]!.user.id, made[3]!.user.id],
  );
  const third = await as(admin).get<AdminUsersPageJson>(`/api/admin/users?q=${tag}&pageSize=2&page=3`);
  t.deepEqual(
    third.body.users.map((u) => u.id),
    [made[0]!.user.id],
  );
  // e-mail part
  const byEmail = await as(admin).get<AdminUsersPageJson>(`/api/admin/users?q=${encodeURIComponent(`station3.org`)}`);
  t.true(byEmail.body.users.some((u) => u.id === made[3]!.user.id));
  // wildcards are literal
  t.is((await as(admin).get<AdminUsersPageJson>(`/api/admin/users?q=${tag}%25`)).body.total, 0);
  // never the password hash
  t.false(JSON.stringify(first.body).includes('passwordHash'));
  t.false('password_hash' in first.body.users[0]!);
  // bad paging
  for (const query of ['page=0', 'page=abc', 'pageSize=101', 'pageSize=0', 'page=1&page=2']) {
    t.is((await as(admin).get(`/api/admin/users?${query}`)).status, 400, query);
  }
  // the sample profile's owner shows their profile id
  const sample = await app.db('profiles').where('id', 1).first();
  if (sample) {
    const owner = await User.query().findById(sample.userId);
    const res = await as(admin).get<AdminUsersPageJson>(`/api/admin/users?q=${encodeURIComponent(owner!.email)}`);
    t.is(res.body.users[0]!.profileId, 1);
  }
});

// ── role and status rules ────────────────────────────────────────────────────────────────────────────

test('role: an admin promotes a user to admin and back; invalid roles are 400; missing users 404', async (t) => {
  const target = await createUser();
  await prove(admin);
  const up = await as(admin).patch(`/api/admin/users/${target.user.id}/role`, { role: 'admin' });
  t.is(up.status, 200);
  t.is(up.body.role, 'admin');
  t.is((await as(admin).patch(`/api/admin/users/${target.user.id}/role`, { role: 'user' })).body.role, 'user');
  const bad = await as(admin).patch(`/api/admin/users/${target.user.id}/role`, { role: 'owner' });
  t.is(bad.status, 400);
  t.is(bad.body.error, ADMIN_MESSAGES.roleInvalid);
  t.is((await as(admin).patch('/api/admin/users/999999/role', { role: 'admin' })).status, 404);
  t.is((await as(admin).patch('/api/admin/users/abc/role', { role: 'admin' })).status, 404);
});

test('role: only a super_admin grants or removes super_admin', async (t) => {
  const target = await createUser();
  await prove(admin, superAdmin);
  const grant = await as(admin).patch(`/api/admin/users/${target.user.id}/role`, { role: 'super_admin' });
  t.is(grant.status, 403);
  t.is(grant.body.error, ADMIN_MESSAGES.superAdminOnly);
  t.is((await User.query().findById(target.user.id))!.role, 'user');

  t.is((await as(superAdmin).patch(`/api/admin/users/${target.user.id}/role`, { role: 'super_admin' })).status, 200);
  const demote = await as(admin).patch(`/api/admin/users/${target.user.id}/role`, { role: 'admin' });
  t.is(demote.status, 403);
  // An admin cannot deactivate or delete a super_admin either.
  t.is((await as(admin).patch(`/api/admin/users/${target.user.id}/status`, { isActive: false })).status, 403);
  t.is((await as(admin).delete(`/api/admin/users/${target.user.id}`)).status, 403);
  t.is((await User.query().findById(target.user.id))!.role, 'super_admin');
  t.is((await as(superAdmin).patch(`/api/admin/users/${target.user.id}/role`, { role: 'user' })).status, 200);
});

test('nobody changes their own role or status, or deletes themselves', async (t) => {
  await prove(admin, superAdmin);
  for (const account of [admin, superAdmin]) {
    const id = account.user.id;
    const role = await as(account).patch(`/api/admin/users/${id}/role`, { role: 'user' });
    t.is(role.status, 403);
    t.is(role.body.error, ADMIN_MESSAGES.notYourself);
    t.is((await as(account).patch(`/api/admin/users/${id}/status`, { isActive: false })).status, 403);
    t.is((await as(account).delete(`/api/admin/users/${id}`)).status, 403);
    const stored = (await User.query().findById(id))!;
    t.is(stored.role, account.user.role);
    t.true(stored.isActive);
  }
});

test('each user row says what the viewer may do, and the server allows exactly that (admin and super_admin)', async (t) => {
  const none = { changeRole: false, promoteToSuperAdmin: false, changeStatus: false, delete: false };
  const all = { changeRole: true, promoteToSuperAdmin: true, changeStatus: true, delete: true };
  const expected = {
    admin: {
      user: { ...all, promoteToSuperAdmin: false },
      admin: { ...all, promoteToSuperAdmin: false },
      super_admin: none,
      self: none,
    },
    super_admin: { user: all, admin: all, super_admin: all, self: none },
  };
  await prove(admin, superAdmin);
  for (const viewer of [admin, superAdmin]) {
    const tag = `cn${Date.now().toString(36)}${viewer.user.role}`;
    for (const role of ['user', 'admin', 'super_admin'] as const) await createUser({ role, name: `${tag} ${role}` });
    const listed = (await as(viewer).get<AdminUsersPageJson>(`/api/admin/users?q=${tag}`)).body.users;
    const own = (
      await as(viewer).get<AdminUsersPageJson>(`/api/admin/users?q=${encodeURIComponent(viewer.user.email)}`)
    ).body.users;
    t.is(listed.length, 3);
    for (const row of [...listed, ...own]) {
      const kind = row.id === viewer.user.id ? 'self' : row.role;
      const label = `${viewer.user.role} on ${kind}`;
      const { blacklistEmail, ...can } = row.can;
      t.deepEqual(can, expected[viewer.user.role as 'admin' | 'super_admin'][kind], label);
      t.is(blacklistEmail, kind !== 'self', `${label}: blacklist offered for others only`);
      // The same role and the same status are allowed no-ops: they answer whether the change may be made.
      const sameRole = await as(viewer).patch(`/api/admin/users/${row.id}/role`, { role: row.role });
      t.is(sameRole.status === 200, can.changeRole, `${label}: changeRole ${sameRole.status}`);
      const sameStatus = await as(viewer).patch(`/api/admin/users/${row.id}/status`, { isActive: row.isActive });
      t.is(sameStatus.status === 200, can.changeStatus, `${label}: changeStatus ${sameStatus.status}`);
      const promote = await as(viewer).patch(`/api/admin/users/${row.id}/role`, { role: 'super_admin' });
      t.is(promote.status === 200, can.promoteToSuperAdmin, `${label}: promote ${promote.status}`);
      if (promote.status === 200 && row.role !== 'super_admin') {
        await as(superAdmin).patch(`/api/admin/users/${row.id}/role`, { role: row.role });
      }
      if (kind === 'self') {
        t.is((await as(viewer).delete(`/api/admin/users/${row.id}`)).status, 403, `${label}: delete`);
      } else {
        const removed = await as(viewer).delete(`/api/admin/users/${row.id}`);
        t.is(removed.status === 204, can.delete, `${label}: delete ${removed.status}`);
      }
      for (const refused of [sameRole, sameStatus, promote].filter((res) => res.status !== 200)) {
        t.is(refused.status, 403, label);
        t.true([ADMIN_MESSAGES.notYourself, ADMIN_MESSAGES.superAdminOnly].includes(refused.body.error), label);
      }
    }
  }
});

test.serial(
  'the last active super_admin cannot be demoted, deactivated or deleted (two racing super_admins)',
  async (t) => {
    // Only super_admins act on super_admins and nobody acts on themselves, so the rule is reached when two
    // super_admins act on each other at once: one must remain. Others are set aside for the duration.
    const others = await User.query().where({ role: 'super_admin', isActive: true });
    const setAside = (isActive: boolean) =>
      User.query()
        .whereIn(
          'id',
          others.map((u) => u.id),
        )
        .patch({ isActive });
    await setAside(false);
    try {
      const activeSupers = () => User.query().where({ role: 'super_admin', isActive: true }).resultSize();
      for (const [label, act] of [
        ['demote', (c: HttpClient, id: number) => c.patch(`/api/admin/users/${id}/role`, { role: 'admin' })],
        ['deactivate', (c: HttpClient, id: number) => c.patch(`/api/admin/users/${id}/status`, { isActive: false })],
        ['delete', (c: HttpClient, id: number) => c.delete(`/api/admin/users/${id}`)],
      ] as const) {
        const a = await createUser({ role: 'super_admin' });
        const b = await createUser({ role: 'super_admin' });
        await prove(a, b);
        await User.query()
          .where({ role: 'super_admin', isActive: true })
          .whereNotIn('id', [a.user.id, b.user.id])
          .patch({ isActive: false });
        const [x, y] = await Promise.all([act(as(a), b.user.id), act(as(b), a.user.id)]);
        const statuses = [x.status, y.status].sort((m, n) => m - n);
        // Refused as the last super_admin (409), or — when the other change committed first — because the actor
        // is no longer a super_admin (403).
        t.true([401, 403, 409].includes(statuses[1]!), `${label}: one is refused`);
        t.true([200, 204].includes(statuses[0]!), `${label}: one succeeds`);
        const refused = x.status >= 400 ? x : y;
        if (refused.status !== 401)
          t.is(
            refused.body.error,
            refused.status === 409 ? ADMIN_MESSAGES.lastSuperAdmin : ADMIN_MESSAGES.superAdminOnly,
          );
        t.is(await activeSupers(), 1, label);
      }
    } finally {
      await setAside(true);
    }
  },
);

test.serial(
  'the last-super-admin rule, deterministically: an actor whose own row changed meanwhile is refused with 409',
  async (t) => {
    const others = await User.query().where({ role: 'super_admin', isActive: true });
    const target = await createUser({ role: 'super_admin' });
    await User.query()
      .whereIn(
        'id',
        others.map((u) => u.id),
      )
      .patch({ isActive: false });
    try {
      // The actor was a super_admin when its request began (the viewer it carries) but has since been deactivated.
      const actor = { id: others[0]?.id ?? superAdmin.user.id, role: 'super_admin' as const };
      for (const change of [
        (trx: Knex.Transaction) => setUserRole(trx, actor, { id: target.user.id, role: 'admin' }),
        (trx: Knex.Transaction) => setUserStatus(trx, actor, { id: target.user.id, isActive: false }),
        (trx: Knex.Transaction) =>
          deleteUser(trx, actor, { id: target.user.id }, { mediaStore: createMediaStore(app.config, silent) }),
      ]) {
        const error = await t.throwsAsync(inTransaction(app.db, change));
        t.is(error?.message, ADMIN_MESSAGES.lastSuperAdmin);
      }
      const stored = (await User.query().findById(target.user.id))!;
      t.is(stored.role, 'super_admin');
      t.true(stored.isActive);
    } finally {
      await User.query()
        .whereIn(
          'id',
          others.map((u) => u.id),
        )
        .patch({ isActive: true });
    }
  },
);

test('deactivating a user ends their sessions at once (bearer and cookie); reactivating lets them sign in again', async (t) => {
  const target = await createUser({ password: 'ladder-truck-9' });
  const cookieClient = app.client();
  const login = await cookieClient.post('/api/auth/login', { email: target.user.email, password: 'ladder-truck-9' });
  t.is(login.status, 200);
  t.is((await cookieClient.get('/api/auth/me')).status, 200);
  t.is((await as(target).get('/api/auth/me')).status, 200);

  const off = await as(admin).patch(`/api/admin/users/${target.user.id}/status`, { isActive: false });
  t.is(off.status, 200);
  t.false(off.body.isActive);
  t.is((await as(target).get('/api/auth/me')).status, 401);
  t.is((await cookieClient.get('/api/auth/me')).status, 401);
  t.is(Number((await app.db('sessions').where('user_id', target.user.id).count('* as n').first())!.n), 0);
  // Reactivated: the old sessions stay gone; signing in works.
  t.is((await as(admin).patch(`/api/admin/users/${target.user.id}/status`, { isActive: true })).status, 200);
  t.is((await as(target).get('/api/auth/me')).status, 401);
  t.is(
    (await app.client().post('/api/auth/login', { email: target.user.email, password: 'ladder-truck-9' })).status,
    200,
  );
  // status must be a boolean
  t.is((await as(admin).patch(`/api/admin/users/${target.user.id}/status`, { isActive: 'no' })).status, 400);
});

// ── deletion ─────────────────────────────────────────────────────────────────────────────────────────

test('deleting a user removes every row of theirs in one transaction', async (t) => {
  const target = await createUser();
  const id = target.user.id;
  // A profile with list items, a department link (to a department they added), a used code, a reset token, an AI log.
  const created = await as(target).post('/api/departments/create', {
    name: 'Deletion Test Hose Company',
    city: 'Nowhere',
    state: 'ME',
    country: 'US',
  });
  t.is(created.status, 201);
  const departmentId = created.body.department.id as number;
  const profile = await as(target).post('/api/profiles', {
    name: target.user.name,
    rank: 'Firefighter',
    departmentId,
  });
  t.is(profile.status, 201, JSON.stringify(profile.body));
  const profileId = (profile.body.id ?? profile.body.profile?.id) as number;
  const award = await as(target).post(`/api/profiles/${profileId}/awards`, {
    name: 'Medal of Valor',
    year: '2020',
    type: 'medal',
  });
  t.true([200, 201].includes(award.status), JSON.stringify(award.body));
  const code = await BetaCode.query().insertAndFetch({ code: `DEL${Date.now()}`, maxUses: 2, currentUses: 1 });
  await app.db('beta_code_uses').insert({ beta_code_id: code.id, user_id: id });
  await app.db('password_reset_tokens').insert({
    user_id: id,
    token_hash: `h${Date.now()}`,
    expires_at: new Date(Date.now() + 60_000),
  });
  await AiLog.query().insert({
    userId: id,
    type: 'enhancement',
    input: { type: 'personalStatement', content: 'mine', context: 'bio' },
    output: { enhanced: 'better', confidence: 0.8 },
    confidence: 0.8,
  });
  // A photo on their profile: its files go once the deletion commits.
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  const photo = await as(target).post(`/api/profiles/${profileId}/photos`, {
    url: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
  });
  t.is(photo.status, 201, JSON.stringify(photo.body));
  t.is((await readdir(path.join(mediaDir, 'photos'))).length, 1);
  // Codes and blacklist entries they created as an admin stay, without an author.
  await User.query().findById(id).patch({ role: 'admin' }); // in SQL: the app hears it through Postgres
  await app.caughtUp();
  const theirCode = await as(target).post<BetaCodeJson>('/api/admin/beta-codes', { code: '' });
  t.is(theirCode.status, 201);

  const res = await as(admin).delete(`/api/admin/users/${id}`);
  t.is(res.status, 204);
  t.deepEqual(await readdir(path.join(mediaDir, 'photos')), [], 'the photo files are gone');

  // No row in any table references the user.
  const refs = (
    await app.db.raw(`
      select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass`)
  ).rows as Array<{ tbl: string; col: string }>;
  t.true(refs.length >= 8);
  for (const { tbl, col } of refs) {
    const n = Number((await app.db.raw(`select count(*) as n from ${tbl} where ${col} = ?`, [id])).rows[0].n);
    t.is(n, 0, `${tbl}.${col}`);
  }
  t.is(await User.query().findById(id), undefined);
  t.is(await app.db('profiles').where('id', profileId).first(), undefined);
  t.is(Number((await app.db('profile_awards').where('profile_id', profileId).count('* as n').first())!.n), 0);
  t.is(Number((await app.db('ai_logs').whereRaw("input->>'content' = 'mine'").count('* as n').first())!.n), 0);
  t.truthy(await app.db('departments').where('id', departmentId).first(), 'a department they added stays');
  t.truthy(await BetaCode.query().findById(theirCode.body.id), 'a code they created stays');
  // Their bearer session is gone.
  t.is((await as(target).get('/api/auth/me')).status, 401);
  // Deleting again: 404.
  t.is((await as(admin).delete(`/api/admin/users/${id}`)).status, 404);
});

test.serial('a failed deletion keeps everything (one transaction)', async (t) => {
  const target = await createUser();
  // A trigger that fails the users delete after the cleanup steps have run.
  await app.db.raw(`create or replace function fail_delete() returns trigger language plpgsql as $$
    begin if old.id = ${target.user.id} then raise exception 'boom'; end if; return old; end $$`);
  await app.db.raw('create trigger fail_delete before delete on users for each row execute function fail_delete()');
  await AiLog.query().insert({
    userId: target.user.id,
    type: 'photo_analysis',
    input: { type: 'photo', content: 'p', context: '' },
    output: null,
    error: 'x',
  });
  try {
    const res = await as(admin).delete(`/api/admin/users/${target.user.id}`);
    t.is(res.status, 500);
    t.truthy(await User.query().findById(target.user.id));
    t.is(await AiLog.query().where('userId', target.user.id).resultSize(), 1);
  } finally {
    await app.db.raw('drop trigger fail_delete on users');
  }
});

// ── beta codes ───────────────────────────────────────────────────────────────────────────────────────

test('beta codes: given codes are upper-cased; duplicates 409; maxUses ≥ 1 integer, default 1', async (t) => {
  const res = await as(admin).post<BetaCodeJson>('/api/admin/beta-codes', {
    code: '  engine-51 ',
    notes: 'For the open house',
  });
  t.is(res.status, 201);
  t.is(res.body.code, 'ENGINE-51');
  t.is(res.body.maxUses, 1);
  t.is(res.body.currentUses, 0);
  t.true(res.body.isActive);
  t.is(res.body.notes, 'For the open house');
  t.is(res.body.createdBy, admin.user.id);
  const dup = await as(admin).post('/api/admin/beta-codes', { code: 'Engine-51' });
  t.is(dup.status, 409);
  t.is(dup.body.error, ADMIN_MESSAGES.codeTaken);
  for (const maxUses of [0, -1, 1.5, 'x']) {
    const bad = await as(admin).post('/api/admin/beta-codes', { code: '', maxUses });
    t.is(bad.status, 400, String(maxUses));
    t.is(bad.body.error, ADMIN_MESSAGES.maxUsesInvalid);
  }
  t.is((await as(admin).post('/api/admin/beta-codes', { code: 'bad code!' })).status, 400);
  t.is((await as(admin).post('/api/admin/beta-codes', { code: '', expiresAt: 'not a date' })).status, 400);
});

test('beta codes: an empty code is generated — unambiguous characters, 12 long, unique', async (t) => {
  const codes = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const res = await as(admin).post<BetaCodeJson>('/api/admin/beta-codes', { code: '', maxUses: 3 });
    t.is(res.status, 201);
    t.is(res.body.code.length, 12);
    t.true(
      [...res.body.code].every((c) => INVITE_CODE_ALPHABET.includes(c)),
      res.body.code,
    );
    t.false(/[01OIL]/.test(res.body.code));
    codes.add(res.body.code);
  }
  t.is(codes.size, 30);
});

test.serial(
  'beta codes: stats after a mix; Fully Used and Expired states; who used each code; deactivate/reactivate',
  async (t) => {
    await app.db('beta_code_uses').delete();
    await app.db('beta_codes').delete();
    const client = as(admin);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const open = (
      await client.post<BetaCodeJson>('/api/admin/beta-codes', { code: 'OPEN1', maxUses: 2, expiresAt: future })
    ).body;
    const old = (
      await client.post<BetaCodeJson>('/api/admin/beta-codes', { code: 'OLD1', maxUses: 5, expiresAt: past })
    ).body;
    const single = (await client.post<BetaCodeJson>('/api/admin/beta-codes', { code: 'SINGLE1' })).body;
    const off = (await client.post<BetaCodeJson>('/api/admin/beta-codes', { code: 'OFF1', maxUses: 4 })).body;
    t.is((await client.patch(`/api/admin/beta-codes/${off.id}/deactivate`)).body.isActive, false);

    // Two registrations: one on OPEN1, one using SINGLE1 up.
    const reg = (code: string, n: number) =>
      app.client().post('/api/auth/register', {
        name: `Recruit ${n}`,
        email: `recruit${n}.${Date.now()}@example.com`,
        password: 'hydrant-22',
        inviteCode: code.toLowerCase(),
      });
    t.is((await reg('OPEN1', 1)).status, 201);
    t.is((await reg('SINGLE1', 2)).status, 201);
    t.is((await reg('SINGLE1', 3)).status, 400, 'a fully used code is refused');
    t.is((await reg('OFF1', 4)).status, 400, 'an inactive code is refused');
    t.is((await reg('OLD1', 5)).status, 400, 'an expired code is refused');

    const stats = await client.get<BetaCodeStatsJson>('/api/admin/beta-codes/stats');
    t.deepEqual(stats.body, { totalCodes: 4, activeCodes: 1, totalUses: 2, expiredCodes: 1 });

    const list = (await client.get<BetaCodeJson[]>('/api/admin/beta-codes')).body;
    const byCode = Object.fromEntries(list.map((c) => [c.code, c]));
    t.deepEqual(Object.keys(byCode).sort(), ['OFF1', 'OLD1', 'OPEN1', 'SINGLE1']);
    t.true(byCode.SINGLE1!.isFullyUsed);
    t.false(byCode.SINGLE1!.isExpired);
    t.true(byCode.OLD1!.isExpired);
    t.false(byCode.OPEN1!.isFullyUsed);
    t.is(byCode.OPEN1!.usedBy.length, 1);
    t.is(byCode.OPEN1!.usedBy[0]!.name, 'Recruit 1');
    t.is(byCode.SINGLE1!.usedBy[0]!.name, 'Recruit 2');
    t.is(byCode.OLD1!.expiresAt, past);

    const back = await client.patch<BetaCodeJson>(`/api/admin/beta-codes/${off.id}/reactivate`);
    t.true(back.body.isActive);
    t.is((await reg('OFF1', 6)).status, 201);
    t.is((await client.get<BetaCodeStatsJson>('/api/admin/beta-codes/stats')).body.totalUses, 3);
    t.is((await client.patch('/api/admin/beta-codes/999999/deactivate')).status, 404);
    void open;
    void old;
    void single;
  },
);

// ── blacklist ────────────────────────────────────────────────────────────────────────────────────────

test('blacklist: lower-cased, validated by type, once per value; registration honours it; removal', async (t) => {
  const client = as(admin);
  const email = await client.post<BlacklistEntryJson>('/api/admin/blacklist', {
    type: 'email',
    value: '  Spam.Sender@Example.COM ',
    reason: 'Blacklisted by admin',
  });
  t.is(email.status, 201);
  t.is(email.body.value, 'spam.sender@example.com');
  t.is(email.body.reason, ADMIN_MESSAGES.blacklistedByAdmin);
  t.true(email.body.isActive);
  const domain = await client.post<BlacklistEntryJson>('/api/admin/blacklist', { type: 'domain', value: '@Junk.Test' });
  t.is(domain.status, 201);
  t.is(domain.body.value, 'junk.test');
  t.is((await client.post('/api/admin/blacklist', { type: 'email', value: 'SPAM.sender@example.com' })).status, 409);
  t.is(
    (await client.post('/api/admin/blacklist', { type: 'email', value: '' })).body.error,
    ADMIN_MESSAGES.valueRequired,
  );
  t.is((await client.post('/api/admin/blacklist', { type: 'email', value: 'nope' })).status, 400);
  t.is((await client.post('/api/admin/blacklist', { type: 'domain', value: 'no spaces.com' })).status, 400);
  t.is((await client.post('/api/admin/blacklist', { type: 'ip', value: '1.2.3.4' })).status, 400);

  await BetaCode.query().insert({ code: 'BLOCKTEST', maxUses: 10 });
  const register = (address: string) =>
    app.client().post('/api/auth/register', {
      name: 'Blocked Person',
      email: address,
      password: 'hydrant-22',
      inviteCode: 'BLOCKTEST',
    });
  t.is((await register('spam.sender@example.com')).status, 400);
  t.is((await register('anyone@JUNK.test')).status, 400);

  const list = (await client.get<BlacklistEntryJson[]>('/api/admin/blacklist')).body;
  t.true(list.some((e) => e.id === email.body.id));
  t.is((await client.delete(`/api/admin/blacklist/${email.body.id}`)).status, 204);
  t.is((await client.delete(`/api/admin/blacklist/${email.body.id}`)).status, 404);
  t.is((await register('spam.sender@example.com')).status, 201);
});

test('blacklisting a user’s e-mail does not delete or deactivate the account', async (t) => {
  const target = await createUser();
  const res = await as(admin).post('/api/admin/blacklist', {
    type: 'email',
    value: target.user.email,
    reason: ADMIN_MESSAGES.blacklistedByAdmin,
  });
  t.is(res.status, 201);
  const stored = await User.query().findById(target.user.id);
  t.truthy(stored);
  t.true(stored!.isActive);
  t.is((await as(target).get('/api/auth/me')).status, 200);
});

// ── departments ──────────────────────────────────────────────────────────────────────────────────────

test('departments: pending list, edit, verify and reject', async (t) => {
  const creator = await createUser();
  const made = await as(creator).post('/api/departments/create', {
    name: 'Pendingville Fire Rescue',
    city: 'Pendingville',
    state: 'VT',
    county: 'Orange',
    country: 'US',
  });
  const id = made.body.department.id as number;
  const pending = await as(admin).get<DepartmentJson[]>('/api/admin/departments/pending');
  t.is(pending.status, 200);
  const row = pending.body.find((d) => d.id === id)!;
  t.is(row.source, 'user_added');
  t.is(row.verificationStatus, 'pending');

  const edited = await as(admin).patch<DepartmentJson>(`/api/admin/departments/${id}`, {
    name: '  Pendingville Fire & Rescue ',
    city: 'Pendingville',
    state: 'VT',
    county: '',
    country: 'US',
  });
  t.is(edited.status, 200);
  t.is(edited.body.name, 'Pendingville Fire & Rescue');
  t.is(edited.body.county, null);
  const missing = await as(admin).patch(`/api/admin/departments/${id}`, {
    name: ' ',
    city: 'x',
    state: 'y',
    country: 'US',
  });
  t.is(missing.status, 400);
  t.is(missing.body.error, 'Please fill in department name, city, state, and country.');

  const bad = await as(admin).patch(`/api/admin/departments/${id}/verify`, { status: 'maybe' });
  t.is(bad.status, 400);
  const verified = await as(admin).patch<DepartmentJson>(`/api/admin/departments/${id}/verify`, { status: 'verified' });
  t.is(verified.body.verificationStatus, 'verified');
  t.false((await as(admin).get<DepartmentJson[]>('/api/admin/departments/pending')).body.some((d) => d.id === id));
  // Verified: other users find it.
  const other = await createUser();
  const search = await as(other).get<DepartmentJson[]>('/api/departments/search?q=Pendingville');
  t.true(search.body.some((d) => d.id === id));
  // Rejected: gone from search.
  t.is((await as(admin).patch(`/api/admin/departments/${id}/verify`, { status: 'rejected' })).status, 200);
  t.false(
    (await as(other).get<DepartmentJson[]>('/api/departments/search?q=Pendingville')).body.some((d) => d.id === id),
  );
  t.is((await as(admin).patch('/api/admin/departments/999999/verify', { status: 'verified' })).status, 404);
});

// ── AI logs ──────────────────────────────────────────────────────────────────────────────────────────

test.serial('ai logs: paged newest first, filtered by type and pending, stats over all logs', async (t) => {
  await AiLog.query().delete();
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
  const rows = [
    { type: 'enhancement', confidence: 0.9, accepted: true, minutes: 1 },
    { type: 'enhancement', confidence: 0.7, accepted: false, minutes: 2 },
    { type: 'photo_analysis', confidence: 0.5, accepted: null, minutes: 3 },
    { type: 'photo_analysis', confidence: null, accepted: null, minutes: 4 },
    { type: 'enhancement', confidence: 0.6, accepted: true, minutes: 5 },
  ] as const;
  for (const row of rows) {
    await AiLog.query().insert({
      userId: member.user.id,
      type: row.type,
      input: { type: 'personalStatement', content: `text ${row.minutes}`, context: 'Personal statement' },
      output: row.confidence === null ? null : { enhanced: 'out', confidence: row.confidence },
      confidence: row.confidence,
      error: row.confidence === null ? 'model unavailable' : null,
      accepted: row.accepted,
      timestamp: at(row.minutes),
      feedbackTimestamp: row.accepted === null ? null : at(row.minutes + 1),
    });
  }
  const all = await as(admin).get<AiLogsPageJson>('/api/admin/ai-logs?pageSize=2');
  t.is(all.status, 200);
  t.is(all.body.total, 5);
  t.deepEqual(
    all.body.logs.map((l) => l.input.content),
    ['text 5', 'text 4'],
  );
  t.deepEqual(all.body.stats, {
    totalInteractions: 5,
    acceptanceRate: 40,
    avgConfidence: 67.5,
    pendingFeedback: 2,
  });
  const page2 = await as(admin).get<AiLogsPageJson>('/api/admin/ai-logs?pageSize=2&page=2');
  t.deepEqual(
    page2.body.logs.map((l) => l.input.content),
    ['text 3', 'text 2'],
  );
  const photos = await as(admin).get<AiLogsPageJson>('/api/admin/ai-logs?filter=photo_analysis');
  t.is(photos.body.total, 2);
  t.true(photos.body.logs.every((l) => l.type === 'photo_analysis'));
  t.deepEqual(photos.body.stats, all.body.stats);
  const pending = await as(admin).get<AiLogsPageJson>('/api/admin/ai-logs?filter=pending');
  t.is(pending.body.total, 2);
  t.true(pending.body.logs.every((l) => l.accepted === null));
  const enh = await as(admin).get<AiLogsPageJson>('/api/admin/ai-logs?filter=enhancement');
  t.is(enh.body.total, 3);
  t.is(enh.body.logs[0]!.timestamp, at(5).toISOString());
  t.is((await as(admin).get('/api/admin/ai-logs?filter=other')).status, 400);

  await AiLog.query().delete();
  const empty = await as(admin).get<AiLogsPageJson>('/api/admin/ai-logs');
  t.deepEqual(empty.body.stats, {
    totalInteractions: 0,
    acceptanceRate: null,
    avgConfidence: null,
    pendingFeedback: 0,
  });
});

// ── database connection test ─────────────────────────────────────────────────────────────────────────

const serverTest = needsPostgresServer(test, 'the embedded database has no URL to connect to');

serverTest(
  'test-supabase-connection: the version for a reachable server; the spec messages otherwise; no password echoed',
  async (t) => {
    const url = app.database.url!;
    const ok = await as(admin).post('/api/admin/test-supabase-connection', { databaseUrl: url });
    t.is(ok.status, 200);
    t.regex(ok.body.version, /PostgreSQL/);
    const missing = await as(admin).post('/api/admin/test-supabase-connection', { databaseUrl: '' });
    t.is(missing.status, 400);
    t.is(missing.body.error, ADMIN_MESSAGES.missingDatabaseUrl);
    const started = Date.now();
    const wrong = await as(admin).post('/api/admin/test-supabase-connection', {
      databaseUrl: 'postgres://someone:s3cret-pw@127.0.0.1:1/nothing',
    });
    t.is(wrong.status, 400);
    t.is(wrong.body.error, ADMIN_MESSAGES.connectionFailed);
    t.false(wrong.text.includes('s3cret-pw'));
    t.true(Date.now() - started < 10_000);
    t.is((await as(admin).post('/api/admin/test-supabase-connection', { databaseUrl: 'mysql://x' })).status, 400);
  },
);

test('setup-supabase: admins are refused (super_admins only)', async (t) => {
  const res = await as(admin).post('/api/admin/setup-supabase', { databaseUrl: 'postgres://x@127.0.0.1:1/x' });
  t.is(res.status, 403);
  t.is(res.body.error, ADMIN_MESSAGES.superAdminSetupOnly);
});

// ── audit ────────────────────────────────────────────────────────────────────────────────────────────

test('audit lines: who, what and the target, written only once the change has committed', async (t) => {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = {
    info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
  } as unknown as Logger;
  const actor = { id: admin.user.id, role: 'admin' as const };
  await inTransaction(app.db, async (trx) => {
    audit(trx, log, actor, { action: 'user.role', target: { type: 'user', id: 7, role: 'admin' } });
    t.is(lines.length, 0, 'nothing before the commit');
  });
  t.deepEqual(lines, [
    {
      fields: {
        audit: true,
        actor: { id: admin.user.id, role: 'admin' },
        action: 'user.role',
        target: { type: 'user', id: 7, role: 'admin' },
      },
      message: 'admin user.role',
    },
  ]);
  await t.throwsAsync(
    inTransaction(app.db, async (trx) => {
      audit(trx, log, actor, { action: 'user.delete', target: { type: 'user', id: 8 } });
      throw new Error('rolled back');
    }),
  );
  t.is(lines.length, 1, 'a rolled-back change writes no audit line');
});
