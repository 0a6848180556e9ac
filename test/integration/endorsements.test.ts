/**
 * Endorsements from verified colleagues (docs/decisions/endorsements.md), over HTTP and real Postgres, with the owner's e-mail
 * through the test SMTP server: a colleague endorses → pending (not shown) → the owner approves → shown on the
 * public JSON and page (kept pages change at once); who may not endorse (401/403), a duplicate (409), a long
 * comment (400), a deactivated endorser disappears.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp';
import { twoDepartments, verifyMember } from '../helpers/verification';
import { ENDORSEMENT_MESSAGES, type SkillEndorsementJson } from '../../src/validation/endorsements';

let app: TestApp;
let smtp: TestSmtp;
let owner: CreatedUser;
let colleague: CreatedUser;
let profileId: number;
let colleagueProfileId: number;
let skillId: number;
let departments: [number, number];

test.before(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url, rateLimitsEnabled: false });
  departments = await twoDepartments();
  owner = await createUser({ name: 'Dana Whitfield' });
  colleague = await createUser({ name: 'Sam Ortega' });
  profileId = (await createProfileFor(owner)).id;
  colleagueProfileId = (await createProfileFor(colleague, { rank: 'Lieutenant' })).id;
  await verifyMember(owner.user.id, departments[0]);
  await verifyMember(colleague.user.id, departments[0]);
  const skill = await clientAs(app, owner).post(`/api/profiles/${profileId}/skills`, {
    name: 'Rope rescue',
    category: 'firefighter',
    level: 'expert',
    endorsements: [{ endorserName: 'Chief Ray Park', comment: 'Solid on the ropes.' }],
  });
  skillId = skill.body.id as number;
});
test.after.always(async () => {
  await app?.close();
  await smtp?.close();
});

const endorseUrl = (id = skillId) => `/api/profiles/${profileId}/skills/${id}/endorsements`;
const publicSkill = async (as: CreatedUser | null = null) => {
  const res = await clientAs(app, as).get(`/api/profiles/${profileId}`);
  return (res.body.skills as Array<{ id: number; colleagueEndorsements: SkillEndorsementJson[] }>).find(
    (s) => s.id === skillId,
  )!;
};
const publicPage = async () => (await app.client().get(`/profiles/${profileId}/public?widget=skills`, undefined)).text;

test.serial(
  'a colleague endorses → pending, the owner is e-mailed; approved → on the public JSON and page',
  async (t) => {
    const before = await publicPage(); // kept for visitors from now on
    t.notRegex(before, /Sam Ortega/);

    const res = await clientAs(app, colleague).post(endorseUrl(), { comment: '  Best rigger on C shift.  ' });
    t.is(res.status, 201);
    t.like(res.body, { status: 'pending', comment: 'Best rigger on C shift.', skillId });

    const mail = await smtp.waitForMail(owner.user.email);
    t.regex(mail.subject, /Sam Ortega endorsed your skill “Rope rescue”/);
    t.regex(mail.text, /Best rigger on C shift\./);
    t.regex(mail.text, new RegExp(`/profiles/${profileId}#endorsements-waiting`));

    t.deepEqual((await publicSkill()).colleagueEndorsements, [], 'pending: not shown to visitors');
    t.deepEqual((await publicSkill(colleague)).colleagueEndorsements, [], 'nor to members');
    const own = (await publicSkill(owner)).colleagueEndorsements;
    t.is(own.length, 1);
    t.is(own[0]!.status, 'pending', 'the owner sees it to decide');

    const approve = await clientAs(app, owner).patch(`/api/endorsements/${own[0]!.id}`, { status: 'approved' });
    t.is(approve.status, 200);
    t.is(approve.body.status, 'approved');

    const shown = (await publicSkill()).colleagueEndorsements;
    t.is(shown.length, 1);
    t.deepEqual(shown[0]!.endorser, {
      name: 'Sam Ortega',
      rank: 'Lieutenant',
      department: (await app.db('departments').where('id', departments[0]).first('name')).name,
      profileUrl: `/profiles/${colleagueProfileId}/public`,
      image: null,
    });
    t.is(shown[0]!.status, null, 'the status is the owner’s business');
    t.false('endorserId' in shown[0]!);

    const page = await publicPage();
    t.regex(page, /Sam Ortega/, 'the kept visitor page changed at once');
    t.regex(page, new RegExp(`href="/profiles/${colleagueProfileId}/public"`));
    t.regex(
      page,
      /Chief Ray Park: “Solid on the ropes.”(<!-- -->)? <span[^>]*>\(<!-- -->added by the owner<!-- -->\)<\/span>/,
    );

    // Hidden later: gone again.
    await clientAs(app, owner).patch(`/api/endorsements/${own[0]!.id}`, { status: 'hidden' });
    t.deepEqual((await publicSkill()).colleagueEndorsements, []);
    t.notRegex(await publicPage(), /Sam Ortega/);
    await clientAs(app, owner).patch(`/api/endorsements/${own[0]!.id}`, { status: 'approved' });
  },
);

test.serial('nobody else can endorse: visitor 401, outsider and unverified member 403, self 403', async (t) => {
  const outsider = await createUser();
  await verifyMember(outsider.user.id, departments[1]);
  const unverified = await createUser();
  await app.db('user_departments').insert({ user_id: unverified.user.id, department_id: departments[0] });

  t.is((await clientAs(app, null).post(endorseUrl(), {})).status, 401);
  for (const who of [outsider, unverified]) {
    const res = await clientAs(app, who).post(endorseUrl(), {});
    t.is(res.status, 403);
    t.is(res.body.error, ENDORSEMENT_MESSAGES.notColleague);
  }
  const self = await clientAs(app, owner).post(endorseUrl(), {});
  t.is(self.status, 403);
  t.is(self.body.error, ENDORSEMENT_MESSAGES.self);
  t.is((await clientAs(app, colleague).post(endorseUrl(999_999), {})).status, 404);
  // Only the owner decides.
  const [row] = await app.db('skill_endorsements').where({ skill_id: skillId });
  t.is((await clientAs(app, colleague).patch(`/api/endorsements/${row.id}`, { status: 'hidden' })).status, 403);
  t.is((await clientAs(app, outsider).patch(`/api/endorsements/${row.id}`, { status: 'hidden' })).status, 403);
});

test.serial('a duplicate is 409; a comment over 280 characters is 400 with its message', async (t) => {
  const again = await clientAs(app, colleague).post(endorseUrl(), { comment: 'Again' });
  t.is(again.status, 409);
  t.is(again.body.error, ENDORSEMENT_MESSAGES.duplicate);

  const other = await createUser();
  await verifyMember(other.user.id, departments[0]);
  const long = await clientAs(app, other).post(endorseUrl(), { comment: 'x'.repeat(281) });
  t.is(long.status, 400);
  t.is(long.body.fields?.comment, 'Comment must be at most 280 characters');
  const wrongType = await clientAs(app, other).post(endorseUrl(), { comment: ['a'] });
  t.is(wrongType.status, 400);
  t.is((await clientAs(app, owner).patch(`/api/endorsements/1`, { status: 'pending' })).status, 400);
});

test.serial('a deactivated endorser disappears from the list and the count (kept pages too)', async (t) => {
  t.regex(await publicPage(), /Sam Ortega/);
  const admin = await createUser({ role: 'admin' });
  const off = await clientAs(app, admin).patch(`/api/admin/users/${colleague.user.id}/status`, { isActive: false });
  t.is(off.status, 200);
  t.deepEqual((await publicSkill()).colleagueEndorsements, []);
  t.notRegex(await publicPage(), /Sam Ortega/);
  t.is((await publicSkill(owner)).colleagueEndorsements.length, 0, 'not even in the owner’s review');
});

test.serial('endorsement e-mails off: no mail, the endorsement is still stored', async (t) => {
  await app.db('users').where('id', owner.user.id).update({ endorsement_emails: false });
  const another = await createUser({ name: 'Kim Alvarez' });
  await verifyMember(another.user.id, departments[0]);
  const before = smtp.received.length;
  t.is((await clientAs(app, another).post(endorseUrl(), {})).status, 201);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(smtp.received.length, before);
});

// ── pages: the Endorse link, the no-script forms ───────────────────────────────────────────────────────

async function freshOwner() {
  const someone = await createUser({ name: 'Riley Chen' });
  const profile = await createProfileFor(someone);
  await verifyMember(someone.user.id, departments[0]);
  const skill = await clientAs(app, someone).post(`/api/profiles/${profile.id}/skills`, {
    name: 'Hazmat decon',
    category: 'firefighter',
    level: 'advanced',
  });
  return { someone, profileId: profile.id, skillId: skill.body.id as number };
}

const form = (values: Record<string, string>) => new URLSearchParams(values);

test.serial('only a verified colleague’s page has Endorse links; kept pages stay apart per class', async (t) => {
  const { someone, profileId: id, skillId: sid } = await freshOwner();
  const mate = await createUser();
  await verifyMember(mate.user.id, departments[0]);
  const member = await createUser();
  await verifyMember(member.user.id, departments[1]);
  const link = `href="/profiles/${id}/skills/${sid}/endorse"`;
  for (const path of [`/profiles/${id}`, `/profiles/${id}/public?widget=skills`]) {
    for (let round = 0; round < 2; round += 1) {
      // The second round is answered from the kept pages.
      t.true((await clientAs(app, mate).get(path)).text.includes(link), `${path}: the colleague (${round})`);
      t.false((await clientAs(app, member).get(path)).text.includes(link), `${path}: another member (${round})`);
      t.false((await clientAs(app, null).get(path)).text.includes(link), `${path}: a visitor (${round})`);
      t.false((await clientAs(app, someone).get(path)).text.includes(link), `${path}: the owner (${round})`);
    }
  }
});

test.serial('without script: endorse through the form page, the owner approves from edit mode', async (t) => {
  const { someone, profileId: id, skillId: sid } = await freshOwner();
  const mate = await createUser({ name: 'Jordan Pike' });
  await verifyMember(mate.user.id, departments[0]);
  const path = `/profiles/${id}/skills/${sid}/endorse`;

  const outsider = await createUser();
  const refused = await clientAs(app, outsider).get(path);
  t.is(refused.status, 403);
  t.regex(refused.text, /Only members verified in the same department/);
  t.is((await clientAs(app, null).get(path)).status, 302, 'a visitor signs in first');

  const page = await clientAs(app, mate).get(path);
  t.is(page.status, 200);
  t.regex(page.text, /Endorse Riley Chen’s skill: Hazmat decon/);
  const long = await clientAs(app, mate).post(path, form({ comment: 'y'.repeat(300) }));
  t.is(long.status, 400);
  t.regex(long.text, /Comment must be at most 280 characters/);
  const sent = await clientAs(app, mate).post(path, form({ comment: 'Ran decon at the refinery fire.' }));
  t.is(sent.status, 303);
  t.is(sent.headers.get('location'), `${path}?sent=1`);
  t.regex((await clientAs(app, mate).get(`${path}?sent=1`)).text, /Endorsement sent\. It shows on the profile once/);

  const edit = await clientAs(app, someone).get(`/profiles/${id}?edit=1`);
  t.regex(edit.text, /Endorsements from colleagues · 1 awaiting approval/);
  const [row] = await app.db('skill_endorsements').where({ skill_id: sid });
  t.regex(edit.text, new RegExp(`action="/profiles/${id}/endorsements/${row.id}"`));
  t.is(
    (await clientAs(app, mate).post(`/profiles/${id}/endorsements/${row.id}`, form({ status: 'approved' }))).status,
    403,
    'not the endorser’s to approve',
  );
  const approved = await clientAs(app, someone).post(
    `/profiles/${id}/endorsements/${row.id}`,
    form({ status: 'approved' }),
  );
  t.is(approved.status, 303);
  t.is(approved.headers.get('location'), `/profiles/${id}?edit=1#section-skills`);
  const shown = await clientAs(app, null).get(`/profiles/${id}/public?widget=skills`);
  t.regex(shown.text, /Jordan Pike/);
  t.regex(shown.text, /Ran decon at the refinery fire\./);
  t.regex(shown.text, /1 verified endorsement/);
});

test.serial('Account Settings → Notifications turns endorsement e-mails off and on', async (t) => {
  const someone = await createUser();
  const settings = (values: Record<string, string>) =>
    clientAs(app, someone).post('/account-settings', form({ intent: 'notifications', reminderDays: '30', ...values }));
  const emails = async () =>
    ((await app.db('users').where('id', someone.user.id).first('endorsement_emails')) as { endorsementEmails: boolean })
      .endorsementEmails;
  t.true(await emails(), 'on by default');
  t.regex((await clientAs(app, someone).get('/account-settings')).text, /E-mail me when a colleague endorses/);
  t.is((await settings({ remindersEnabled: 'true' })).status, 303);
  t.false(await emails());
  await settings({ endorsementEmails: 'true' });
  t.true(await emails());
});

test.serial('an endorser’s new rank reaches the kept pages of the profiles they endorsed at once', async (t) => {
  const { someone, profileId: id, skillId: sid } = await freshOwner();
  const mate = await createUser({ name: 'Avery Stone' });
  const mateProfile = await createProfileFor(mate, { rank: 'Engineer' });
  await verifyMember(mate.user.id, departments[0]);
  const made = await clientAs(app, mate).post(`/api/profiles/${id}/skills/${sid}/endorsements`, {});
  await clientAs(app, someone).patch(`/api/endorsements/${made.body.id}`, { status: 'approved' });
  const page = async () => (await clientAs(app, null).get(`/profiles/${id}/public?widget=skills`)).text;
  t.regex(await page(), /Avery Stone<\/a>, Engineer/);
  const renamed = await clientAs(app, mate).patch(`/api/profiles/${mateProfile.id}`, { rank: 'Fire Marshal' });
  t.is(renamed.status, 200);
  t.regex(await page(), /Avery Stone<\/a>, Fire Marshal/);
});

test.serial('a deleted endorser disappears too (kept pages change at once)', async (t) => {
  const { someone, profileId: id, skillId: sid } = await freshOwner();
  const mate = await createUser({ name: 'Morgan Leigh' });
  await verifyMember(mate.user.id, departments[0]);
  const made = await clientAs(app, mate).post(`/api/profiles/${id}/skills/${sid}/endorsements`, {});
  await clientAs(app, someone).patch(`/api/endorsements/${made.body.id}`, { status: 'approved' });
  const page = async () => (await clientAs(app, null).get(`/profiles/${id}/public?widget=skills`)).text;
  t.regex(await page(), /Morgan Leigh/);
  const admin = await createUser({ role: 'admin' });
  t.is((await clientAs(app, admin).delete(`/api/admin/users/${mate.user.id}`)).status, 204);
  t.notRegex(await page(), /Morgan Leigh/);
  t.notRegex(await page(), /verified endorsement/);
});

test.serial('an endorser’s revoked verification takes their department off the kept pages at once', async (t) => {
  const { someone, profileId: id, skillId: sid } = await freshOwner();
  const mate = await createUser({ name: 'Riley Banks' });
  await verifyMember(mate.user.id, departments[0]);
  const made = await clientAs(app, mate).post(`/api/profiles/${id}/skills/${sid}/endorsements`, {});
  await clientAs(app, someone).patch(`/api/endorsements/${made.body.id}`, { status: 'approved' });
  const department = (await app.db('departments').where('id', departments[0]).first('name')).name as string;
  const page = async () => (await clientAs(app, null).get(`/profiles/${id}/public?widget=skills`)).text;
  const withDepartment = `Riley Banks<!-- -->, ${department}<`; // no profile of their own: no link
  t.true((await page()).includes(withDepartment));
  const request = await app.db('membership_verifications').where('user_id', mate.user.id).first('id');
  const admin = await createUser({ role: 'admin' });
  const revoked = await clientAs(app, admin).post(`/api/admin/verifications/${request.id}/revoke`, {
    reason: 'Left the department',
  });
  t.is(revoked.status, 200);
  t.false((await page()).includes(withDepartment), 'gone at once');
});
