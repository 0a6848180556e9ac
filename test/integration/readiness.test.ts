/**
 * Shared readiness (docs/decisions/department-readiness.md): the consent canary matrix — a member who shared
 * everything, one who shared only licenses, one who never shared, one who withdrew — read through every channel an
 * officer has (roster HTML, CSV, JSON API, a second node); an officer of department A sees nothing of B; only a
 * verified member shares (403); the officer role needs a site admin or the verifier and a recent proof; the
 * attestation badge reaches the public profile and is dropped by an edit; the attested certification is signed as
 * a credential, revoked with the attestation.
 */
import test from 'ava';
import { startSecondNode, startTestApp, clientAs, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';
import { reauthenticate } from '../helpers/stepUp';
import { officerOf as officerOfDepartment, sharingMember } from '../helpers/readiness';
import { queriesOf } from '../helpers/queries';
import { verifyHtml } from '../helpers/credentials';
import { READINESS_MESSAGES } from '../../src/validation/readiness';

let app: TestApp;
let second: TestApp;
let departmentA: { id: number; name: string };
let departmentB: { id: number; name: string };

test.before(async () => {
  app = await startTestApp({ logLevel: process.env.READINESS_LOG ?? 'silent' });
  second = await startSecondNode(app);
  const rows = (await app
    .db('departments')
    .where('verification_status', 'verified')
    .orderBy('id')
    .limit(2)
    .select('id', 'name')) as Array<{ id: number; name: string }>;
  [departmentA, departmentB] = [rows[0]!, rows[1]!];
});
test.after.always(async () => {
  await second?.close();
  await app?.close();
});

const member = (name: string, departmentId: number, hazmatHours?: number) =>
  sharingMember(app, name, departmentId, hazmatHours);
const officerOf = (departmentId: number) => officerOfDepartment(app, departmentId);

test.serial(
  'the consent canary matrix: nothing of a member who did not share, or withdrew, reaches an officer',
  async (t) => {
    const all = await member('Canary Everything', departmentA.id, 7.13);
    const licensesOnly = await member('Canary Licenses', departmentA.id, 7.31);
    await member('Canary Never', departmentA.id, 7.37);
    const withdrew = await member('Canary Withdrew', departmentA.id, 7.19);
    t.is(
      (
        await all.client.request('PUT', `/api/departments/${departmentA.id}/sharing`, {
          kinds: ['certifications', 'licenses', 'trainingHours'],
        })
      ).status,
      200,
    );
    t.is(
      (await licensesOnly.client.request('PUT', `/api/departments/${departmentA.id}/sharing`, { kinds: ['licenses'] }))
        .status,
      200,
    );
    t.is(
      (
        await withdrew.client.request('PUT', `/api/departments/${departmentA.id}/sharing`, {
          kinds: ['certifications', 'licenses', 'trainingHours'],
        })
      ).status,
      200,
    );
    const officer = await officerOf(departmentA.id);
    const reads = async (node: TestApp) => {
      const client = clientAs(node, officer);
      const html = (await client.get(`/departments/${departmentA.id}/readiness`)).text;
      const csv = await client.get(`/departments/${departmentA.id}/readiness.csv`);
      const json = await client.get(`/api/departments/${departmentA.id}/readiness`);
      t.is(json.status, 200);
      t.regex(csv.headers.get('content-type') ?? '', /text\/csv/);
      return [html, csv.text, JSON.stringify(json.body)];
    };
    for (const channel of await reads(app)) {
      t.true(channel.includes('EMT Canary Everything'));
      t.true(channel.includes('Driver Canary Everything'));
      t.true(channel.includes('Driver Canary Licenses'));
      t.false(channel.includes('EMT Canary Licenses'));
      t.false(channel.includes('Canary Never'));
      t.true(channel.includes('Canary Withdrew'));
      // Training hours (a private entry) only of those who share them: this year's totals, never the entry itself.
      t.true(/Hazmat 7\.13\/6|"hours":7\.13/.test(channel), 'the shared training totals');
      t.true(/Hazmat 7\.19\/6|"hours":7\.19/.test(channel));
      t.false(/Hazmat 7\.3[17]\/|"hours":7\.3[17]/.test(channel), 'no training of a member who did not share it');
      t.false(channel.includes('Decon Canary'), 'the entries stay the member’s');
    }
    t.is((await withdrew.client.delete(`/api/departments/${departmentA.id}/sharing`)).status, 204);
    // Withdrawal is seen at once, on this node and on a second one.
    for (const node of [app, second]) {
      for (const channel of await reads(node)) {
        t.false(channel.includes('Canary Withdrew'));
        t.false(channel.includes('Canary Never'));
        t.false(/Hazmat 7\.19\/|"hours":7\.19/.test(channel), 'a withdrawn member’s training hours are gone');
        t.true(channel.includes('Driver Canary Licenses'));
      }
    }
    // The withdrawal and the grant are security events the member sees.
    const events = (await app
      .db('security_events')
      .where('user_id', withdrew.account.user.id)
      .pluck('kind')) as string[];
    t.deepEqual(events.sort(), ['readiness_shared', 'readiness_withdrawn']);
  },
);

test.serial('an officer of A sees nothing of B; a member not verified in A cannot share with A', async (t) => {
  const inB = await member('Bravo Member', departmentB.id);
  t.is(
    (await inB.client.request('PUT', `/api/departments/${departmentB.id}/sharing`, { kinds: ['certifications'] }))
      .status,
    200,
  );
  const refused = await inB.client.request('PUT', `/api/departments/${departmentA.id}/sharing`, {
    kinds: ['certifications'],
  });
  t.is(refused.status, 403);
  t.is(refused.body.error, READINESS_MESSAGES.notVerified);
  const officerA = await officerOf(departmentA.id);
  const client = clientAs(app, officerA);
  t.is((await client.get(`/api/departments/${departmentB.id}/readiness`)).status, 403);
  t.is((await client.get(`/departments/${departmentB.id}/readiness`)).status, 403);
  t.is((await client.get(`/departments/${departmentB.id}/readiness.csv`)).status, 403);
  const own = await client.get(`/api/departments/${departmentA.id}/readiness`);
  t.false(JSON.stringify(own.body).includes('Bravo Member'));
  // A member is no officer: the roster is refused.
  t.is((await inB.client.get(`/api/departments/${departmentB.id}/readiness`)).status, 403);
});

test.serial(
  'the officer role: a site admin or the verifier grants it, after a recent proof; nobody else',
  async (t) => {
    const candidate = await createUser();
    const stranger = await createUser();
    const strangerClient = clientAs(app, stranger);
    await reauthenticate(strangerClient, stranger.password);
    const refused = await strangerClient.post(`/api/departments/${departmentA.id}/officers`, {
      email: candidate.user.email,
    });
    t.is(refused.status, 403);
    const admin = await createUser({ role: 'admin' });
    const unproved = await clientAs(app, admin).post(`/api/departments/${departmentA.id}/officers`, {
      email: candidate.user.email,
    });
    t.is(unproved.status, 401);
    t.true(unproved.body.reauthenticationRequired);
    const verifier = await createUser();
    await app.db('department_verifiers').insert({ department_id: departmentA.id, user_id: verifier.user.id });
    const verifierClient = clientAs(app, verifier);
    await reauthenticate(verifierClient, verifier.password);
    const granted = await verifierClient.post(`/api/departments/${departmentA.id}/officers`, {
      email: candidate.user.email,
    });
    t.is(granted.status, 201);
    const again = await verifierClient.post(`/api/departments/${departmentA.id}/officers`, {
      email: candidate.user.email,
    });
    t.is(again.status, 409);
    t.is((await clientAs(app, candidate).get(`/api/departments/${departmentA.id}/readiness`)).status, 200);
  },
);

test.serial('positions, the query count, attestation on the public profile, dropped by an edit', async (t) => {
  const shared = await member('Attested Member', departmentA.id);
  await shared.client.request('PUT', `/api/departments/${departmentA.id}/sharing`, {
    kinds: ['certifications', 'licenses'],
  });
  const officer = await officerOf(departmentA.id);
  const client = clientAs(app, officer);
  const catalogue = (await app.db('credential_catalogue').orderBy('id').limit(2).pluck('name')) as string[];
  const position = await client.post(`/api/departments/${departmentA.id}/positions`, {
    name: 'Engineer',
    credentials: catalogue.map((name) => name.toUpperCase()),
  });
  t.is(position.status, 201);
  t.deepEqual(position.body.credentials, catalogue);
  const unknown = await client.post(`/api/departments/${departmentA.id}/positions`, {
    name: 'Chief',
    credentials: ['Nope'],
  });
  t.is(unknown.status, 400);

  const { result, sql } = await queriesOf(app.db, () => client.get(`/api/departments/${departmentA.id}/readiness`));
  t.is(result.status, 200);
  t.true(sql.length <= 5, sql.join('\n')); // the session's one read, then four for the roster
  const row = result.body.members.find((m: { name: string }) => m.name === 'Attested Member');
  t.deepEqual(row.lacks.Engineer, catalogue);
  t.is(row.cells['Driver Attested Member'].state, 'expired');
  t.is(row.cells['EMT Attested Member'].state, 'current');

  const attested = await client.post(`/api/departments/${departmentA.id}/attestations`, {
    list: 'certifications',
    itemId: shared.certId,
  });
  t.is(attested.status, 201);
  // The department signs the attested certification as its own credential (docs/decisions/verifiable-credentials.md).
  const signed = await app
    .db('issued_credentials as c')
    .join('credential_attestations as a', 'a.id', 'c.attestation_id')
    .where({ 'a.list': 'certifications', 'a.item_id': shared.certId, 'a.department_id': departmentA.id })
    .first('c.id', 'c.document');
  t.truthy(signed, 'a credential for the attestation');
  const certification = signed.document as Record<string, any>;
  t.is(certification.credentialSubject.achievement.achievementType, 'Certification');
  t.is(certification.issuer.name, departmentA.name);
  t.regex((await verifyHtml(app.client(), JSON.stringify(certification))).text, /Valid: signed by/);
  // Its holder finds it in the Share panel of their own page and downloads it; nobody else can.
  const download = `/account/credentials/issued/${signed.id}/credential.json`;
  const ownPage = await shared.client.get(`/profiles/${shared.profile.id}`);
  t.true(ownPage.text.includes(`href="${download}"`), 'offered to its holder');
  t.true(ownPage.text.includes(`EMT Attested Member (attested by ${departmentA.name})`));
  const downloaded = await shared.client.get(download);
  t.is(downloaded.status, 200);
  t.is(JSON.parse(downloaded.text).id, certification.id);
  t.is((await client.get(download)).status, 404, "the officer who attested it cannot download the member's copy");
  t.is((await client.get(`/profiles/${shared.profile.id}`)).text.includes(download), false);
  // An item not shared with the department is not found.
  const other = await member('Unshared Member', departmentA.id);
  const notShared = await client.post(`/api/departments/${departmentA.id}/attestations`, {
    list: 'certifications',
    itemId: other.certId,
  });
  t.is(notShared.status, 404);

  const badge = `Attested by ${departmentA.name}`;
  const visitor = clientAs(second, null);
  const profileJson = await visitor.get(`/api/profiles/${shared.profile.id}`);
  const attestationsOf = (body: any) =>
    JSON.stringify(body)
      .match(/"attestations":\[[^\]]*\]/g)
      ?.join() ?? '';
  t.regex(attestationsOf(profileJson.body), new RegExp(`"departmentName":"${departmentA.name}"`));
  const publicPage = async () => {
    const first = await visitor.get(`/${shared.account.user.username}`);
    return first.status === 200 ? first : visitor.get(first.headers.get('location')!);
  };
  const page = await publicPage();
  t.is(page.status, 200);
  t.true(page.text.includes(badge));

  const edit = await shared.client.patch(`/api/profiles/${shared.profile.id}/certifications/id:${shared.certId}`, {
    issuer: 'Another Issuer',
  });
  t.is(edit.status, 200);
  t.false((await publicPage()).text.includes(badge));
  t.notRegex(attestationsOf((await visitor.get(`/api/profiles/${shared.profile.id}`)).body), /departmentName/);
  // The attestation went with the edit, and its credential is revoked.
  t.regex((await verifyHtml(app.client(), JSON.stringify(certification))).text, /Revoked: /);
  t.is(
    (await app.db('issued_credentials').where({ id: signed.id }).first('revoked_reason')).revokedReason,
    'attestation dropped',
  );
  t.false((await shared.client.get(`/profiles/${shared.profile.id}`)).text.includes(download), 'no longer offered');
  t.is((await shared.client.get(download)).status, 404);
});
