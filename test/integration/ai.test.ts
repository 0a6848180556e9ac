/**
 * AI assist (docs/decisions/ai-assist.md) against a real chat-completions server started here (test/helpers/fakeAi.ts):
 * enhancement and photo captions, what is sent, answers with and without log-probabilities, a slow answer,
 * a 500, malformed JSON, an over-long answer, the ai_logs row of every call, feedback once by the asker only,
 * 503 when no model is configured, and the per-user rate limit. Serial: the tests share one fake server's queue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import { startTestApp, clientAs, type TestApp } from '../helpers/app';
import { chatReply, startFakeAi, type FakeAiServer } from '../helpers/fakeAi';
import { createUser, type CreatedUser } from '../helpers/users';
import { createProfileFor } from '../helpers/profiles';
import { AiLog } from '../../src/models/AiLog';
import { NotFoundError } from '../../src/errors';
import { AI_MESSAGES } from '../../src/validation/ai';
import { LIMITS } from '../../src/http/rateLimit';
import { enhancementHeuristic, imageMimeType, type PhotoReader } from '../../src/services/ai/assist';

let fake: FakeAiServer;
let app: TestApp;
let off: TestApp;

/** A tiny JPEG-looking byte string (the service checks the magic bytes, the fake model never decodes it). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('fake jpeg body')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 rest')]);
/** Photos by profile id, then index: what the photos feature's reader would return. */
const photos = new Map<number, Buffer[]>();
const readPhoto: PhotoReader = async (_viewer, ref) => {
  const data = ref.photoIndex !== null ? photos.get(ref.profileId)?.[ref.photoIndex] : undefined;
  if (!data) throw new NotFoundError(AI_MESSAGES.photoNotFound);
  return { data };
};

test.before(async () => {
  fake = await startFakeAi();
  app = await startTestApp({ ai: fake.config({ timeoutMs: 400 }), rateLimitsEnabled: true }, undefined, { readPhoto });
  off = await startTestApp({ ai: null }, app.database);
});
test.after.always(async () => {
  await app?.close();
  await off?.close();
  await fake?.close();
});

const STATEMENT = 'i joined Engine 7 in 2012 at Austin Fire Department and served 12 years on B shift.';

async function user(name = 'Riley Ortiz'): Promise<CreatedUser> {
  return createUser({
    name,
    email: `${name.toLowerCase().replace(/\W/g, '.')}.${Date.now()}${Math.random()}@example.com`,
  });
}

const lastLog = () => AiLog.query().orderBy('id', 'desc').first();

test.serial(
  'enhance: the suggestion with log-probability confidence, the request it sent and the log row',
  async (t) => {
    const asker = await user();
    const enhanced = 'I joined Engine 7 in 2012 at Austin Fire Department and served 12 years on B shift.';
    fake.next(chatReply(enhanced, { logprobs: [-0.1, -0.2, -0.3], model: 'text-model-v2' }));
    const before = fake.requests.length;
    const res = await clientAs(app, asker).post('/api/ai/enhance', {
      field: 'personalStatement',
      text: STATEMENT,
      context: 'Personal statement of a captain',
    });
    t.is(res.status, 200, res.text);
    t.is(res.body.enhanced, enhanced);
    t.is(res.body.original, STATEMENT);
    t.is(res.body.field, 'personalStatement');
    t.is(res.body.confidence, Math.round(Math.exp(-0.2) * 1000) / 1000);

    t.is(fake.requests.length, before + 1);
    const sent = fake.requests.at(-1)!;
    t.is(sent.path, '/v1/chat/completions');
    t.is(sent.headers.authorization, 'Bearer sk-test-key');
    t.is(sent.body.model, 'text-model');
    t.is(sent.body.logprobs, true);
    t.true(sent.body.max_tokens > 0);
    t.is(sent.body.messages.length, 2);
    t.regex(sent.body.messages[0].content, /names, places, departments, units, ranks, dates, years, numbers/);
    t.regex(sent.body.messages[0].content, /500 characters/);
    t.is(sent.body.messages[1].content, `Context: Personal statement of a captain\n\nText to rewrite:\n${STATEMENT}`);
    // Nothing of the account travels: not the user's name, not their e-mail.
    const wire = JSON.stringify(sent.body);
    t.false(wire.includes(asker.user.name));
    t.false(wire.includes(asker.user.email));

    const log = await AiLog.query().findById(res.body.logId);
    t.truthy(log);
    t.is(log!.userId, asker.user.id);
    t.is(log!.type, 'enhancement');
    t.deepEqual(log!.input, {
      type: 'personalStatement',
      content: STATEMENT,
      context: 'Personal statement of a captain',
    });
    t.deepEqual(log!.output, { enhanced, confidence: res.body.confidence });
    t.is(log!.confidence, res.body.confidence);
    t.is(log!.accepted, null);
    t.is(log!.feedbackTimestamp, null);
    t.is(log!.error, null);
    t.is(log!.model, 'text-model-v2');
    t.true(log!.timestamp instanceof Date);
  },
);

