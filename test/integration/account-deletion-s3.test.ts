/**
 * Account deletion with photos in S3 (docs/decisions/account-deletion.md), against a real S3-protocol server (s3rver): the stored
 * objects go with the account; when the store is down at the time, the deletion still commits, the files are
 * recorded in pending_file_deletions, and the account-data job removes them once the store answers again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { runAccountDataJob } from '../../src/db/accountDataJob';
import { createLogger } from '../../src/log';
import { S3MediaStore } from '../../src/services/photos/store';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createProfileFor } from '../helpers/profiles';
import { uploadPhoto } from '../helpers/upload';
import { createUser } from '../helpers/users';

const BUCKET = 'turnout-photos';
const silent = createLogger({ logLevel: 'silent', nodeEnv: 'test' });
let s3: S3rver;
let s3Dir: string;
let port: number;
let app: TestApp;
let store: S3MediaStore;

const startS3 = async (atPort: number) => {
  s3 = new S3rver({
    port: atPort,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  return ((await s3.run()) as AddressInfo).port;
};

test.before(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-s3-'));
  port = await startS3(0);
  const settings = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  store = new S3MediaStore(settings, silent);
  app = await startTestApp({ rateLimitsEnabled: false, s3: settings, mediaDir: path.join(s3Dir, 'unused') });
});
test.after.always(async () => {
  await app?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

async function keysOf(storageKey: string): Promise<string[]> {
  const client = await store.client();
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `photos/${storageKey}/` }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

async function accountWithPhoto() {
  const owner = await createUser();
  const profile = await createProfileFor(owner);
  await uploadPhoto(app, owner, profile.id);
  const { storageKey } = await app.db('photos').where({ profileId: profile.id }).first();
  return { owner, storageKey: storageKey as string };
}

const deleteAccount = (owner: Awaited<ReturnType<typeof accountWithPhoto>>['owner']) =>
  clientAs(app, owner).postForm('/account-settings/delete', { password: owner.password, confirm: 'true' });

test.serial('deleting an account removes its photos from the bucket', async (t) => {
  const { owner, storageKey } = await accountWithPhoto();
  t.is((await keysOf(storageKey)).length, 6);
  t.is((await deleteAccount(owner)).status, 303);
  t.deepEqual(await keysOf(storageKey), []);
  t.is(Number((await app.db('pending_file_deletions').count({ n: '*' }).first())!.n), 0);
});

test.serial('files the store could not remove are recorded and removed by the job later', async (t) => {
  const { owner, storageKey } = await accountWithPhoto();
  await s3.close(); // the store is down
  t.is((await deleteAccount(owner)).status, 303, 'the deletion itself commits');
  t.falsy(await app.db('users').where({ id: owner.user.id }).first());
  const pending = await app.db('pending_file_deletions');
  t.is(pending.length, 1);
  t.is(pending[0].attempts, 1);
  t.truthy(pending[0].lastError);

  await startS3(port); // back
  t.is((await keysOf(storageKey)).length, 6, 'the files are still there');
  const run = await runAccountDataJob(
    {
      db: app.db,
      logger: silent,
      mailer: { send: async () => undefined, close() {} },
      mediaStore: store,
      config: app.config,
    },
    new Date(),
  );
  t.is(run.filesRemoved, 1);
  t.deepEqual(await keysOf(storageKey), []);
  t.is(Number((await app.db('pending_file_deletions').count({ n: '*' }).first())!.n), 0);
});
