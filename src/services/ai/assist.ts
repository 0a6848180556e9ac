/**
 * AI assist (docs/decisions/ai-assist.md; spec 01 §3 "AI log"): text enhancement and photo analysis, each call logged.
 * Invariants:
 * - Every call to the model writes exactly one ai_logs row, success or failure: input {type, content, context};
 *   on success output {enhanced | description, category, tags, confidence} and `confidence`; on failure `error`
 *   and no output. The row is one insert after the call — the model call (up to AI_TIMEOUT_MS) never holds a
 *   transaction or a pooled connection open, and a failed call's row is not rolled back with the request.
 * - An answer is shown only once checked: enhancement non-empty, complete (not cut by max_tokens) and within
 *   the field's length limit; photo analysis JSON with a caption, one of the four categories and tags.
 * - Confidence is the geometric mean of the token probabilities when the server returns log-probabilities,
 *   else a heuristic (docs/decisions/ai-assist.md).
 * - Feedback (accepted true/false) is given once, by the user who asked; anyone else finds no such log.
 */
import type { Knex } from 'knex';
import { BadGatewayError, ConflictError, GatewayTimeoutError, ValidationError } from '../../errors';
import { AiLog } from '../../models/AiLog';
import { Profile } from '../../models/Profile';
import { authorize } from '../../policies/policy';
import { aiSuggestionPolicy } from '../../policies/aiAssist';
import { profilePolicy } from '../../policies/profiles';
import type { Viewer } from '../../policies/viewer';
import {
  AI_MESSAGES,
  ENHANCE_FIELDS,
  photoAnalysisSchema,
  type EnhanceInput,
  type PhotoCaptionInput,
} from '../../validation/ai';
import type { AiLogInput, AiLogOutput, AiLogType } from '../../validation/aiLogs';
import { enhancementMessages, photoAnalysisMessages } from './prompts';
import { AiCallError, confidenceFromLogprobs, roundConfidence, type AiProvider, type ChatAnswer } from './provider';

/** An image the vision model can read. */
export interface PhotoImage {
  data: Buffer;
}

/**
 * Reads the medium-size, metadata-free variant of a photo in a profile's gallery (provided by the photos
 * feature; wired in createApp). Throws NotFoundError when the profile has no such photo.
 */
export type PhotoReader = (
  viewer: Viewer,
  ref: { profileId: number; photoIndex: number | null; photoId: number | null },
) => Promise<PhotoImage>;

/** A checked answer: what goes in `output`, or a reason the answer cannot be shown. */
type Checked = { output: AiLogOutput } | { unusable: string; message: string };

async function logCall(
  actor: Viewer,
  type: AiLogType,
  input: AiLogInput,
  model: string,
  startedAt: number,
  result: { output: AiLogOutput } | { error: string },
): Promise<AiLog> {
  return AiLog.query().insertAndFetch({
    userId: actor.id,
    type,
    input,
    model,
    durationMs: Date.now() - startedAt,
    ...('output' in result
      ? { output: result.output, confidence: result.output.confidence, error: null }
      : { output: null, confidence: null, error: result.error }),
  });
}

/**
 * Calls the model, checks the answer and logs the call. A failure is logged, then thrown as the answer the
 * user sees: 504 when the model was too slow, 502 when it failed or its answer could not be used.
 */
async function callAndLog(
  actor: Viewer,
  type: AiLogType,
  input: AiLogInput,
  model: string,
  call: () => Promise<ChatAnswer>,
  check: (answer: ChatAnswer) => Checked,
): Promise<AiLog> {
  const startedAt = Date.now();
  let answer: ChatAnswer;
  try {
    answer = await call();
  } catch (error) {
    if (!(error instanceof AiCallError)) throw error;
    await logCall(actor, type, input, model, startedAt, { error: `${error.kind}: ${error.detail}` });
    throw error.kind === 'timeout'
      ? new GatewayTimeoutError(AI_MESSAGES.timeout)
      : new BadGatewayError(AI_MESSAGES.failed);
  }
  const checked = check(answer);
  if ('unusable' in checked) {
    await logCall(actor, type, input, answer.model, startedAt, { error: checked.unusable });
    throw new BadGatewayError(checked.message);
  }
  return logCall(actor, type, input, answer.model, startedAt, checked);
}

/** Drops what models wrap an answer in despite being told not to: a code fence, surrounding quotes. */
function unwrap(text: string): string {
  let out = text.trim();
  const fence = /^```[\w-]*\n([\s\S]*?)\n?```$/.exec(out);
  if (fence) out = fence[1]!.trim();
  const quoted = /^(["“])([\s\S]*)(["”])$/.exec(out);
  if (quoted && !quoted[2]!.includes(quoted[1]!)) out = quoted[2]!.trim();
  return out;
}

/**
 * Facts a rewrite must keep: numbers (with their separators) and capitalised words that do not start a
 * sentence (names, places, units).
 */