test.serial(
  'enhance without log-probabilities: the fact-keeping heuristic; code fences and quotes are dropped',
  async (t) => {
    const asker = await user();
    const kept = 'I joined Engine 7 in 2012 at Austin Fire Department and served 12 years on B shift.';
    fake.next(chatReply('```\n"' + kept + '"\n```'));
    const res = await clientAs(app, asker).post('/api/ai/enhance', { field: 'personalStatement', text: STATEMENT });
    t.is(res.status, 200, res.text);
    t.is(res.body.enhanced, kept);
    t.is(res.body.confidence, 0.9);
    t.is((await AiLog.query().findById(res.body.logId))!.input.context, '');

    // A rewrite that lost facts (the engine number, the years) is less sure.
    fake.next(chatReply('I joined an engine company at Austin Fire Department and served many years.'));
    const lossy = await clientAs(app, asker).post('/api/ai/enhance', {
      field: 'incidents.lessonsLearned',
      text: STATEMENT,
    });
    t.is(lossy.status, 200, lossy.text);
    t.true(lossy.body.confidence < 0.9 && lossy.body.confidence >= 0.4, String(lossy.body.confidence));
  },
);

test('the heuristic counts numbers and names kept unchanged', (t) => {
  t.is(enhancementHeuristic('worked hard', 'Worked very hard.'), 0.9);
  const original = 'Assigned to Ladder 3 in 2019 with Captain Ruiz.';
  t.is(enhancementHeuristic(original, 'In 2019 I was assigned to Ladder 3 with Captain Ruiz.'), 0.9);
  t.is(enhancementHeuristic(original, 'I was assigned to a ladder company.'), 0.4);
});

test.serial('a server that refuses logprobs is asked again without them', async (t) => {
  const asker = await user();
  fake.next(
    { status: 400, json: { error: { message: 'logprobs is not supported by this model' } } },
    chatReply('Better text.'),
  );
  const before = fake.requests.length;
  const res = await clientAs(app, asker).post('/api/ai/enhance', { field: 'awards.citation', text: 'better text' });
  t.is(res.status, 200, res.text);
  t.is(res.body.enhanced, 'Better text.');
  t.is(fake.requests.length, before + 2);
  t.is(fake.requests.at(-1)!.body.logprobs, undefined);
});

test.serial('a slow model times out: 504, logged as a failure with no output', async (t) => {
  const asker = await user();
  fake.next({ ...chatReply('Too late.'), delayMs: 1500 });
  const started = Date.now();
  const res = await clientAs(app, asker).post('/api/ai/enhance', { field: 'timeline.description', text: 'promoted' });
  t.is(res.status, 504);
  t.is(res.body.error, AI_MESSAGES.timeout);
  t.true(Date.now() - started < 1400, 'answered before the model did');
  const log = await lastLog();
  t.is(log!.userId, asker.user.id);
  t.is(log!.output, null);
  t.is(log!.confidence, null);
  t.regex(log!.error!, /^timeout: No answer within 400 ms/);
  t.deepEqual(log!.input, { type: 'timeline.description', content: 'promoted', context: '' });
});

test.serial('a 500 from the model server: 502, logged with the error', async (t) => {
  const asker = await user();
  fake.next({ status: 500, json: { error: { message: 'model crashed' } } });
  const res = await clientAs(app, asker).post('/api/ai/enhance', { field: 'incidents.description', text: 'fire' });
  t.is(res.status, 502);
  t.is(res.body.error, AI_MESSAGES.failed);
  const log = await lastLog();
  t.is(log!.output, null);
  t.regex(log!.error!, /^http: The model server answered 500: .*model crashed/);
  t.false(log!.error!.includes('sk-test-key'));
});

