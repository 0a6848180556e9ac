/**
 * Photos (spec 02 §§2–9, docs/decisions/photos.md): uploads through the whole pipeline (multipart and data URL), metadata
 * stripped, type checked by magic bytes, size and pixel limits, who may write, what visitors may see, edits,
 * moves, folders, links and their caps, and deletes removing files and references.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { pngBomb } from '../helpers/hostileFiles';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { PhotoLink } from '../../src/models/PhotoLink';
import { Profile } from '../../src/models/Profile';
import { PHOTO_MESSAGES, type PhotoGalleryJson, type PhotoJson } from '../../src/validation/photos';

let app: TestApp;
let mediaDir: string;
let owner: CreatedUser;
let other: CreatedUser;
let admin: CreatedUser;
let profileId: number;

test.before(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-media-'));
  app = await startTestApp({ rateLimitsEnabled: false, mediaDir, pageCache: false });
  owner = await createUser();
  other = await createUser();
  admin = await createUser({ role: 'admin' });
  profileId = (await createProfileFor(owner)).id;
});
test.after.always(async () => {
  await app?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

/** A camera-like JPEG with EXIF GPS coordinates and an XMP block. */
async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'GPS-1', Orientation: '1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}

const png = (width = 200, height = 100) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();

async function uploadMultipart(
  account: CreatedUser | null,
  bytes: Buffer,
  name = 'photo.jpg',
  fields: Record<string, string> = {},
  target = profileId,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const headers: Record<string, string> = { Origin: app.baseUrl, Accept: 'application/json' };
  if (account) headers.Authorization = `Bearer ${account.token}`;
  const response = await fetch(`${app.baseUrl}/api/profiles/${target}/photos`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return {
    status: response.status,
    body: (text.startsWith('{') ? JSON.parse(text) : text) as any,
    headers: response.headers,
  };
}

const lastPhoto = (gallery: PhotoGalleryJson): PhotoJson => gallery.photoGallery[gallery.photoGallery.length - 1]!;

async function fetchBytes(url: string, account: CreatedUser | null = null) {
  const response = await fetch(app.baseUrl + url, {
    headers: account ? { Authorization: `Bearer ${account.token}` } : {},
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function upload(fields: Record<string, string> = {}): Promise<PhotoJson> {
  const answer = await uploadMultipart(owner, await jpegWithGps(), 'scene.jpg', fields);
  if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return lastPhoto(answer.body);
}

test.serial(
  'a multipart JPEG with GPS EXIF is stored re-encoded: every variant has no EXIF, XMP or IPTC',
  async (t) => {
    const original = await jpegWithGps(2400, 1600);
    t.truthy((await sharp(original).metadata()).exif, 'the fixture really carries EXIF');
    const answer = await uploadMultipart(owner, original, 'IMG_0001.jpg', {
      caption: 'Engine 7 at the fair',
      category: 'action',
      tags: ' parade , Parade,engine ',
      showOnMainProfile: 'true',
    });
    t.is(answer.status, 201);
    const photo = lastPhoto(answer.body);
    t.is(photo.caption, 'Engine 7 at the fair');
    t.is(photo.category, 'action');
    t.deepEqual(photo.tags, ['parade', 'engine']);
    t.true(photo.showOnMainProfile);
    t.is(photo.metadata.originalName, 'IMG_0001.jpg');
    t.is(photo.metadata.originalSize, original.length);
    t.deepEqual(photo.metadata.dimensions, { width: 2400, height: 1600 });
    t.deepEqual(photo.linkedWidgets, []);
    for (const variant of ['thumbnail', 'medium', 'large'] as const) {
      for (const format of ['webp', 'jpeg'] as const) {
        const file = await fetchBytes(photo.sources[variant][format]);
        t.is(file.status, 200, `${variant} ${format}`);
        t.is(file.headers.get('x-content-type-options'), 'nosniff');
        t.is(file.headers.get('cache-control'), 'public, max-age=31536000, immutable');
        const meta = await sharp(file.bytes).metadata();
        t.is(meta.format, format);
        t.falsy(meta.exif, `${variant} ${format} has no EXIF`);
        t.falsy(meta.xmp, `${variant} ${format} has no XMP`);
        t.falsy(meta.iptc, `${variant} ${format} has no IPTC`);
        t.false(file.bytes.includes(Buffer.from('GPS')), 'no GPS bytes anywhere');
        t.false(file.bytes.includes(Buffer.from('TestCam')));
      }
    }
    const large = await sharp((await fetchBytes(photo.sources.large.webp)).bytes).metadata();
    t.is(Math.max(large.width!, large.height!), 1200);
    const thumb = await sharp((await fetchBytes(photo.sources.thumbnail.jpeg)).bytes).metadata();
    t.is(Math.max(thumb.width!, thumb.height!), 320);
  },
);

test.serial('a data URL in JSON is accepted (the spec payload); a PNG becomes a photo too', async (t) => {
  const bytes = await png();
  const response = await clientAs(app, owner).post(`/api/profiles/${profileId}/photos`, {
    url: `data:image/png;base64,${bytes.toString('base64')}`,
    caption: 'Badge',
    category: 'ceremony',
    visibility: 'public',
    originalName: 'badge.png',
  });
  t.is(response.status, 201);
  const photo = lastPhoto(response.body);
  t.is(photo.caption, 'Badge');
  t.deepEqual(photo.metadata.dimensions, { width: 200, height: 100 });
  t.is((await fetchBytes(photo.sources.medium.jpeg)).status, 200);
});

test.serial('HTML named .jpg and SVG are refused with 415; HEIC is refused with the spec message', async (t) => {
  const html = await uploadMultipart(owner, Buffer.from('<html><script>alert(1)</script></html>'), 'evil.jpg');
  t.is(html.status, 415);
  t.is(html.body.error, PHOTO_MESSAGES.notAnImage);
  const svg = await uploadMultipart(owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.jpg');
  t.is(svg.status, 415);
  const heicBytes = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
  const heic = await uploadMultipart(owner, heicBytes, 'IMG_2000.jpg');
  t.is(heic.status, 415);
  t.is(heic.body.error, 'HEIC files are not supported');
  const heicByName = await uploadMultipart(owner, await jpegWithGps(), 'IMG_2001.HEIC');
  t.is(heicByName.status, 415);
  t.is(heicByName.body.error, 'HEIC files are not supported');
});

test.serial('a JPEG with HTML appended is stored re-encoded without it', async (t) => {
  const payload = Buffer.from('<html><script>alert("x")</script></html>');
  const answer = await uploadMultipart(owner, Buffer.concat([await jpegWithGps(), payload]), 'polyglot.jpg');
  t.is(answer.status, 201);
  const photo = lastPhoto(answer.body);
  for (const url of [photo.sources.large.jpeg, photo.sources.large.webp, photo.sources.thumbnail.jpeg]) {
    const file = await fetchBytes(url);
    t.false(file.bytes.includes(Buffer.from('<script')));
  }
});

test.serial('a decompression bomb (30000×30000 PNG) is refused before it is decoded', async (t) => {
  // A small file that declares 900 megapixels: a real PNG header and a zlib stream of zero rows.
  const bomb = pngBomb(30000, 30000);
  t.true(bomb.length < 10 * 1024 * 1024);
  const answer = await uploadMultipart(owner, bomb, 'bomb.png');
  t.is(answer.status, 400);
  t.is(answer.body.error, PHOTO_MESSAGES.tooManyPixels);
});

test.serial('11 MB is refused with 413 before the server has read it all', async (t) => {
  const { hostname, port } = new URL(app.baseUrl);
  const declared = 11 * 1024 * 1024;
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `POST /api/profiles/${profileId}/photos HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${owner.token}\r\n` +
          `Origin: ${app.baseUrl}\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      // Only 1 MB of the 11 is ever sent: the answer must come anyway.
      socket.write(Buffer.alloc(1024 * 1024, 0x41));
    });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
    setTimeout(() => reject(new Error('no answer while the body was incomplete')), 10_000);
  });
  t.regex(answer, /^HTTP\/1\.1 413/);

  // A chunked body (no length) is cut off at the cap too.
  const big = Buffer.alloc(15 * 1024 * 1024, 0x41);
  const json = await fetch(`${app.baseUrl}/api/profiles/${profileId}/photos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json', Origin: app.baseUrl },
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(big));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit).catch(() => null);
  if (json) t.is(json.status, 413);
});

test.serial('visitors and other users cannot write; admins can', async (t) => {
  const bytes = await jpegWithGps(100, 100);
  t.is((await uploadMultipart(null, bytes)).status, 401);
  t.is((await uploadMultipart(other, bytes)).status, 403);
  const byAdmin = await uploadMultipart(admin, bytes, 'admin.jpg');
  t.is(byAdmin.status, 201);
  const index = lastPhoto(byAdmin.body).index;
  t.is((await clientAs(app, other).patch(`/api/profiles/${profileId}/photos/${index}`, { caption: 'x' })).status, 403);
  t.is((await clientAs(app, null).patch(`/api/profiles/${profileId}/photos/${index}`, { caption: 'x' })).status, 401);
  t.is((await clientAs(app, other).delete(`/api/profiles/${profileId}/photos/${index}`)).status, 403);
  t.is((await clientAs(app, other).post(`/api/profiles/${profileId}/folders`, { name: 'Mine' })).status, 403);
  t.is(
    (await clientAs(app, other).patch(`/api/profiles/${profileId}/photos/${index}/move`, { folderId: null })).status,
    403,
  );
  t.is(
    (await clientAs(app, admin).patch(`/api/profiles/${profileId}/photos/${index}`, { caption: 'By admin' })).status,
    200,
  );
  t.is((await clientAs(app, admin).delete(`/api/profiles/${profileId}/photos/${index}`)).status, 204);
});

test.serial('private photos never reach a visitor: not in JSON, not in the page, their URL is 404', async (t) => {
  const photo = await upload({ visibility: 'private', caption: 'Private scene photo' });
  const members = await upload({ visibility: 'authenticated', caption: 'Members only photo' });
  t.is(photo.visibility, 'private');
  const visitorGallery = await clientAs(app, null).get<PhotoGalleryJson>(`/api/profiles/${profileId}/photos`);
  t.is(visitorGallery.status, 200);
  t.false(visitorGallery.body.photoGallery.some((p) => p.id === photo.id || p.id === members.id));
  t.is(visitorGallery.body.photoGallery[0]!.linkedWidgets, null, 'usage is for editors only');
  t.is(visitorGallery.body.photoGallery[0]!.metadata.originalName, null, 'file names are for editors only');
  const otherGallery = await clientAs(app, other).get<PhotoGalleryJson>(`/api/profiles/${profileId}/photos`);
  t.false(otherGallery.body.photoGallery.some((p) => p.id === photo.id));
  t.true(otherGallery.body.photoGallery.some((p) => p.id === members.id));
  for (const url of [photo.sources.large.jpeg, photo.sources.thumbnail.webp]) {
    t.is((await fetchBytes(url)).status, 404);
    t.is((await fetchBytes(url, other)).status, 404);
    const own = await fetchBytes(url, owner);
    t.is(own.status, 200);
    t.is(own.headers.get('cache-control'), 'private, no-store');
  }
  t.is((await fetchBytes(members.sources.medium.webp)).status, 404, 'authenticated photos need sign-in');
  t.is((await fetchBytes(members.sources.medium.webp, other)).status, 200);
  const page = await clientAs(app, null).get(`/profiles/${profileId}/public?widget=photos`);
  t.is(page.status, 200);
  t.false(page.text.includes('Private scene photo'));
  t.false(page.text.includes(photo.sources.large.jpeg.split('/')[3]!));
  t.false(page.text.includes('Members only photo'));
});

test.serial('a public photo made private moves to a new URL; the old one stops answering', async (t) => {
  const photo = await upload({ caption: 'Soon private' });
  t.is((await fetchBytes(photo.sources.medium.webp)).status, 200);
  const changed = await clientAs(app, owner).patch<PhotoJson>(`/api/profiles/${profileId}/photos/${photo.index}`, {
    visibility: 'private',
  });
  t.is(changed.status, 200);
  t.not(changed.body.sources.medium.webp, photo.sources.medium.webp);
  t.is((await fetchBytes(photo.sources.medium.webp, owner)).status, 404);
  t.is((await fetchBytes(changed.body.sources.medium.webp, owner)).status, 200);
});

test.serial('edit: caption, category, tags, visibility, showOnMainProfile; bad values are 400', async (t) => {
  const photo = await upload();
  const client = clientAs(app, owner);
  const path = `/api/profiles/${profileId}/photos/${photo.index}`;
  const edited = await client.patch<PhotoJson>(path, {
    caption: '  Pinning ceremony  ',
    category: 'ceremony',
    tags: ['Badge', ' badge ', 'Family', ''],
    showOnMainProfile: true,
  });
  t.is(edited.status, 200);
  t.is(edited.body.caption, 'Pinning ceremony');
  t.deepEqual(edited.body.tags, ['Badge', 'Family']);
  t.is((await client.patch(path, { category: 'selfie' })).status, 400);
  t.is((await client.patch(path, { visibility: 'friends' })).status, 400);
  t.is((await client.patch(`/api/profiles/${profileId}/photos/999`, { caption: 'x' })).status, 404);
  t.is((await client.patch(`/api/profiles/${profileId}/photos/1abc`, { caption: 'x' })).status, 404);
});

test.serial('folders: create, move a photo in and back out to null; another profile’s folder is refused', async (t) => {
  const client = clientAs(app, owner);
  t.is((await client.post(`/api/profiles/${profileId}/folders`, { name: '  ' })).status, 400);
  const folder = await client.post(`/api/profiles/${profileId}/folders`, {
    name: 'Academy',
    type: 'custom',
    color: '#aa3300',
    description: 'Class 42',
    createdDate: '2000-01-01T00:00:00Z',
  });
  t.is(folder.status, 201);
  t.is(folder.body.name, 'Academy');
  t.is(folder.body.color, '#aa3300');
  t.not(folder.body.createdDate.slice(0, 4), '2000');
  const defaultColor = await client.post(`/api/profiles/${profileId}/folders`, { name: 'Misc' });
  t.is(defaultColor.body.color, '#6b7280');

  const photo = await upload();
  const move = `/api/profiles/${profileId}/photos/${photo.index}/move`;
  const moved = await client.patch<PhotoJson>(move, { folderId: folder.body.id });
  t.is(moved.status, 200);
  t.is(moved.body.folderId, folder.body.id);
  const back = await client.patch<PhotoJson>(move, { folderId: null });
  t.is(back.body.folderId, null);
  t.is((await client.patch(move, {})).status, 400);

  const stranger = await createUser();
  const strangerProfile = await createProfileFor(stranger);
  const foreign = await clientAs(app, stranger).post(`/api/profiles/${strangerProfile.id}/folders`, { name: 'Theirs' });
  t.is((await client.patch(move, { folderId: foreign.body.id })).status, 400);
  const gallery = await client.get<PhotoGalleryJson>(`/api/profiles/${profileId}/photos`);
  t.deepEqual(
    gallery.body.photoFolders.map((f) => f.name),
    ['Academy', 'Misc'],
  );
});

test.serial('links: caps per widget, usage listed, delete removes files and every reference', async (t) => {
  const client = clientAs(app, owner);
  const photos: PhotoJson[] = [];
  for (let i = 0; i < 6; i++) photos.push(await upload({ caption: `Linked ${i}` }));
  const ids = photos.map((p) => p.id);
  const event = await client.post(`/api/profiles/${profileId}/timeline`, {
    year: '2015',
    event: 'Hired',
    type: 'hired',
  });
  const incident = await client.post(`/api/profiles/${profileId}/incidents`, {
    date: '2021-07-04',
    location: 'Elm St',
    title: 'Warehouse fire',
    description: 'Three alarms',
    department: 'Austin FD',
  });
  const award = await client.post(`/api/profiles/${profileId}/awards`, { name: 'Valor', year: '2019', type: 'valor' });
  t.is(event.status, 201);
  const links = `/api/profiles/${profileId}/photo-links`;

  const tooManyTimeline = await client.request('PUT', `${links}/timeline/id:${event.body.id}`, {
    photoIds: ids.slice(0, 2),
  });
  t.is(tooManyTimeline.status, 400);
  t.is(tooManyTimeline.body.error, 'Only one photo can be linked here');
  t.is((await client.request('PUT', `${links}/incidents/id:${incident.body.id}`, { photoIds: ids })).status, 400);
  t.is((await client.request('PUT', `${links}/awards/id:${award.body.id}`, { photoIds: ids.slice(0, 4) })).status, 400);

  t.is((await client.request('PUT', `${links}/timeline/id:${event.body.id}`, { photoIds: [ids[0]] })).status, 200);
  const incidentLinks = await client.request('PUT', `${links}/incidents/${incident.body.index}`, {
    photoIds: ids.slice(0, 5),
  });
  t.is(incidentLinks.status, 200);
  t.deepEqual(incidentLinks.body.item.photos, ids.slice(0, 5).map(String));
  const awardLinks = await client.request('PUT', `${links}/awards/id:${award.body.id}`, {
    photoIds: [ids[0], ids[1], ids[2]],
  });
  t.is(awardLinks.status, 200);
  t.is(awardLinks.body.item.primaryPhoto, String(ids[0]));
  const image = await client.request('PUT', `${links}/profile`, { photoIds: [ids[0]] });
  t.is(image.status, 200);
  t.is(image.body.profileImage, photos[0]!.sources.medium.jpeg);

  // Someone else's photo cannot be linked; nor can another user link.
  const stranger = await createUser();
  await createProfileFor(stranger);
  t.is(
    (await clientAs(app, other).request('PUT', `${links}/timeline/id:${event.body.id}`, { photoIds: [ids[1]] })).status,
    403,
  );
  t.is((await client.request('PUT', `${links}/timeline/id:${event.body.id}`, { photoIds: [999999] })).status, 400);

  const gallery = await client.get<PhotoGalleryJson>(`/api/profiles/${profileId}/photos`);
  const used = gallery.body.photoGallery.find((p) => p.id === ids[0])!;
  t.deepEqual(used.linkedWidgets!.map((l) => l.widgetType).sort(), ['awards', 'incidents', 'profile', 'timeline']);
  t.is(used.linkedWidgets!.find((l) => l.widgetType === 'timeline')!.context, 'Hired');
  t.deepEqual(gallery.body.photoGallery.find((p) => p.id === ids[5])!.linkedWidgets, []);

  const filesBefore = await readdir(path.join(mediaDir, 'photos'));
  const key = photos[0]!.sources.large.jpeg.split('/')[3]!;
  t.true(filesBefore.includes(key));
  const count = gallery.body.photoGallery.length;
  t.is((await client.delete(`/api/profiles/${profileId}/photos/${used.index}`)).status, 204);
  t.false((await readdir(path.join(mediaDir, 'photos'))).includes(key), 'its files are gone');
  t.is((await fetchBytes(photos[0]!.sources.large.jpeg, owner)).status, 404);

  const after = await client.get<PhotoGalleryJson>(`/api/profiles/${profileId}/photos`);
  t.is(after.body.photoGallery.length, count - 1);
  t.deepEqual(
    after.body.photoGallery.map((p) => p.index),
    after.body.photoGallery.map((_p, i) => i),
    'indexes are renumbered',
  );
  const timeline = await client.get(`/api/profiles/${profileId}/timeline`);
  t.is(timeline.body.find((e: { id: number }) => e.id === event.body.id).photo, null);
  const incidents = await client.get(`/api/profiles/${profileId}/incidents`);
  t.deepEqual(
    incidents.body.find((e: { id: number }) => e.id === incident.body.id).photos,
    ids.slice(1, 5).map(String),
  );
  const awards = await client.get(`/api/profiles/${profileId}/awards`);
  const storedAward = awards.body.find((e: { id: number }) => e.id === award.body.id);
  t.deepEqual(storedAward.photos, [String(ids[1]), String(ids[2])]);
  t.is(storedAward.primaryPhoto, String(ids[1]), 'the primary photo is the first one still linked');
  t.is(await PhotoLink.query().findOne({ profileId, target: 'profile' }), undefined, 'no profile image link');
  t.is((await clientAs(app, owner).get(`/api/profiles/${profileId}`)).body.profileImage, null);
});

test.serial('every write moves the profile’s version on, so the cached public page is refreshed', async (t) => {
  const before = (await Profile.query().findById(profileId))!.version;
  const photo = await upload({ caption: 'Version bump' });
  const afterUpload = (await Profile.query().findById(profileId))!.version;
  t.true(BigInt(afterUpload) > BigInt(before));
  await clientAs(app, owner).patch(`/api/profiles/${profileId}/photos/${photo.index}`, { caption: 'Bumped' });
  t.true(BigInt((await Profile.query().findById(profileId))!.version) > BigInt(afterUpload));
});

test.serial(
  'visitors get the gallery server-rendered: srcset, lazy loading, no script; compact shows its photos, no empty slot',
  async (t) => {
    const stranger = await createUser();
    const own = await createProfileFor(stranger);
    const form = new FormData();
    form.append('showOnMainProfile', 'true');
    form.append('caption', 'Public engine photo');
    form.append('file', new Blob([new Uint8Array(await jpegWithGps(300, 200))], { type: 'image/jpeg' }), 'e.jpg');
    const answer = await fetch(`${app.baseUrl}/api/profiles/${own.id}/photos`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${stranger.token}`, Origin: app.baseUrl },
    });
    t.is(answer.status, 201);
    const photo = ((await answer.json()) as PhotoGalleryJson).photoGallery[0]!;
    const compact = await clientAs(app, null).get(`/profiles/${own.id}/public`);
    t.is(compact.status, 200);
    t.false(
      /<script(?![^>]*type="application\/(json|ld\+json)")/.test(compact.text) ||
        compact.text.includes('modulepreload'),
      'no JavaScript for visitors',
    );
    t.true(
      compact.text.includes(`${photo.sources.thumbnail.webp} 300w`) ||
        compact.text.includes(photo.sources.thumbnail.webp),
    );
    t.regex(compact.text, /loading="lazy"/);
    t.regex(compact.text, /srcSet="|srcset="/);
    t.false(compact.text.includes('t-PhotoEmptySlot'), 'no empty slot pads the compact form');
    t.is(compactSlots(compact.text), 1, 'the compact form holds the one photo it has');
    const full = await clientAs(app, null).get(`/profiles/${own.id}/public?widget=photos`);
    t.true(full.text.includes('Public engine photo'));
  },
);

/** The photo slots of the main profile's compact gallery in a page's HTML. */
const compactSlots = (html: string) => {
  const grid = /class="[^"]*t-PhotoCompactGrid[^"]*"[^>]*>(.*?)<\/ul>/s.exec(html);
  return grid ? (grid[1]!.match(/<li\b/g) ?? []).length : 0;
};

test.serial('an upload goes on the main profile while fewer than 4 are there; an explicit choice wins', async (t) => {
  const someone = await createUser();
  const own = await createProfileFor(someone);
  const send = async (fields: Record<string, string> = {}) => {
    const answer = await uploadMultipart(someone, await jpegWithGps(120, 90), 'p.jpg', fields, own.id);
    t.is(answer.status, 201);
    return lastPhoto(answer.body).showOnMainProfile;
  };
  t.false(await send({ showOnMainProfile: 'false' }), 'an explicit false is kept while there is room');
  for (const n of [1, 2, 3, 4]) t.true(await send(), `photo ${n} without a choice goes on the main profile`);
  t.false(await send(), 'the 5th does not: 4 are there');
  t.true(await send({ showOnMainProfile: 'true' }), 'an explicit true is kept when the main profile is full');
  const html = (await clientAs(app, null).get(`/profiles/${own.id}/public`)).text;
  t.is(compactSlots(html), 4, 'a visitor sees the 4 photos of the main profile');
  t.false(html.includes('t-PhotoEmptySlot'));
});

test.serial('a visitor of a profile whose photos are all off the main profile gets no empty grid', async (t) => {
  const someone = await createUser();
  const own = await createProfileFor(someone);
  const answer = await uploadMultipart(
    someone,
    await jpegWithGps(120, 90),
    'p.jpg',
    { showOnMainProfile: 'false' },
    own.id,
  );
  t.is(answer.status, 201);
  const html = (await clientAs(app, null).get(`/profiles/${own.id}/public`)).text;
  t.false(html.includes('t-PhotoCompactGrid'), 'no compact grid without a photo for it');
  t.false(html.includes('t-PhotoEmptySlot'));
  t.true(html.includes('Show All 1 Photo Gallery'), 'the gallery is one link away');
});

test.serial(
  'linked photos show on items: an incident 4 plus "+N more"; a private one never reaches a visitor',
  async (t) => {
    const writer = await createUser();
    const own = await createProfileFor(writer);
    const client = clientAs(app, writer);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('caption', `Incident photo ${i}`);
      if (i === 4) form.append('visibility', 'private');
      form.append('file', new Blob([new Uint8Array(await jpegWithGps(120, 90))], { type: 'image/jpeg' }), `i${i}.jpg`);
      const answer = await fetch(`${app.baseUrl}/api/profiles/${own.id}/photos`, {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${writer.token}`, Origin: app.baseUrl },
      });
      ids.push(lastPhoto((await answer.json()) as PhotoGalleryJson).id);
    }
    const incident = await client.post(`/api/profiles/${own.id}/incidents`, {
      date: '2022-01-01',
      location: 'Main St',
      title: 'Apartment fire',
      description: 'Two alarms',
      department: 'Austin FD',
    });
    const event = await client.post(`/api/profiles/${own.id}/timeline`, {
      year: '2020',
      event: 'Promoted',
      type: 'promoted',
    });
    const links = `/api/profiles/${own.id}/photo-links`;
    t.is((await client.request('PUT', `${links}/incidents/id:${incident.body.id}`, { photoIds: ids })).status, 200);
    t.is((await client.request('PUT', `${links}/timeline/id:${event.body.id}`, { photoIds: [ids[4]] })).status, 200);
    t.is(
      (await client.request('PUT', `${links}/profile`, { photoIds: [ids[4]] })).status,
      400,
      'a private photo cannot be the profile image',
    );

    const owner = await client.get(`/profiles/${own.id}?widget=incidents`);
    t.true(owner.text.includes('+1 more'), 'the owner sees 4 of 5 and +1 more');
    const visitor = await clientAs(app, null).get(`/profiles/${own.id}/public?widget=incidents`);
    t.false(visitor.text.includes('+1 more'), 'the private fifth is not counted for a visitor');
    t.is((visitor.text.match(/aria-label="Photos"/g) ?? []).length, 1);
    const privateKey = (await client.get<PhotoGalleryJson>(`/api/profiles/${own.id}/photos`)).body.photoGallery
      .find((p) => p.id === ids[4])!
      .sources.thumbnail.webp.split('/')[3]!;
    const timeline = await clientAs(app, null).get(`/profiles/${own.id}/public?widget=timeline`);
    t.false(timeline.text.includes(privateKey));
    t.false(visitor.text.includes(privateKey));
  },
);
