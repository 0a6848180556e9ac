/**
 * Department-verified membership (docs/decisions/verified-membership.md): request → decision by a verifier → badge in the profile JSON and
 * page; self-verification 403; non-verifiers 403/404; the decline reason e-mailed through a real SMTP server;
 * revoke; verifier role and link removal stop new decisions but keep past ones.
 */
import test from 'ava';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { verifiedDepartmentIds } from '../../src/services/verification/verifiedMemberships';
import { VERIFICATION_MESSAGES } from '../../src/validation/verification';
import { TIMELINE_TYPES } from '../../src/validation/lists/timeline';

let app: TestApp;
let smtp: TestSmtp;
let departments: { id: number; name: string }[] = [];

test.before(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
  departments = (await app
    .db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .limit(6)
    .select('id', 'name')) as { id: number; name: string }[];
});
test.after.always(async () => {
  await app?.close();
  await smtp?.close();
});

/** The first mail to `to` whose subject matches (the helper's waitForMail takes the first to that address). */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i += 1) {
    const mail = smtp.received.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

let nextDepartment = 0;
/** A fresh department for each test, so tests never share verifiers or requests. */
const freshDepartment = () => departments[nextDepartment++ % departments.length]!;

async function admin(): Promise<CreatedUser> {
  return createUser({ role: 'admin' });
}

/** A member who links `departmentId`; returns the member and the link id. */
async function memberOf(departmentId: number, withProfile = true) {
  const member = await createUser();
  const res = await clientAs(app, member).post('/api/departments/user', { departmentId });
  if (res.status !== 201) throw new Error(`link: ${res.status} ${res.text}`);
  const profile = withProfile ? await createProfileFor(member, { rank: 'Engineer' }) : null;
  return { member, linkId: res.body.id as number, profile };
}

async function verifierOf(departmentId: number, by: CreatedUser, user?: CreatedUser) {
  const verifier = user ?? (await createUser());
  const res = await clientAs(app, by).post('/api/admin/department-verifiers', {
    departmentId,
    userId: verifier.user.id,
  });
  if (res.status !== 201) throw new Error(`grant: ${res.status} ${res.text}`);
  return { verifier, grantId: res.body.id as number };
}

async function requestFor(member: CreatedUser, linkId: number): Promise<number> {
  const res = await clientAs(app, member).post(`/api/departments/user/${linkId}/verification`);
  if (res.status !== 201) throw new Error(`request: ${res.status} ${res.text}`);
  const [row] = (await app
    .db('membership_verifications')
    .where({ user_id: member.user.id, status: 'pending' })
    .select('id')) as { id: number }[];
  return row!.id;
}

test('request → approve by the verifier → badge in the profile JSON and on the page; the member is e-mailed', async (t) => {
  const department = freshDepartment();
  const boss = await admin();
  const { verifier } = await verifierOf(department.id, boss);
  const { member, linkId, profile } = await memberOf(department.id);

  const requested = await clientAs(app, member).post(`/api/departments/user/${linkId}/verification`);
  t.is(requested.status, 201);
  t.like(requested.body, { status: 'pending', canRequest: false });
  const again = await clientAs(app, member).post(`/api/departments/user/${linkId}/verification`);
  t.is(again.status, 409);
  t.is(again.body.error, VERIFICATION_MESSAGES.alreadyPending);

  const pending = await clientAs(app, verifier).get('/api/verifications');
  t.is(pending.status, 200);
  const mine = pending.body.find((r: { member: { id: number } }) => r.member.id === member.user.id);
  t.truthy(mine);
  t.like(mine, { status: 'pending', can: { decide: true, revoke: false }, department: { id: department.id } });

  const approved = await clientAs(app, verifier).post(`/api/verifications/${mine.id}/decision`, {
    decision: 'approve',
  });
  t.is(approved.status, 200);
  t.is(approved.body.status, 'approved');
  t.deepEqual(await verifiedDepartmentIds(member.user.id, app.db), [department.id]);

  const year = new Date().getUTCFullYear();
  const doc = await app.client().get(`/api/profiles/${profile!.id}`);
  t.is(doc.status, 200);
  t.deepEqual(doc.body.verifiedMemberships, [{ departmentId: department.id, departmentName: department.name, year }]);
  const page = await app.client().get(`/profiles/${profile!.id}`);
  t.true(page.text.includes(`Verified by ${department.name}, ${year}`.replace(/&/g, '&amp;')));

  // The résumé shows it under the header, and on the experience of that department (matched case-insensitively).
  const added = await clientAs(app, member).post(`/api/profiles/${profile!.id}/timeline`, {
    event: 'Joined the engine company',
    year: '2020',
    type: TIMELINE_TYPES[0],
    department: department.name.toUpperCase(),
  });
  t.is(added.status, 201, added.text);
  const resume = await app.client().get(`/profiles/${profile!.id}/resume`);
  t.is(resume.status, 200);
  t.is(resume.text.split(`Verified by ${department.name}, ${year}`).length - 1, 2);
  const withTimeline = await app.client().get(`/profiles/${profile!.id}`);
  t.is(withTimeline.text.split(`Verified by ${department.name}, ${year}`).length - 1, 2);

  const mail = await mailTo(member.user.email, /is verified/);
  t.true(mail.text.includes(`Verified by ${department.name}, ${year}`));

  const state = await clientAs(app, member).get(`/api/departments/user/${linkId}/verification`);
  t.like(state.body, { status: 'approved', canRequest: false, listed: false });
});

test('a verifier cannot verify themselves (403 with the reason); a non-verifier gets 403 on the list and 404 on a request', async (t) => {
  const department = freshDepartment();
  const boss = await admin();
  const { member: self, linkId } = await memberOf(department.id);
  await verifierOf(department.id, boss, self);
  const id = await requestFor(self, linkId);

  const own = await clientAs(app, self).post(`/api/verifications/${id}/decision`, { decision: 'approve' });
  t.is(own.status, 403);
  t.is(own.body.error, VERIFICATION_MESSAGES.notYourOwn);
  // Nor an admin their own.
  const { linkId: bossLink } = await (async () => {
    const res = await clientAs(app, boss).post('/api/departments/user', { departmentId: department.id });
    return { linkId: res.body.id as number };
  })();
  const bossRequest = await requestFor(boss, bossLink);
  const bossOwn = await clientAs(app, boss).post(`/api/verifications/${bossRequest}/decision`, { decision: 'approve' });
  t.is(bossOwn.status, 403);

  const stranger = await createUser();
  const list = await clientAs(app, stranger).get('/api/verifications');
  t.is(list.status, 403);
  t.is(list.body.error, VERIFICATION_MESSAGES.notVerifier);
  const decide = await clientAs(app, stranger).post(`/api/verifications/${id}/decision`, { decision: 'approve' });
  t.is(decide.status, 404);
  const visitor = await app.client().post(`/api/verifications/${id}/decision`, { decision: 'approve' });
  t.is(visitor.status, 401);
  // A verifier of another department neither sees nor decides it.
  const other = departments.find((d) => d.id !== department.id)!;
  const { verifier: elsewhere } = await verifierOf(other.id, boss);
  t.is((await clientAs(app, elsewhere).post(`/api/verifications/${id}/decision`, { decision: 'approve' })).status, 404);
  const theirs = await clientAs(app, elsewhere).get('/api/verifications');
  t.is(theirs.status, 200);
  t.false(theirs.body.some((r: { id: number }) => r.id === id));
  // A member's own link of someone else: 404.
  t.is((await clientAs(app, stranger).post(`/api/departments/user/${linkId}/verification`)).status, 404);
  t.deepEqual(await verifiedDepartmentIds(self.user.id, app.db), []);
});

test('decline needs a reason, which reaches the member by e-mail (real SMTP); they may ask again', async (t) => {
  const department = freshDepartment();
  const boss = await admin();
  const { verifier } = await verifierOf(department.id, boss);
  const { member, linkId } = await memberOf(department.id, false);
  const id = await requestFor(member, linkId);

  const noReason = await clientAs(app, verifier).post(`/api/verifications/${id}/decision`, { decision: 'decline' });
  t.is(noReason.status, 400);
  t.is(noReason.body.fields?.reason, VERIFICATION_MESSAGES.reasonRequired);
  const bad = await clientAs(app, verifier).post(`/api/verifications/${id}/decision`, { decision: 'maybe' });
  t.is(bad.status, 400);

  const declined = await clientAs(app, verifier).post(`/api/verifications/${id}/decision`, {
    decision: 'decline',
    reason: 'Not on our roster since 2019.',
  });
  t.is(declined.status, 200);
  const mail = await mailTo(member.user.email, /declined/);
  t.true(mail.text.includes('Reason: Not on our roster since 2019.'));
  const twice = await clientAs(app, verifier).post(`/api/verifications/${id}/decision`, { decision: 'approve' });
  t.is(twice.status, 409);

  const state = await clientAs(app, member).get('/api/departments/user');
  const link = state.body.find((l: { id: number }) => l.id === linkId);
  t.like(link.verification, { status: 'declined', reason: 'Not on our roster since 2019.', canRequest: true });
  t.is((await clientAs(app, member).post(`/api/departments/user/${linkId}/verification`)).status, 201);
});

test('an admin revokes an approval (badge gone, member e-mailed); removing the verifier role or the link stops new decisions', async (t) => {
  const department = freshDepartment();
  const boss = await admin();
  const { verifier, grantId } = await verifierOf(department.id, boss);
  const { member, linkId, profile } = await memberOf(department.id);
  const first = await requestFor(member, linkId);
  t.is(
    (await clientAs(app, verifier).post(`/api/verifications/${first}/decision`, { decision: 'approve' })).status,
    200,
  );
  const kept = await memberOf(department.id, false);
  const keptId = await requestFor(kept.member, kept.linkId);
  t.is(
    (await clientAs(app, verifier).post(`/api/verifications/${keptId}/decision`, { decision: 'approve' })).status,
    200,
  );

  // Only an admin revokes.
  t.is((await clientAs(app, verifier).post(`/api/admin/verifications/${first}/revoke`, { reason: 'x' })).status, 403);
  const revoked = await clientAs(app, boss).post(`/api/admin/verifications/${first}/revoke`, {
    reason: 'Left the department in March.',
  });
  t.is(revoked.status, 200);
  t.is(revoked.body.status, 'revoked');
  t.deepEqual((await app.client().get(`/api/profiles/${profile!.id}`)).body.verifiedMemberships, []);
  const mail = await mailTo(member.user.email, /revoked/);
  t.true(mail.text.includes('Left the department in March.'));

  // The verifier role removed: the past decision stays (decided_by), new ones are refused.
  const second = await requestFor(member, linkId);
  t.is((await clientAs(app, boss).delete(`/api/admin/department-verifiers/${grantId}`)).status, 204);
  t.is(
    (await clientAs(app, verifier).post(`/api/verifications/${second}/decision`, { decision: 'approve' })).status,
    404,
  );
  t.is((await clientAs(app, verifier).get('/api/verifications')).status, 403);
  t.deepEqual(await verifiedDepartmentIds(kept.member.user.id, app.db), [department.id]);

  // The member's link removed: a pending request can no longer be approved (only declined).
  const { verifier: next } = await verifierOf(department.id, boss);
  t.is((await clientAs(app, member).delete(`/api/departments/user/${linkId}`)).status, 204);
  const refused = await clientAs(app, next).post(`/api/verifications/${second}/decision`, { decision: 'approve' });
  t.is(refused.status, 403);
  t.is(refused.body.error, VERIFICATION_MESSAGES.noLongerLinked);
});

test('removing the link hides the badge and keeps the verification; linking again shows it', async (t) => {
  const department = freshDepartment();
  const boss = await admin();
  const { verifier } = await verifierOf(department.id, boss);
  const { member, linkId, profile } = await memberOf(department.id);
  const id = await requestFor(member, linkId);
  await clientAs(app, verifier).post(`/api/verifications/${id}/decision`, { decision: 'approve' });
  t.is((await app.client().get(`/api/profiles/${profile!.id}`)).body.verifiedMemberships.length, 1);

  await clientAs(app, member).delete(`/api/departments/user/${linkId}`);
  t.deepEqual((await app.client().get(`/api/profiles/${profile!.id}`)).body.verifiedMemberships, []);
  t.deepEqual(await verifiedDepartmentIds(member.user.id, app.db), []);
  await clientAs(app, member).post('/api/departments/user', { departmentId: department.id });
  t.deepEqual(await verifiedDepartmentIds(member.user.id, app.db), [department.id]);
  t.is((await app.client().get(`/api/profiles/${profile!.id}`)).body.verifiedMemberships.length, 1);
});

test('My Departments without script: the request and listing forms post to /account-settings', async (t) => {
  const department = freshDepartment();
  const boss = await admin();
  const { verifier } = await verifierOf(department.id, boss);
  const { member, linkId } = await memberOf(department.id, false);
  const client = clientAs(app, member);

  const page = await client.get('/account-settings');
  t.true(page.text.includes('Request verification'));
  t.true(page.text.includes(`name="linkId" value="${linkId}"`));

  const posted = await client.postForm('/account-settings', { intent: 'verification', linkId: String(linkId) });
  t.is(posted.status, 303);
  t.is(posted.headers.get('location'), '/account-settings?saved=verification#departments');
  const shown = await client.get('/account-settings?saved=verification');
  t.true(shown.text.includes(`<strong>${VERIFICATION_MESSAGES.requestTitle}</strong>`));
  t.true(shown.text.includes('data-verification="pending"'));

  const again = await client.postForm('/account-settings', { intent: 'verification', linkId: String(linkId) });
  t.is(again.status, 409);
  t.true(again.text.includes(VERIFICATION_MESSAGES.alreadyPending));

  const notListable = await client.postForm('/account-settings', {
    intent: 'listing',
    linkId: String(linkId),
    listed: 'true',
  });
  t.is(notListable.status, 409);

  const [row] = (await app.db('membership_verifications').where({ user_id: member.user.id }).select('id')) as {
    id: number;
  }[];
  await clientAs(app, verifier).post(`/api/verifications/${row!.id}/decision`, { decision: 'approve' });
  const listed = await client.postForm('/account-settings', {
    intent: 'listing',
    linkId: String(linkId),
    listed: 'true',
  });
  t.is(listed.status, 303);
  const link = (await client.get('/api/departments/user')).body.find((l: { id: number }) => l.id === linkId);
  t.like(link.verification, { status: 'approved', listed: true });
});

test('/verifications without script: verifiers and admins only, decide by plain forms; the admin tab grants verifiers', async (t) => {
  const department = freshDepartment();
  const boss = await admin();
  const bossClient = clientAs(app, boss);
  const verifierAccount = await createUser();
  const { member, linkId } = await memberOf(department.id, false);
  const id = await requestFor(member, linkId);

  // Not yet a verifier: no menu link, and the page is refused.
  const before = await clientAs(app, verifierAccount).get('/account-settings');
  t.false(before.text.includes('href="/verifications"'));
  t.is((await clientAs(app, verifierAccount).get('/verifications')).status, 403);
  t.is((await app.client().get('/verifications')).status, 302);

  // The admin tab: grant by e-mail (plain form), an unknown e-mail is a message on the field.
  const tab = await bossClient.get('/admin?tab=verification');
  t.is(tab.status, 200);
  t.true(tab.text.includes('Department verifiers'));
  const unknown = await bossClient.postForm('/verifications', {
    intent: 'grant',
    email: 'nobody@example.com',
    departmentId: String(department.id),
    returnTo: '/admin?tab=verification',
  });
  t.is(unknown.status, 400);
  t.true(unknown.text.includes(VERIFICATION_MESSAGES.noSuchEmail));
  const granted = await bossClient.postForm('/verifications', {
    intent: 'grant',
    email: verifierAccount.user.email,
    departmentId: String(department.id),
    returnTo: '/admin?tab=verification',
  });
  t.is(granted.status, 303);
  t.is(granted.headers.get('location'), '/admin?tab=verification#add-verifier-status');
  t.true((await bossClient.get('/admin?tab=verification')).text.includes(verifierAccount.user.email));

  // Now a verifier: the menu offers the page, which lists the request with its forms.
  const verifierClient = clientAs(app, verifierAccount);
  t.true((await verifierClient.get('/account-settings')).text.includes('href="/verifications"'));
  const page = await verifierClient.get('/verifications');
  t.is(page.status, 200);
  t.true(page.text.includes(`data-request="${id}"`));
  t.true(page.text.includes(member.user.name));
  t.false(page.text.includes('<script type="module"'));

  const noReason = await verifierClient.postForm('/verifications', {
    intent: 'decide',
    id: String(id),
    decision: 'decline',
  });
  t.is(noReason.status, 400);
  t.true(noReason.text.includes(VERIFICATION_MESSAGES.reasonRequired));
  const approved = await verifierClient.postForm('/verifications', {
    intent: 'decide',
    id: String(id),
    decision: 'approve',
  });
  t.is(approved.status, 303);
  t.is(approved.headers.get('location'), `/verifications#request-${id}-status`);
  t.deepEqual(await verifiedDepartmentIds(member.user.id, app.db), [department.id]);
  t.false((await verifierClient.get('/verifications')).text.includes(`data-request="${id}"`));
});

// Serial: it makes the shared SMTP server refuse the next message, which must be this test's.
test.serial(
  'an SMTP failure after the decision committed is logged: the decision stands and answers 200',
  async (t) => {
    const department = freshDepartment();
    const boss = await admin();
    const { verifier } = await verifierOf(department.id, boss);
    const { member, linkId } = await memberOf(department.id, false);
    const id = await requestFor(member, linkId);
    smtp.failNext(1);
    const approved = await clientAs(app, verifier).post(`/api/verifications/${id}/decision`, { decision: 'approve' });
    t.is(approved.status, 200);
    t.deepEqual(await verifiedDepartmentIds(member.user.id, app.db), [department.id]);
  },
);