test.serial('malformed JSON and a shapeless answer: 502, logged', async (t) => {
  const asker = await user();
  fake.next({ raw: '{"choices": [ {"message": ' });
  const res = await clientAs(app, asker).post('/api/ai/enhance', { field: 'incidents.detailedStory', text: 'smoke' });
  t.is(res.status, 502);
  t.regex((await lastLog())!.error!, /^malformed: The model server's answer is not JSON/);

  fake.next({ json: { choices: [] } });
  const empty = await clientAs(app, asker).post('/api/ai/enhance', { field: 'incidents.detailedStory', text: 'smoke' });
  t.is(empty.status, 502);
  t.regex((await lastLog())!.error!, /^malformed: .*no choices\[0\]\.message\.content/);
});

test.serial('an empty or over-long answer is never shown: 502 with the reason, logged without output', async (t) => {
  const asker = await user();
  fake.next(chatReply('   '));
  const empty = await clientAs(app, asker).post('/api/ai/enhance', { field: 'personalStatement', text: STATEMENT });
  t.is(empty.status, 502);
  t.is(empty.body.error, AI_MESSAGES.empty);
  t.is((await lastLog())!.error, 'empty answer');

  fake.next(chatReply('x'.repeat(501)));
  const long = await clientAs(app, asker).post('/api/ai/enhance', { field: 'personalStatement', text: STATEMENT });
  t.is(long.status, 502);
  t.is(long.body.error, AI_MESSAGES.tooLong(500));
  const log = await lastLog();
  t.is(log!.output, null);
  t.regex(log!.error!, /^answer too long: 501 characters \(limit 500/);

  // Cut short by max_tokens: incomplete, so refused even though it fits.
  fake.next(chatReply('I joined Engine 7 in', { finishReason: 'length' }));
  const cut = await clientAs(app, asker).post('/api/ai/enhance', { field: 'personalStatement', text: STATEMENT });
  t.is(cut.status, 502);
  t.regex((await lastLog())!.error!, /finish_reason length/);
});

test.serial('bad requests are refused before the model is asked', async (t) => {
  const asker = await user();
  const client = clientAs(app, asker);
  const before = fake.requests.length;
  const tooLong = await client.post('/api/ai/enhance', { field: 'personalStatement', text: 'a'.repeat(501) });
  t.is(tooLong.status, 400);
  t.is(tooLong.body.fields.text, AI_MESSAGES.textTooLong(500));
  const blank = await client.post('/api/ai/enhance', { field: 'personalStatement', text: '   ' });
  t.is(blank.body.fields.text, AI_MESSAGES.textRequired);
  const field = await client.post('/api/ai/enhance', { field: 'passwordHash', text: 'x' });
  t.is(field.body.fields.field, AI_MESSAGES.fieldInvalid);
  t.is((await clientAs(app, null).post('/api/ai/enhance', { field: 'personalStatement', text: 'x' })).status, 401);
  t.is(fake.requests.length, before);
});

test.serial(
  'photo caption: the medium variant as a data URL to the vision model; caption, category, tags',
  async (t) => {
    const owner = await user('Casey Photo');
    const profile = await createProfileFor(owner);
    photos.set(profile.id, [JPEG, WEBP]);
    fake.next(
      chatReply(
        'Here you go:\n```json\n{"caption": "Crew advancing a hose line at a structure fire", "category": "Action", "tags": ["Hose", "structure fire", "hose", "crew"], "confidence": 0.95}\n```',
      ),
    );
    const res = await clientAs(app, owner).post('/api/ai/photo-caption', { profileId: profile.id, photoIndex: 1 });
    t.is(res.status, 200, res.text);
    t.deepEqual(res.body, {
      logId: res.body.logId,
      caption: 'Crew advancing a hose line at a structure fire',
      category: 'action',
      tags: ['hose', 'structure fire', 'crew'],
      confidence: 0.9,
    });
    const sent = fake.requests.at(-1)!.body;
    t.is(sent.model, 'vision-model');
    const parts = sent.messages[1].content;
    t.is(parts[0].type, 'text');
    t.deepEqual(parts[1], {
      type: 'image_url',
      image_url: { url: `data:image/webp;base64,${WEBP.toString('base64')}` },
    });
    t.regex(sent.messages[0].content, /milestone.*action.*training.*ceremony/s);

    const log = await AiLog.query().findById(res.body.logId);
    t.is(log!.type, 'photo_analysis');
    t.deepEqual(log!.input, { type: 'photo', content: `profile ${profile.id}, photo 1`, context: '' });
    t.deepEqual(log!.output, {
      description: 'Crew advancing a hose line at a structure fire',
      category: 'action',
      tags: ['hose', 'structure fire', 'crew'],
      confidence: 0.9,
    });

    // With log-probabilities the confidence is measured, not reported.
    fake.next(
      chatReply('{"caption": "Graduation day", "category": "milestone", "tags": []}', { logprobs: [-0.05, -0.05] }),
    );
    const measured = await clientAs(app, owner).post('/api/ai/photo-caption', { profileId: profile.id, photoIndex: 0 });
    t.is(measured.status, 200, measured.text);
    t.is(measured.body.confidence, Math.round(Math.exp(-0.05) * 1000) / 1000);
    t.is(fake.requests.at(-1)!.body.messages[1].content[1].image_url.url.slice(0, 23), 'data:image/jpeg;base64,');
  },
);

test.serial('photo caption: only for a profile one may edit, a photo that exists, and a usable answer', async (t) => {
  const owner = await user('Jordan Owner');
  const stranger = await user('Sam Stranger');
  const profile = await createProfileFor(owner);
  const draft = await createProfileFor(await user('Drew Draft'), { profileStatus: 'draft' });
  photos.set(profile.id, [JPEG]);
  const before = fake.requests.length;
  t.is(
    (await clientAs(app, stranger).post('/api/ai/photo-caption', { profileId: profile.id, photoIndex: 0 })).status,
    403,
  );
  t.is(
    (await clientAs(app, stranger).post('/api/ai/photo-caption', { profileId: draft.id, photoIndex: 0 })).status,
    404,
  );
  const missing = await clientAs(app, owner).post('/api/ai/photo-caption', { profileId: profile.id, photoIndex: 5 });
  t.is(missing.status, 404);
  t.is(missing.body.error, AI_MESSAGES.photoNotFound);
  const both = await clientAs(app, owner).post('/api/ai/photo-caption', {
    profileId: profile.id,
    photoIndex: 0,
    photoId: 3,
  });
  t.is(both.status, 400);
  t.is(fake.requests.length, before);

  fake.next(chatReply('{"caption": "A party", "category": "party", "tags": []}'));
  const wrong = await clientAs(app, owner).post('/api/ai/photo-caption', { profileId: profile.id, photoIndex: 0 });
  t.is(wrong.status, 502);
  t.is(wrong.body.error, AI_MESSAGES.unusable);
  const log = await lastLog();
  t.is(log!.type, 'photo_analysis');
  t.is(log!.output, null);
  t.regex(log!.error!, /^answer does not fit: category/);

  fake.next(chatReply('I cannot see a photo.'));
  t.is(
    (await clientAs(app, owner).post('/api/ai/photo-caption', { profileId: profile.id, photoIndex: 0 })).status,
    502,
  );
  t.regex((await lastLog())!.error!, /^answer is not a JSON object/);
});

test('image types come from the bytes', (t) => {
  t.is(imageMimeType(JPEG), 'image/jpeg');
  t.is(imageMimeType(WEBP), 'image/webp');
  t.is(imageMimeType(Buffer.from('GIF89a')), undefined);
});

test.serial('feedback: once, by the user who asked; others find nothing', async (t) => {
  const asker = await user();
  const other = await user();
  fake.next(chatReply('Better.'));
  const { body } = await clientAs(app, asker).post('/api/ai/enhance', { field: 'awards.significance', text: 'good' });
  const path = `/api/ai/logs/${body.logId}/feedback`;

  const foreign = await clientAs(app, other).post(path, { accepted: true });
  t.is(foreign.status, 404);
  t.is(foreign.body.error, AI_MESSAGES.logNotFound);
  t.is((await clientAs(app, null).post(path, { accepted: true })).status, 401);
  const invalid = await clientAs(app, asker).post(path, { accepted: 'yes' });
  t.is(invalid.status, 400);
  t.is(invalid.body.fields.accepted, AI_MESSAGES.acceptedRequired);
  t.is((await AiLog.query().findById(body.logId))!.accepted, null);

  const first = await clientAs(app, asker).post(path, { accepted: false });
  t.is(first.status, 200, first.text);
  t.is(first.body.accepted, false);
  const log = await AiLog.query().findById(body.logId);
  t.is(log!.accepted, false);
  t.true(log!.feedbackTimestamp instanceof Date);
  t.is(first.body.feedbackTimestamp, log!.feedbackTimestamp!.toISOString());

  const second = await clientAs(app, asker).post(path, { accepted: true });
  t.is(second.status, 409);
  t.is(second.body.error, AI_MESSAGES.alreadyAnswered);
  t.is((await AiLog.query().findById(body.logId))!.accepted, false);

  t.is((await clientAs(app, asker).post('/api/ai/logs/999999/feedback', { accepted: true })).status, 404);
  t.is((await clientAs(app, asker).post('/api/ai/logs/abc/feedback', { accepted: true })).status, 404);

  // A failed call has no suggestion to answer.
  fake.next({ status: 500, json: {} });
  await clientAs(app, asker).post('/api/ai/enhance', { field: 'awards.significance', text: 'good' });
  const failed = await lastLog();
  const answer = await clientAs(app, asker).post(`/api/ai/logs/${failed!.id}/feedback`, { accepted: true });
  t.is(answer.status, 409);
  t.is(answer.body.error, AI_MESSAGES.nothingToAnswer);
});

test.serial('accepting concurrently still answers once', async (t) => {
  const asker = await user();
  fake.next(chatReply('Better.'));
  const { body } = await clientAs(app, asker).post('/api/ai/enhance', { field: 'awards.citation', text: 'good' });
  const path = `/api/ai/logs/${body.logId}/feedback`;
  const answers = await Promise.all(
    [true, false, true].map((accepted) => clientAs(app, asker).post(path, { accepted })),
  );
  t.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409]);
});

