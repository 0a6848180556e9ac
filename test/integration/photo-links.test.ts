/**
 * Photo links as rows (docs/decisions/photo-links.md): every way to link a photo — the list routes (JSON and the no-script forms),
 * the profile image and the photo-links route — goes through one service that checks the photo is the
 * profile's own and the caps; nothing is stored otherwise. Presenters give each viewer only the photos it
 * may see. And the photo sweep: tags are text, one answer for any index, JSON 404s, the field that was sent.
 */
import test from 'ava';
import { clientAs, startTestApp, type TestApp } from '../helpers/app';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { insertPhotoFor } from '../helpers/photos';
import { PhotoLink } from '../../src/models/PhotoLink';
import { Photo } from '../../src/models/Photo';
import { listItemModel } from '../../src/models/ListItem';
import { LISTS } from '../../src/validation/lists';
import { PHOTO_MESSAGES } from '../../src/validation/photos';
import { PROFILE_MESSAGES } from '../../src/validation/profiles';

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
let aliceProfile: number;
let bobProfile: number;

test.before(async () => {
  app = await startTestApp({ rateLimitsEnabled: false, pageCache: false });
  alice = await createUser();
  bob = await createUser();
  aliceProfile = (await createProfileFor(alice, { defaultVisibility: 'public' })).id;
  bobProfile = (await createProfileFor(bob, { defaultVisibility: 'public' })).id;
});
test.after.always(async () => app?.close());

/** Each list that links photos: a valid new item, and each photo field with a value naming `photoId`. */
const PHOTO_LISTS = [
  { path: 'timeline', item: { year: '2015', event: 'Hired', type: 'hired' }, fields: (id: string) => [{ photo: id }] },
  {
    path: 'status-updates',
    item: { title: 'On shift', content: 'A shift' },
    fields: (id: string) => [{ photo: id }],
  },
  {
    path: 'incidents',
    item: { date: '2021', location: 'Elm St', title: 'Fire', description: 'Big', department: 'AFD' },
    fields: (id: string) => [{ photos: [id] }],
  },
  {
    path: 'awards',
    item: { name: 'Valor', year: '2019', type: 'valor' },
    fields: (id: string) => [{ photos: [id] }, { primaryPhoto: id }],
  },
  {
    path: 'fire-stations',
    item: { stationName: 'Station 7' },
    fields: (id: string) => [{ stationPhoto: id }],
  },
] as const;

const keyOf = (path: string) => LISTS.find((l) => l.path === path)!.key;

test.serial('another user’s photo is refused (4xx) by every route that links, and nothing is stored', async (t) => {
  const theirs = await insertPhotoFor(aliceProfile, { caption: 'Alice only' });
  const ref = String(theirs.id);
  const asBob = clientAs(app, bob);
  const asAlice = clientAs(app, alice);
  for (const { path, item, fields } of PHOTO_LISTS) {
    const own = await asBob.post(`/api/profiles/${bobProfile}/${path}`, item);
    t.is(own.status, 201, path);
    const aliceItem = await asAlice.post(`/api/profiles/${aliceProfile}/${path}`, item);
    for (const body of fields(ref)) {
      const field = Object.keys(body)[0]!;
      const create = await asBob.post(`/api/profiles/${bobProfile}/${path}`, { ...item, ...body });
      t.is(create.status, 400, `POST ${path} ${field}`);
      t.is(create.body.error, PHOTO_MESSAGES.photoNotFound);
      t.truthy(create.body.fields[field], `the error names ${field}`);
      const patch = await asBob.patch(`/api/profiles/${bobProfile}/${path}/id:${own.body.id}`, body);
      t.is(patch.status, 400, `PATCH ${path} ${field}`);
      const onTheirs = await asBob.patch(`/api/profiles/${aliceProfile}/${path}/id:${aliceItem.body.id}`, body);
      t.is(onTheirs.status, 403, `PATCH ${path} on Alice's item`);
      // The no-script form reads only the fields it shows: a photo field posted there is ignored (no link).
      const form = await asBob.postForm(
        `/profiles/${bobProfile}/lists/${path}`,
        Object.entries({ ...item, ...body, visibility: 'public' }).flatMap(([k, v]) =>
          Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, String(v)] as [string, string]],
        ),
      );
      t.is(form.status, 303, `form ${path} ${field}`);
    }
    const links = `/api/profiles/${bobProfile}/photo-links/${keyOf(path)}/id:${own.body.id}`;
    const put = await asBob.request('PUT', links, { photoIds: [theirs.id] });
    t.is(put.status, 400, `photo-links ${path}`);
    t.deepEqual(put.body.fields, { photoIds: PHOTO_MESSAGES.photoNotFound });
    const putTheirs = await asBob.request(
      'PUT',
      `/api/profiles/${aliceProfile}/photo-links/${keyOf(path)}/id:${aliceItem.body.id}`,
      { photoIds: [theirs.id] },
    );
    t.is(putTheirs.status, 403);
  }
  // The profile image: by its URL on the profile, and through the photo links.
  const gallery = await asAlice.get(`/api/profiles/${aliceProfile}/photos`);
  const url = gallery.body.photoGallery.find((p: { id: number }) => p.id === theirs.id).sources.medium.jpeg;
  const image = await asBob.patch(`/api/profiles/${bobProfile}`, { profileImage: url });
  t.is(image.status, 400);
  t.deepEqual(image.body.fields, { profileImage: PROFILE_MESSAGES.profileImage });
  t.is(
    (await asBob.request('PUT', `/api/profiles/${bobProfile}/photo-links/profile`, { photoIds: [theirs.id] })).status,
    400,
  );
  t.is(
    (await asBob.request('PUT', `/api/profiles/${aliceProfile}/photo-links/profile`, { photoIds: [theirs.id] })).status,
    403,
  );
  t.is((await asBob.patch(`/api/profiles/${aliceProfile}`, { profileImage: url })).status, 403);

  t.is(await PhotoLink.query().resultSize(), 0, 'no link was stored');
  t.is((await asBob.get(`/api/profiles/${bobProfile}`)).body.profileImage, null);
});

