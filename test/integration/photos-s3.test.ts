/**
 * The S3 media store against a real S3-protocol server (s3rver, started here over HTTP; never a mock of the
 * SDK): an upload's variants land in the bucket, are served from it, and a delete removes them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { S3MediaStore } from '../../src/services/photos/store';
import { readPhotoVariant } from '../../src/services/photos';
import { createLogger } from '../../src/log';
import type { PhotoGalleryJson } from '../../src/validation/photos';

const BUCKET = 'turnout-photos';
let s3: S3rver;
let s3Dir: string;
let app: TestApp;
let owner: CreatedUser;
let profileId: number;
let settings: ConstructorParameters<typeof S3MediaStore>[0];

test.before(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'turnout-s3-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = (await s3.run()) as AddressInfo;
  settings = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  app = await startTestApp({ rateLimitsEnabled: false, s3: settings, mediaDir: path.join(s3Dir, 'unused') });
  owner = await createUser();
  profileId = (await createProfileFor(owner)).id;
});
test.after.always(async () => {
  await app?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

async function keysInBucket(store: S3MediaStore): Promise<string[]> {
  const client = await store.client();
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

test('uploads go to the S3 bucket, are served from it, and deletes remove them', async (t) => {
  const store = new S3MediaStore(settings, createLogger({ logLevel: 'silent', nodeEnv: 'test' }));
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#884422' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'truck.jpg');
  const answer = await fetch(`${app.baseUrl}/api/profiles/${profileId}/photos`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${owner.token}`, Origin: app.baseUrl },
  });
  t.is(answer.status, 201);
  const photo = ((await answer.json()) as PhotoGalleryJson).photoGallery[0]!;
  const key = photo.sources.large.jpeg.split('/')[3]!;
  const keys = await keysInBucket(store);
  t.deepEqual(
    keys,
    ['large.jpg', 'large.webp', 'medium.jpg', 'medium.webp', 'thumbnail.jpg', 'thumbnail.webp'].map(
      (f) => `photos/${key}/${f}`,
    ),
  );

  const served = await fetch(app.baseUrl + photo.sources.medium.webp);
  t.is(served.status, 200);
  t.is(served.headers.get('content-type'), 'image/webp');
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  t.is(meta.width, 800);
  t.falsy(meta.exif);

  const medium = await readPhotoVariant({ storageKey: key }, 'medium', store);
  t.is((await sharp(medium).metadata()).format, 'jpeg');

  const removed = await fetch(`${app.baseUrl}/api/profiles/${profileId}/photos/0`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${owner.token}`, Origin: app.baseUrl },
  });
  t.is(removed.status, 204);
  t.deepEqual(await keysInBucket(store), []);
  t.is((await fetch(app.baseUrl + photo.sources.medium.webp)).status, 404);
});