test.serial('the per-user rate limit: 429 with Retry-After once spent; another user is not affected', async (t) => {
  const busy = await user();
  fake.setDefault(chatReply('Fine.'));
  const points = LIMITS.aiPerUser.points;
  for (let i = 0; i < points; i += 1) {
    const res = await clientAs(app, busy).post('/api/ai/enhance', { field: 'timeline.description', text: `call ${i}` });
    t.is(res.status, 200, `call ${i}: ${res.text}`);
  }
  const before = fake.requests.length;
  const limited = await clientAs(app, busy).post('/api/ai/enhance', {
    field: 'timeline.description',
    text: 'one more',
  });
  t.is(limited.status, 429);
  t.truthy(Number(limited.headers.get('retry-after')) > 0);
  const photo = await clientAs(app, busy).post('/api/ai/photo-caption', { profileId: 1, photoIndex: 0 });
  t.is(photo.status, 429);
  t.is(fake.requests.length, before);
  const calm = await user();
  t.is((await clientAs(app, calm).post('/api/ai/enhance', { field: 'timeline.description', text: 'x' })).status, 200);
});

test.serial('unconfigured: 503 with a clear message, nothing logged; feedback still answers', async (t) => {
  const asker = await user();
  const count = async () => Number(((await AiLog.query().count({ n: '*' }).first()) as unknown as { n: string }).n);
  const before = await count();
  const res = await clientAs(off, asker).post('/api/ai/enhance', { field: 'personalStatement', text: STATEMENT });
  t.is(res.status, 503);
  t.is(res.body.error, AI_MESSAGES.notConfigured);
  t.truthy(res.headers.get('retry-after'));
  const photo = await clientAs(off, asker).post('/api/ai/photo-caption', { profileId: 1, photoIndex: 0 });
  t.is(photo.status, 503);
  t.is(photo.body.error, AI_MESSAGES.notConfigured);
  t.is(await count(), before);
  t.is((await clientAs(off, asker).post('/api/ai/logs/999999/feedback', { accepted: true })).status, 404);
});