test.serial('the caps hold through the list routes; a link to an own photo is stored as a row', async (t) => {
  const asAlice = clientAs(app, alice);
  const photos = [];
  for (let i = 0; i < 6; i++) photos.push(String((await insertPhotoFor(aliceProfile)).id));
  const incident = PHOTO_LISTS[2].item;
  const six = await asAlice.post(`/api/profiles/${aliceProfile}/incidents`, { ...incident, photos });
  t.is(six.status, 400);
  t.is(six.body.fields.photos, 'At most 5 photos');
  const five = await asAlice.post(`/api/profiles/${aliceProfile}/incidents`, {
    ...incident,
    photos: photos.slice(0, 5),
  });
  t.is(five.status, 201);
  t.deepEqual(five.body.photos, photos.slice(0, 5));
  t.deepEqual(five.body.photoIds, photos.slice(0, 5).map(Number));
  const award = PHOTO_LISTS[3].item;
  // Three photos and a fourth as the primary: four, one past the awards' cap.
  const four = await asAlice.post(`/api/profiles/${aliceProfile}/awards`, {
    ...award,
    photos: photos.slice(0, 3),
    primaryPhoto: photos[3],
  });
  t.is(four.status, 400);
  t.is(four.body.error, PHOTO_MESSAGES.tooManyLinked(3));
  const three = await asAlice.post(`/api/profiles/${aliceProfile}/awards`, {
    ...award,
    photos: photos.slice(0, 3),
    primaryPhoto: photos[2],
  });
  t.is(three.status, 201);
  t.deepEqual(three.body.photos, [photos[2], photos[0], photos[1]], 'the primary photo first');
  t.is(three.body.primaryPhoto, photos[2]);
  const timeline = await asAlice.post(`/api/profiles/${aliceProfile}/timeline`, { ...PHOTO_LISTS[0].item });
  const patched = await asAlice.patch(`/api/profiles/${aliceProfile}/timeline/id:${timeline.body.id}`, {
    photo: photos[5],
  });
  t.is(patched.status, 200);
  t.is(patched.body.photo, photos[5]);
  t.is(patched.body.version, timeline.body.version + 1);
  const unlinked = await asAlice.patch(`/api/profiles/${aliceProfile}/timeline/id:${timeline.body.id}`, {
    photo: null,
  });
  t.is(unlinked.body.photo, null);
  t.is(await PhotoLink.query().where('timelineId', timeline.body.id).resultSize(), 0);

  // Deleting a photo removes its links; the items stay.
  const first = await Photo.query().findById(Number(photos[0]));
  t.is((await asAlice.delete(`/api/profiles/${aliceProfile}/photos/${first!.position}`)).status, 204);
  t.is(await PhotoLink.query().where('photoId', first!.id).resultSize(), 0);
  const incidents = listItemModel(LISTS.find((l) => l.key === 'incidents')!);
  t.truthy(await incidents.query().findById(five.body.id));
  const after = await asAlice.get(`/api/profiles/${aliceProfile}/incidents`);
  t.deepEqual(after.body.find((i: { id: number }) => i.id === five.body.id).photos, photos.slice(1, 5));
});

