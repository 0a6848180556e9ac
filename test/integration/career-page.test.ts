/**
 * The career page (docs/decisions/headshot-and-banner.md): the owner sets the headshot and banner from a public
 * photo or by upload (plain form posts; an uploaded headshot is square and keeps no EXIF); a private or deleted
 * photo is never shown; nobody else may set them; kept visitor pages change at once, also where the owner's face
 * shows beside the endorsements they gave. And endorsements in the open (docs/decisions/endorsements.md): the
 * owner's normal view says one waits and approves it in place, with a status line; visitors see faces and counts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { insertPhotoFor } from '../helpers/photos';
import { twoDepartments, verifyMember } from '../helpers/verification';
import { Photo } from '../../src/models/Photo';
import { PhotoLink } from '../../src/models/PhotoLink';
import { Profile } from '../../src/models/Profile';
import { PORTRAIT_MESSAGES } from '../../src/validation/portraits';

let app: TestApp;
let mediaDir: string;
let owner: CreatedUser;
let other: CreatedUser;
let profileId: number;

test.before(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-career-'));
  app = await startTestApp({ rateLimitsEnabled: false, mediaDir });
  owner = await createUser({ name: 'Dana Whitfield' });
  other = await createUser();
  profileId = (await createProfileFor(owner, { defaultVisibility: 'public', profileStatus: 'live' })).id;
});
test.after.always(async () => {
  await app?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const publicPage = async (id = profileId) => (await app.client().get(`/profiles/${id}/public`)).text;
const choose = (who: CreatedUser, fields: Record<string, string>, id = profileId) =>
  clientAs(app, who).post(`/profiles/${id}/portrait`, form(fields));
const profileRow = async (id = profileId) => (await Profile.query().findById(id))!;

/** A camera-like JPEG with EXIF GPS, wider than tall. */
const jpegWithGps = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'GPS-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();