test.serial(
  "photo caption with the photos feature's reader: the stored medium JPEG, without its metadata",
  async (t) => {
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'turnout-ai-media-'));
    const withPhotos = await startTestApp({ ai: fake.config(), mediaDir }, app.database);
    try {
      const owner = await user('Dana Gallery');
      const profile = await createProfileFor(owner);
      // A 2000×1500 phone photo carrying GPS coordinates.
      const original = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#b22222' } })
        .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } })
        .jpeg()
        .toBuffer();
      const uploaded = await clientAs(withPhotos, owner).post(`/api/profiles/${profile.id}/photos`, {
        url: `data:image/jpeg;base64,${original.toString('base64')}`,
      });
      t.is(uploaded.status, 201, uploaded.text);
      fake.next(chatReply('{"caption": "Engine crew at the station", "category": "milestone", "tags": ["crew"]}'));

      const res = await clientAs(withPhotos, owner).post('/api/ai/photo-caption', {
        profileId: profile.id,
        photoIndex: 0,
      });
      t.is(res.status, 200, res.text);
      t.is(res.body.caption, 'Engine crew at the station');
      const url: string = fake.requests.at(-1)!.body.messages[1].content[1].image_url.url;
      t.true(url.startsWith('data:image/jpeg;base64,'));
      const sent = await sharp(Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64')).metadata();
      t.is(sent.format, 'jpeg');
      t.true(sent.width! <= 800, `the medium variant (${sent.width} px wide)`);
      t.is(sent.exif, undefined, 'no EXIF (GPS) reaches the model');

      // Someone who may not edit the profile (a live one they can read) is refused.
      const stranger = await user('Sam Stranger');
      const refused = await clientAs(withPhotos, stranger).post('/api/ai/photo-caption', {
        profileId: profile.id,
        photoIndex: 0,
      });
      t.is(refused.status, 403);
    } finally {
      await withPhotos.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  },
);
