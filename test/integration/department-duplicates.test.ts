/**
 * Departments everyone can find (docs/decisions/pending-departments.md): a user-added department is offered to
 * every signed-in user, the same department added twice is one row, a close one is offered first, and an
 * administrator merges duplicates (a recent proof required) and imports the registry by upload.
 */
import test from 'ava';
import { startTestApp, type HttpClient, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { reauthenticate } from '../helpers/stepUp';
import type { CreateDepartmentResponse, CreatedDepartmentJson, DepartmentJson } from '../../src/validation/departments';
import type { DepartmentImportJson, DepartmentMergeJson } from '../../src/validation/departmentAdmin';

let app: TestApp;
let admin: CreatedUser;

test.before(async () => {
  app = await startTestApp();
  admin = await createUser({ role: 'admin', name: 'Avery Admin' });
});
test.after.always(async () => {
  await app?.close();
});

const as = (account: CreatedUser | null): HttpClient => {
  const client = app.client();
  client.bearer = account?.token;
  return client;
};
const search = async (account: CreatedUser, q: string) =>
  (await as(account).get<DepartmentJson[]>(`/api/departments/search?q=${encodeURIComponent(q)}`)).body;

const springfield = { name: 'Springfield Fire Department', city: 'Springfield', state: 'IL', country: 'US' };

test.serial(
  'two users adding the same department end with one row, both linked; the search finds it for anyone signed in',
  async (t) => {
    const first = await createUser();
    const second = await createUser();
    const created = await as(first).post<CreatedDepartmentJson>('/api/departments/create', springfield);
    t.is(created.status, 201);
    t.false(created.body.joined);
    // The second one typed it a little differently: the same department (case, punctuation, spacing), joined.
    const joined = await as(second).post<CreatedDepartmentJson>('/api/departments/create', {
      ...springfield,
      name: 'springfield  fire department.',
      state: 'Illinois',
    });
    t.is(joined.status, 201);
    t.true(joined.body.joined);
    t.is(joined.body.department.id, created.body.department.id);
    const rows = await app
      .db('departments')
      .whereILike('name', 'springfield fire department%')
      .whereRaw("department_state_code(state) = 'IL'");
    t.is(rows.length, 1);
    t.is((await app.db('user_departments').where('department_id', created.body.department.id)).length, 2);

    // Anyone signed in finds it, marked pending: by name and state, by name, by city.
    const colleague = await createUser();
    for (const q of ['Springfield IL', 'Springfield Fire Department', 'springfield, illinois']) {
      const found = (await search(colleague, q)).find((d) => d.id === created.body.department.id);
      t.like(found, { name: 'Springfield Fire Department', verificationStatus: 'pending' }, q);
    }
    // A visitor still sees no pending department: search needs sign-in, and its page is not found.
    t.is((await as(null).get('/api/departments/search?q=Springfield')).status, 401);
    t.is((await as(null).get(`/departments/${created.body.department.id}`)).status, 404);
  },
);

test.serial('two users adding the same department at the same moment still make one row', async (t) => {
  const [one, two] = await Promise.all([createUser(), createUser()]);
  const same = { name: 'Quarry Bend Fire Department', city: 'Quarry Bend', state: 'OH', country: 'US' };
  const answers = await Promise.all(
    [one, two].map((u) => as(u).post<CreatedDepartmentJson>('/api/departments/create', same)),
  );
  t.deepEqual(
    answers.map((a) => a.status),
    [201, 201],
  );
  t.is(new Set(answers.map((a) => a.body.department.id)).size, 1);
  t.is((await app.db('departments').where('name', same.name)).length, 1);
});

test.serial('a close department is offered first; "add mine anyway" adds it', async (t) => {
  const first = await createUser();
  const second = await createUser();
  const kept = await as(first).post<CreatedDepartmentJson>('/api/departments/create', {
    name: 'Harrow Creek Volunteer Fire Department',
    city: 'Harrow Creek',
    state: 'KY',
    country: 'US',
  });
  const close = { name: 'Harrow Creek Vol Fire Dept', city: 'Harrow Creek', state: 'ky', country: 'US' };
  const offer = await as(second).post<CreateDepartmentResponse>('/api/departments/create', close);
  t.is(offer.status, 200);
  t.true('matches' in offer.body);
  t.deepEqual('matches' in offer.body ? offer.body.matches.map((d) => d.id) : [], [kept.body.department.id]);
  t.is((await app.db('user_departments').where('user_id', second.user.id)).length, 0, 'nothing added yet');
  // Another state or another city is not the same department.
  const elsewhere = await as(second).post('/api/departments/create', { ...close, state: 'TN' });
  t.is(elsewhere.status, 201);
  const anyway = await as(second).post<CreatedDepartmentJson>('/api/departments/create', { ...close, addAnyway: true });
  t.is(anyway.status, 201);
  t.not(anyway.body.department.id, kept.body.department.id);
  t.is((await as(second).post('/api/departments/create', { ...close, addAnyway: 'perhaps' })).status, 400);
});

test.serial('a city and a department name find the departments in the data', async (t) => {
  const member = await createUser();
  t.true(
    (await search(member, 'Boston')).some((d) => d.city === 'Boston'),
    'Boston (a city)',
  );
  const chicago = (await search(member, 'Chicago Fire Department')).map((d) => d.name);
  t.true(chicago.includes('East Chicago Fire Department'), chicago.join(', '));
});

// ── merge ────────────────────────────────────────────────────────────────────────────────────────────

async function department(name: string, status = 'pending'): Promise<number> {
  const [row] = (await app
    .db('departments')
    .insert({ name, city: 'Mergeton', state: 'NE', country: 'US', source: 'user_added', verification_status: status })
    .returning('id')) as { id: number }[];
  return row!.id;
}

async function linkTo(user: CreatedUser, departmentId: number, isPrimary: boolean) {
  await app
    .db('user_departments')
    .insert({ user_id: user.user.id, department_id: departmentId, is_primary: isPrimary });
}

async function verification(user: CreatedUser, departmentId: number, status: string) {
  await app.db('membership_verifications').insert({ user_id: user.user.id, department_id: departmentId, status });
}

const departmentOf = async (table: string, where: Record<string, number>) =>
  ((await app.db(table).where(where)) as { departmentId: number; status?: string }[]).map((r) =>
    r.status ? `${r.departmentId}:${r.status}` : r.departmentId,
  );

test.serial(
  'an admin merges a duplicate: links, verifications, verifiers and profiles move; other departments do not',
  async (t) => {
    const keep = await department('Mergeton Fire Department', 'verified');
    const remove = await department('Mergeton Fire Dept');
    const canary = await department('Other Mergeton Fire Company', 'verified');
    const [alone, both, other, verifier, canaryVerifier] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    await linkTo(alone, remove, true);
    await linkTo(both, keep, false);
    await linkTo(both, remove, true);
    await linkTo(other, canary, true);
    await linkTo(other, remove, false);
    await verification(alone, remove, 'approved');
    await verification(both, keep, 'approved');
    await verification(both, remove, 'pending');
    await verification(other, canary, 'approved');
    await verification(other, remove, 'declined');
    await app.db('department_verifiers').insert([
      { user_id: verifier.user.id, department_id: remove },
      { user_id: canaryVerifier.user.id, department_id: canary },
    ]);
    const profile = await createProfileFor(alone, { departmentId: remove, department: 'Mergeton Fire Dept' });
    const canaryProfile = await createProfileFor(other, {
      departmentId: canary,
      department: 'Other Mergeton Fire Company',
    });

    const path = `/api/admin/departments/${remove}/merge`;
    t.is((await as(null).post(path, { intoId: keep })).status, 401);
    const member = await as(alone).post(path, { intoId: keep });
    t.is(member.status, 403, 'a member may not merge');
    const unproved = await as(admin).post(path, { intoId: keep });
    t.is(unproved.status, 401);
    t.true(unproved.body.reauthenticationRequired, 'a merge needs a recent proof, like a role grant');
    t.truthy(await app.db('departments').where('id', remove).first(), 'nothing merged without it');

    const adminClient = as(admin);
    await reauthenticate(adminClient, admin.password);
    t.is((await adminClient.post(`/api/admin/departments/${keep}/merge`, { intoId: keep })).status, 400);
    t.is((await adminClient.post('/api/admin/departments/999999999/merge', { intoId: keep })).status, 404);
    t.is((await adminClient.post(path, { intoId: 'x' })).status, 400);
    const merged = await adminClient.post<DepartmentMergeJson>(path, { intoId: keep });
    t.is(merged.status, 200, merged.text);
    t.is(merged.body.kept.id, keep);
    t.deepEqual(merged.body.moved, { links: 2, verifications: 2, verifiers: 1, profiles: 1 });

    t.falsy(await app.db('departments').where('id', remove).first());
    // Links: one per member, primary kept.
    t.deepEqual(await departmentOf('user_departments', { user_id: alone.user.id }), [keep]);
    const bothLinks = (await app.db('user_departments').where('user_id', both.user.id)) as {
      departmentId: number;
      isPrimary: boolean;
    }[];
    t.deepEqual(
      bothLinks.map((l) => [l.departmentId, l.isPrimary]),
      [[keep, true]],
    );
    t.deepEqual((await departmentOf('user_departments', { user_id: other.user.id })).sort(), [keep, canary].sort());
    // Verifications: the approval moved; the pending request ended by the kept approval; history moved.
    t.deepEqual(await departmentOf('membership_verifications', { user_id: alone.user.id }), [`${keep}:approved`]);
    t.deepEqual(await departmentOf('membership_verifications', { user_id: both.user.id }), [`${keep}:approved`]);
    t.deepEqual(
      (await departmentOf('membership_verifications', { user_id: other.user.id })).sort(),
      [`${canary}:approved`, `${keep}:declined`].sort(),
    );
    t.deepEqual(await departmentOf('department_verifiers', { user_id: verifier.user.id }), [keep]);
    t.deepEqual(await departmentOf('department_verifiers', { user_id: canaryVerifier.user.id }), [canary]);
    t.is((await app.db('profiles').where('id', profile.id).first()).departmentId, keep);
    t.is((await app.db('profiles').where('id', canaryProfile.id).first()).departmentId, canary);

    // The removed department's page leads to the kept one's.
    const page = await as(null).get(`/departments/${remove}-mergeton-fire-dept`);
    t.is(page.status, 301);
    t.is(page.headers.get('location'), `/departments/${keep}`);
  },
);

// ── import by upload ─────────────────────────────────────────────────────────────────────────────────

const csv = [
  'FDID,Fire Dept Name,HQ Addr1,HQ Addr2,HQ City,County,HQ State,HQ Zip',
  '99001,Boston Fire Department,115 Southampton ST,,Boston,Suffolk,MA,02118',
  '99002,Chicago Fire Department,10 W 35th ST,,Chicago,Cook,IL,60616',
  ',No Name Row,,,,,,',
].join('\n');

async function upload(account: CreatedUser, body: string, name = 'registry.csv') {
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'text/csv' }), name);
  const response = await fetch(`${app.baseUrl}/api/admin/departments/imports`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${account.token}`, Origin: app.baseUrl, Accept: 'application/json' },
  });
  return { status: response.status, body: (await response.json()) as DepartmentImportJson };
}

test.serial(
  'an admin imports a registry CSV by upload; its progress ends with the counts; the departments are found',
  async (t) => {
    const member = await createUser();
    t.is((await upload(member, csv)).status, 403);
    t.is((await upload(admin, 'nothing,useful\n1,2')).status, 400);
    const started = await upload(admin, csv);
    t.is(started.status, 202);
    t.like(started.body, { status: 'running', fileName: 'registry.csv', totalRows: 2 });
    let job = started.body;
    // The import runs after the answer, as the progress bar sees it: poll until it ends (a loaded machine may take
    // a few seconds), never longer than the test's own limit.
    for (let i = 0; i < 400 && job.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = (await as(admin).get<DepartmentImportJson>(`/api/admin/departments/imports/${job.id}`)).body;
    }
    t.like(job, { status: 'done', doneRows: 2, result: { added: 2, updated: 0, unchanged: 0, skipped: 1 } });
    t.is((await as(member).get(`/api/admin/departments/imports/${job.id}`)).status, 403);
    await app.caughtUp();
    t.is((await search(member, 'Boston'))[0]?.name, 'Boston Fire Department');
    t.is((await search(member, 'Chicago Fire Department'))[0]?.name, 'Chicago Fire Department');
  },
);

// ── the Departments tab without script ──────────────────────────────────────────────────────────────

test.serial(
  'without script: the tab offers each pending department its close ones; the merge form asks for the password, then merges',
  async (t) => {
    const keep = await department('Tabtown Fire Department', 'verified');
    const remove = await department('Tabtown Fire Dept');
    const tabAdmin = await createUser({ role: 'admin' }); // no proof yet on its session
    const client = as(tabAdmin);
    const tab = await client.get('/admin?tab=departments');
    t.is(tab.status, 200);
    t.true(tab.text.includes(`name="id" value="${remove}"`), 'the duplicate has a merge form');
    t.regex(tab.text, new RegExp(`<option value="${keep}"[^>]*>Tabtown Fire Department`));
    t.true(tab.text.includes('Import the full registry'));

    t.is(
      (
        await as(await createUser()).postForm('/admin/departments', {
          intent: 'merge',
          id: String(remove),
          intoId: String(keep),
        })
      ).status,
      403,
    );
    const unproved = await client.postForm('/admin/departments', {
      intent: 'merge',
      id: String(remove),
      intoId: String(keep),
    });
    t.is(unproved.status, 303);
    t.is(unproved.headers.get('location'), '/admin?tab=departments');
    t.truthy(await app.db('departments').where('id', remove).first(), 'nothing merged without a proof');
    const wrong = await client.postForm('/admin/departments', {
      intent: 'merge',
      id: String(remove),
      intoId: String(keep),
      reauthPassword: 'not-the-password',
    });
    t.is(wrong.status, 303);
    t.truthy(await app.db('departments').where('id', remove).first(), 'nor with a wrong password');
    const proved = await client.postForm('/admin/departments', {
      intent: 'merge',
      id: String(remove),
      intoId: String(keep),
      reauthPassword: tabAdmin.password,
    });
    t.is(proved.status, 303);
    t.falsy(await app.db('departments').where('id', remove).first());
    t.is((await app.db('department_merges').where('removed_id', remove).first()).keptId, keep);
  },
);

test.serial('without script: the registry upload form imports and comes back to the tab', async (t) => {
  const form = new FormData();
  form.append(
    'file',
    new Blob(['fdid,name,city,state\n99101,Uploadville Fire Department,Uploadville,VT\n'], { type: 'text/csv' }),
    'small.csv',
  );
  const post = (account: CreatedUser) =>
    fetch(`${app.baseUrl}/admin/departments/import`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { Authorization: `Bearer ${account.token}`, Origin: app.baseUrl, Accept: 'text/html' },
    });
  t.is((await post(await createUser())).status, 403);
  const answer = await post(admin);
  t.is(answer.status, 303);
  t.is(answer.headers.get('location'), '/admin?tab=departments');
  const row = await app.db('departments').where({ fdid: '99101', state: 'VT' }).first();
  t.like(row, { name: 'Uploadville Fire Department', source: 'official', verificationStatus: 'verified' });
  const tab = await as(admin).get('/admin?tab=departments');
  t.true(tab.text.includes('Imported small.csv: 1 added, 0 updated'), 'the tab shows the last import');
});