test.serial('profileImage: an https address or an own photo; javascript: and other text are 400', async (t) => {
  const asAlice = clientAs(app, alice);
  for (const bad of [
    'javascript:alert(1)',
    'http://example.com/a.jpg',
    '/media/photos/../x',
    'data:image/png;base64,AA',
  ]) {
    const answer = await asAlice.patch(`/api/profiles/${aliceProfile}`, { profileImage: bad });
    t.is(answer.status, 400, bad);
    t.is(answer.body.error, PROFILE_MESSAGES.profileImage);
  }
  const external = await asAlice.patch(`/api/profiles/${aliceProfile}`, {
    profileImage: 'https://cdn.example.com/a.jpg',
  });
  t.is(external.status, 200);
  t.is(external.body.profileImage, 'https://cdn.example.com/a.jpg');
  t.is(external.body.profileImagePhotoId, null);
  const photo = await insertPhotoFor(aliceProfile);
  const path = `/media/photos/${photo.storageKey}/medium.jpg`;
  const own = await asAlice.patch(`/api/profiles/${aliceProfile}`, { profileImage: path });
  t.is(own.status, 200);
  t.is(own.body.profileImage, path);
  t.is(own.body.profileImagePhotoId, photo.id);
  t.truthy(await PhotoLink.query().findOne({ profileId: aliceProfile, target: 'profile', photoId: photo.id }));
  const cleared = await asAlice.patch(`/api/profiles/${aliceProfile}`, { profileImage: '' });
  t.is(cleared.body.profileImage, null);
  t.is(await PhotoLink.query().where({ profileId: aliceProfile, target: 'profile' }).resultSize(), 0);
});

test.serial('a private photo linked to a public item reaches only those who may see it (JSON and HTML)', async (t) => {
  const writer = await createUser();
  const member = await createUser();
  const profileId = (await createProfileFor(writer, { defaultVisibility: 'public' })).id;
  const hidden = await insertPhotoFor(profileId, { visibility: 'private' });
  const shown = await insertPhotoFor(profileId, { visibility: 'public' });
  const asWriter = clientAs(app, writer);
  const incident = await asWriter.post(`/api/profiles/${profileId}/incidents`, {
    ...PHOTO_LISTS[2].item,
    photos: [String(hidden.id), String(shown.id)],
  });
  t.is(incident.status, 201);
  t.deepEqual(incident.body.photoIds, [hidden.id, shown.id], 'the owner sees both');
  for (const [who, account] of [
    ['visitor', null],
    ['member', member],
  ] as const) {
    const json = await clientAs(app, account).get(`/api/profiles/${profileId}/incidents`);
    const item = json.body.find((i: { id: number }) => i.id === incident.body.id);
    t.deepEqual(item.photos, [String(shown.id)], who);
    t.deepEqual(item.photoIds, [shown.id], who);
    t.false(JSON.stringify(json.body).includes(`"${hidden.id}"`), `${who}: not even its id`);
    const html = await clientAs(app, account).get(`/profiles/${profileId}?widget=incidents`);
    t.is(html.status, 200);
    t.false(html.text.includes(hidden.storageKey), `${who}: not in the page`);
    t.true(html.text.includes(shown.storageKey), `${who}: the public one is`);
  }
  const ownerPage = await asWriter.get(`/profiles/${profileId}?widget=incidents`);
  t.true(ownerPage.text.includes(hidden.storageKey), 'the owner sees the private one');
});

test.serial(
  'photo sweep: tags are text; any index past the gallery is one answer; JSON 404s; the sent field',
  async (t) => {
    const asAlice = clientAs(app, alice);
    const photo = await insertPhotoFor(aliceProfile);
    const edit = `/api/profiles/${aliceProfile}/photos/${photo.position}`;
    const object = await asAlice.patch(edit, { tags: [{ a: 1 }] });
    t.is(object.status, 400);
    t.is(object.body.fields.tags, PHOTO_MESSAGES.tagText);
    t.is((await asAlice.patch(edit, { tags: { a: 1 } })).status, 400);
    t.is((await asAlice.patch(edit, { tags: [1, 2] })).status, 400);
    t.deepEqual((await asAlice.patch(edit, { tags: ['engine', ' truck '] })).body.tags, ['engine', 'truck']);

    for (const [account, status] of [
      [alice, 404],
      [bob, 403],
    ] as const) {
      const answers: Array<{ status: number; error: unknown }> = [];
      for (const index of ['999999999', '2147483647', '2147483648', '99999999999999999999']) {
        const answer = await clientAs(app, account).patch(`/api/profiles/${aliceProfile}/photos/${index}`, {
          caption: 'x',
        });
        answers.push({ status: answer.status, error: answer.body.error });
      }
      t.is(answers[0]!.status, status);
      t.true(
        answers.every((a) => a.status === answers[0]!.status && a.error === answers[0]!.error),
        JSON.stringify(answers),
      );
    }

    const itemOfProfile = await asAlice.request('PUT', `/api/profiles/${aliceProfile}/photo-links/profile/0`, {
      photoIds: [],
    });
    t.is(itemOfProfile.status, 404);
    t.regex(itemOfProfile.headers.get('content-type') ?? '', /json/);
    t.is(typeof itemOfProfile.body.error, 'string');

    const theirs = await clientAs(app, bob).post(`/api/profiles/${bobProfile}/folders`, { name: 'Bob’s' });
    const folder = await asAlice.post(`/api/profiles/${aliceProfile}/folders`, {
      name: 'Sub',
      parentId: theirs.body.id,
    });
    t.is(folder.status, 400);
    t.deepEqual(folder.body.fields, { parentId: PHOTO_MESSAGES.folderNotFound });
  },
);