function factsOf(text: string): string[] {
  const numbers = text.match(/\d[\d,.:/-]*\d|\d/g) ?? [];
  const words = text.split(/\s+/);
  const names = words
    .filter((word, i) => i > 0 && !/[.!?:]["”)]?$/.test(words[i - 1]!) && /^\(?[A-Z]/.test(word))
    .map((word) => word.replace(/^\W+|[^\w'’-]+$/g, '').replace(/['’]s$/, ''))
    .filter((name) => name.length > 1);
  return [...new Set([...numbers, ...names])];
}

/**
 * Confidence without log-probabilities (docs/decisions/ai-assist.md): 0.4 + 0.5 × the share of the original's facts
 * found unchanged in the suggestion (0.9 when it has none to keep). Never above 0.9: a guess is not a
 * measurement.
 */
export function enhancementHeuristic(original: string, enhanced: string): number {
  const facts = factsOf(original);
  if (!facts.length) return 0.9;
  const kept = facts.filter((fact) => enhanced.includes(fact)).length;
  return roundConfidence(0.4 + (0.5 * kept) / facts.length);
}

export async function enhanceText(actor: Viewer, input: EnhanceInput, ai: AiProvider): Promise<AiLog> {
  const field = ENHANCE_FIELDS[input.field];
  const context = input.context || '';
  const logInput: AiLogInput = { type: input.field, content: input.text, context };
  // Room for the answer: ~3 characters a token, plus slack; a cut answer (finish_reason 'length') is refused.
  const maxTokens = Math.min(4096, Math.ceil(field.max / 3) + 64);
  return callAndLog(
    actor,
    'enhancement',
    logInput,
    ai.model,
    () =>
      ai.chat({
        model: ai.model,
        messages: enhancementMessages({ label: field.label, max: field.max, text: input.text, context: input.context }),
        maxTokens,
      }),
    (answer) => {
      const enhanced = unwrap(answer.text);
      if (!enhanced) return { unusable: 'empty answer', message: AI_MESSAGES.empty };
      if (enhanced.length > field.max || answer.finishReason === 'length') {
        return {
          unusable: `answer too long: ${enhanced.length} characters (limit ${field.max}, finish_reason ${answer.finishReason})`,
          message: AI_MESSAGES.tooLong(field.max),
        };
      }
      const confidence = answer.logprobs
        ? confidenceFromLogprobs(answer.logprobs)
        : enhancementHeuristic(input.text, enhanced);
      return { output: { enhanced, confidence } };
    },
  );
}

/** The image's type from its first bytes (never from a name or a header): JPEG, WebP or PNG. */
export function imageMimeType(data: Buffer): 'image/jpeg' | 'image/webp' | 'image/png' | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  return undefined;
}

/** The first JSON object in a model's text (models wrap it in fences or prose despite the prompt). */
function jsonObjectIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** Without log-probabilities: the model's own confidence in its category, capped at 0.9; 0.5 if it gave none. */
const PHOTO_HEURISTIC_DEFAULT = 0.5;

/**
 * Sends one image to the vision model and returns the logged answer: caption (output.description), category,
 * tags. `reference` names the photo in the log (the image itself is not stored there).
 */
export async function analyzePhoto(
  actor: Viewer,
  input: { image: PhotoImage; reference: string; context: string | null },
  ai: AiProvider,
): Promise<AiLog> {
  const mime = imageMimeType(input.image.data);
  if (!mime) throw new ValidationError('Photo analysis needs a JPEG, WebP or PNG image');
  const logInput: AiLogInput = { type: 'photo', content: input.reference, context: input.context ?? '' };
  const dataUrl = `data:${mime};base64,${input.image.data.toString('base64')}`;
  return callAndLog(
    actor,
    'photo_analysis',
    logInput,
    ai.visionModel,
    () =>
      ai.chat({
        model: ai.visionModel,
        messages: photoAnalysisMessages({ dataUrl, context: input.context }),
        maxTokens: 400,
        temperature: 0.2,
      }),
    (answer) => {
      const parsed = jsonObjectIn(answer.text);
      if (parsed === undefined)
        return { unusable: `answer is not a JSON object: ${answer.text.slice(0, 200)}`, message: AI_MESSAGES.unusable };
      let analysis;
      try {
        analysis = photoAnalysisSchema.validateSync(parsed, { stripUnknown: true });
      } catch (error) {
        return { unusable: `answer does not fit: ${(error as Error).message}`, message: AI_MESSAGES.unusable };
      }
      const confidence = answer.logprobs
        ? confidenceFromLogprobs(answer.logprobs)
        : roundConfidence(Math.min(0.9, analysis.confidence ?? PHOTO_HEURISTIC_DEFAULT));
      return {
        output: { description: analysis.caption, category: analysis.category, tags: analysis.tags, confidence },
      };
    },
  );
}

/**
 * Photo analysis of a photo in a profile the actor may edit: checks the profile, reads the photo's medium
 * variant through the photos feature's reader, and analyses it.
 */
export async function suggestPhotoCaption(
  actor: Viewer,
  input: PhotoCaptionInput,
  deps: { ai: AiProvider; readPhoto: PhotoReader },
): Promise<AiLog> {
  authorize(profilePolicy, actor, 'update', await Profile.query().findById(input.profileId));
  const image = await deps.readPhoto(actor, input);
  const reference =
    input.photoId !== null
      ? `profile ${input.profileId}, photo id ${input.photoId}`
      : `profile ${input.profileId}, photo ${input.photoIndex}`;
  return analyzePhoto(actor, { image, reference, context: null }, deps.ai);
}

/**
 * The user's answer to a suggestion: accepted true or false, once. Only the user who asked may answer
 * (anyone else: not found); a failed call has nothing to answer; a second answer is a conflict.
 */
export async function answerAiSuggestion(
  trx: Knex.Transaction,
  actor: Viewer,
  input: { id: number; accepted: boolean },
): Promise<AiLog> {
  const log = authorize(aiSuggestionPolicy, actor, 'answer', await AiLog.query(trx).findById(input.id));
  if (log.output === null) throw new ConflictError(AI_MESSAGES.nothingToAnswer);
  const updated = await AiLog.query(trx)
    .patch({ accepted: input.accepted, feedbackTimestamp: new Date() })
    .where('id', log.id)
    .whereNull('accepted')
    .returning('*')
    .first();
  if (!updated) throw new ConflictError(AI_MESSAGES.alreadyAnswered);
  return updated;
}