async function uploadPortrait(who: CreatedUser, kind: string, bytes: Buffer, id = profileId) {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0042.jpg');
  const response = await fetch(`${app.baseUrl}/profiles/${id}/portrait/upload`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: app.baseUrl, Authorization: `Bearer ${who.token}`, Accept: 'text/html' },
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

test.serial('the owner sets the headshot from a public photo; the kept visitor page shows it at once', async (t) => {
  const before = await publicPage(); // kept for visitors from here on
  t.notRegex(before, /data-testid="profile-headshot"/, 'the initials until a headshot is chosen');
  const photo = await insertPhotoFor(profileId, { visibility: 'public', caption: 'At the station' });

  const page = await clientAs(app, owner).get(`/profiles/${profileId}/portrait`);
  t.is(page.status, 200);
  t.regex(page.text, new RegExp(`name="photoId" value="${photo.id}"`), 'the photo is offered');

  const set = await choose(owner, { kind: 'headshot', photoId: String(photo.id) });
  t.is(set.status, 303);
  t.is(set.headers.get('location'), `/profiles/${profileId}`);
  const after = await publicPage();
  t.regex(after, new RegExp(`src="/media/photos/${photo.storageKey}/medium\\.jpg"[^>]*data-testid="profile-headshot"`));

  const own = await clientAs(app, owner).get(`/profiles/${profileId}`);
  t.regex(own.text, new RegExp(`href="/profiles/${profileId}/portrait"`), 'the owner’s view offers the change');
  t.notRegex(after, /\/portrait"/, 'a visitor is offered nothing');
});

test.serial('a private photo is refused; one that turns private or is deleted stops being shown', async (t) => {
  const secret = await insertPhotoFor(profileId, { visibility: 'private', caption: 'Family' });
  const refused = await choose(owner, { kind: 'headshot', photoId: String(secret.id) });
  t.is(refused.status, 400);
  t.regex(refused.text, new RegExp(PORTRAIT_MESSAGES.photo));
  const bannerRefused = await choose(owner, { kind: 'banner', photoId: String(secret.id) });
  t.is(bannerRefused.status, 400);
  t.notRegex(await publicPage(), new RegExp(secret.storageKey));
  t.is((await profileRow()).bannerPhotoId, null);

  // Chosen while public, then made private through the photo API: the headshot and banner are gone at once.
  const shot = await insertPhotoFor(profileId, { visibility: 'public' });
  t.is((await choose(owner, { kind: 'headshot', photoId: String(shot.id) })).status, 303);
  t.is((await choose(owner, { kind: 'banner', photoId: String(shot.id) })).status, 303);
  t.regex(await publicPage(), new RegExp(`/media/photos/${shot.storageKey}/large\\.jpg`), 'the banner shows');
  const patched = await clientAs(app, owner).patch(`/api/profiles/${profileId}/photos/${shot.position}`, {
    visibility: 'private',
  });
  t.is(patched.status, 200);
  const hidden = await publicPage();
  t.notRegex(hidden, /data-testid="profile-headshot"/);
  t.notRegex(hidden, new RegExp(shot.storageKey));
  t.is(await PhotoLink.query().where({ profileId, target: 'profile' }).resultSize(), 0);
  t.is((await profileRow()).bannerPhotoId, null);

  // A deleted banner photo leaves the banner empty (the foreign key), and the page changes.
  const wide = await insertPhotoFor(profileId, { visibility: 'public' });
  t.is((await choose(owner, { kind: 'banner', photoId: String(wide.id) })).status, 303);
  t.regex(await publicPage(), new RegExp(wide.storageKey));
  t.is((await clientAs(app, owner).delete(`/api/profiles/${profileId}/photos/${wide.position}`)).status, 204);
  t.is((await profileRow()).bannerPhotoId, null);
  t.notRegex(await publicPage(), new RegExp(wide.storageKey));
});

test.serial('nobody else sets them: another member 403, a visitor signs in first, nothing changes', async (t) => {
  const photo = await insertPhotoFor(profileId, { visibility: 'public' });
  const before = await PhotoLink.query().where({ profileId, target: 'profile' });
  t.is((await clientAs(app, other).get(`/profiles/${profileId}/portrait`)).status, 403);
  t.is((await choose(other, { kind: 'headshot', photoId: String(photo.id) })).status, 403);
  t.is((await choose(other, { kind: 'banner', photoId: String(photo.id) })).status, 403);
  t.is((await uploadPortrait(other, 'headshot', await jpegWithGps())).status, 403);
  const visitor = await app.client().postForm(`/profiles/${profileId}/portrait`, { kind: 'headshot', photoId: '1' });
  t.is(visitor.status, 303);
  t.is(visitor.headers.get('location'), '/login');
  t.deepEqual(await PhotoLink.query().where({ profileId, target: 'profile' }), before);
  t.is((await profileRow()).bannerPhotoId, null);
  // Another profile's photo is not one of the owner's.
  const otherProfile = (await createProfileFor(other)).id;
  const theirs = await insertPhotoFor(otherProfile, { visibility: 'public' });
  t.is((await choose(owner, { kind: 'headshot', photoId: String(theirs.id) })).status, 400);
  t.is((await choose(owner, { kind: 'poster', photoId: String(photo.id) })).status, 400, 'an unknown kind');
});

test.serial(
  'an uploaded headshot is a square public photo without EXIF; a banner upload keeps its shape',
  async (t) => {
    const before = await Photo.query().where({ profileId }).resultSize();
    const sent = await uploadPortrait(owner, 'headshot', await jpegWithGps(900, 600));
    t.is(sent.status, 303, sent.text.slice(0, 300));
    t.is(sent.location, `/profiles/${profileId}`);
    const link = await PhotoLink.query().findOne({ profileId, target: 'profile' });
    const photo = (await Photo.query().findById(link!.photoId))!;
    t.is(await Photo.query().where({ profileId }).resultSize(), before + 1);
    t.is(photo.visibility, 'public');
    t.false(photo.showOnMainProfile, 'kept off the main profile’s photo strip');
    t.is(photo.width, photo.height, 'cut to a square');
    t.is(photo.width, 600);
    for (const variant of ['thumbnail', 'medium', 'large'] as const) {
      const file = await fetch(`${app.baseUrl}/media/photos/${photo.storageKey}/${variant}.jpg`);
      t.is(file.status, 200);
      const bytes = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      t.falsy(meta.exif, `${variant}: no EXIF`);
      t.is(meta.width, meta.height, `${variant}: square`);
      t.false(bytes.includes(Buffer.from('TestCam')));
    }
    t.regex(await publicPage(), new RegExp(`/media/photos/${photo.storageKey}/medium\\.jpg`));

    const banner = await uploadPortrait(owner, 'banner', await jpegWithGps(1600, 400));
    t.is(banner.status, 303);
    const bannerPhoto = (await Photo.query().findById((await profileRow()).bannerPhotoId!))!;
    t.deepEqual([bannerPhoto.width, bannerPhoto.height], [1600, 400], 'a banner is not cut');

    const notAnImage = await uploadPortrait(owner, 'headshot', Buffer.from('GIF89a not really'));
    t.is(notAnImage.status, 415);
    t.is(await Photo.query().where({ profileId }).resultSize(), before + 2, 'nothing stored for a refused upload');
  },
);

test.serial('the share image and the résumé carry the headshot', async (t) => {
  const link = await PhotoLink.query().findOne({ profileId, target: 'profile' });
  const photo = (await Photo.query().findById(link!.photoId))!;
  const resume = await app.client().get(`/profiles/${profileId}/resume`);
  t.regex(
    resume.text,
    new RegExp(`<img src="/media/photos/${photo.storageKey}/medium\\.jpg" alt="Photo of Dana Whitfield"`),
  );
  const pdf = Buffer.from(await (await fetch(`${app.baseUrl}/profiles/${profileId}/resume.pdf`)).arrayBuffer());
  t.true(pdf.includes('/Subtype /Image'), 'the PDF draws the headshot');
  const plain = (await createProfileFor(await createUser(), { profileStatus: 'live' })).id;
  const plainPdf = Buffer.from(await (await fetch(`${app.baseUrl}/profiles/${plain}/resume.pdf`)).arrayBuffer());
  t.false(plainPdf.includes('/Subtype /Image'), 'and none without one');
  t.notRegex((await app.client().get(`/profiles/${plain}/resume`)).text, /alt="Photo of/);
  const image = await fetch(`${app.baseUrl}/profiles/${profileId}/og.png`);
  t.is(image.status, 200);
  const { data } = await sharp(Buffer.from(await image.arrayBuffer()))
    .extract({ left: 230, top: 290, width: 20, height: 20 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The photo's blue, not the initials' dark red circle.
  t.true(data[2]! > data[0]!, 'the avatar shows the headshot');
});

test.serial('endorsements in the open: approved from the normal view; visitors see faces and counts', async (t) => {
  const departments = await twoDepartments();
  const chief = await createUser({ name: 'Sam Ortega' });
  const chiefProfile = (await createProfileFor(chief, { rank: 'Captain', profileStatus: 'live' })).id;
  await verifyMember(owner.user.id, departments[0]);
  await verifyMember(chief.user.id, departments[0]);
  const skill = await clientAs(app, owner).post(`/api/profiles/${profileId}/skills`, {
    name: 'Rope rescue',
    category: 'firefighter',
    level: 'expert',
    visibility: 'public',
  });
  t.is(skill.status, 201);
  const sent = await clientAs(app, chief).post(`/api/profiles/${profileId}/skills/${skill.body.id}/endorsements`, {
    comment: 'Best rigger on C shift.',
  });
  t.is(sent.status, 201);

  const ownView = await clientAs(app, owner).get(`/profiles/${profileId}`);
  t.regex(ownView.text, /1 endorsement waiting/);
  t.regex(ownView.text, /Sam Ortega, Captain/);
  t.notRegex(await publicPage(), /Sam Ortega/, 'pending: not shown to visitors');

  const approved = await clientAs(app, owner).post(
    `/profiles/${profileId}/endorsements/${sent.body.id}`,
    form({ status: 'approved', back: 'profile' }),
  );
  t.is(approved.status, 303);
  t.is(approved.headers.get('location'), `/profiles/${profileId}#endorsements-waiting`);
  const back = await clientAs(app, owner).get(`/profiles/${profileId}`);
  t.regex(back.text, /role="status"[^>]*>Endorsement approved\. It now shows on your profile\./);
  t.notRegex(back.text, /endorsement waiting/);
  t.notRegex((await clientAs(app, owner).get(`/profiles/${profileId}`)).text, /Endorsement approved\./, 'said once');

  const shown = await publicPage();
  t.regex(shown, /data-testid="endorser-faces"/);
  t.regex(shown, /<strong>1<\/strong> (<!-- -->)?verified endorsement</);
  t.regex(shown, /role="img" aria-label="Sam Ortega">SO</, 'initials while the endorser has no headshot');

  // The endorser picks a headshot: the pages of the profiles they endorsed change at once.
  const face = await insertPhotoFor(chiefProfile, { visibility: 'public' });
  t.is((await choose(chief, { kind: 'headshot', photoId: String(face.id) }, chiefProfile)).status, 303);
  t.regex(await publicPage(), new RegExp(`src="/media/photos/${face.storageKey}/thumbnail\\.jpg" alt="Sam Ortega"`));
  // Made private: gone from the endorsed page too.
  await clientAs(app, chief).patch(`/api/profiles/${chiefProfile}/photos/${face.position}`, { visibility: 'private' });
  t.notRegex(await publicPage(), new RegExp(face.storageKey));
});

test.serial('the highlights sum up only what the visitor may see, and no widget the owner hid', async (t) => {
  const add = (item: Record<string, unknown>) =>
    clientAs(app, owner).post(`/api/profiles/${profileId}/certifications`, { issuer: 'NFPA', year: 2019, ...item });
  t.is((await add({ name: 'Hazmat Technician', visibility: 'public' })).status, 201);
  t.is((await add({ name: 'Secret Clearance', visibility: 'private' })).status, 201);
  const shown = await publicPage();
  t.regex(shown, /Top certifications/);
  t.regex(shown, /data-testid="career-highlights"[\s\S]*Hazmat Technician/);
  t.notRegex(shown, /Secret Clearance/, 'a private certification is not highlighted');
  t.regex((await clientAs(app, owner).get(`/profiles/${profileId}`)).text, /Secret Clearance/, 'the owner sees it');

  const hide = await clientAs(app, owner).patch(`/api/profiles/${profileId}`, { hiddenWidgets: ['certifications'] });
  t.is(hide.status, 200);
  t.notRegex(await publicPage(), /Top certifications/);
  await clientAs(app, owner).patch(`/api/profiles/${profileId}`, { hiddenWidgets: [] });
  t.regex(await publicPage(), /Top certifications/);
});
