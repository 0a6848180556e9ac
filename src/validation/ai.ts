/**
 * AI assist (docs/decisions/ai-assist.md): which fields may be enhanced and their limits, the requests and answers of
 * /api/ai/..., and the messages. Shared by the server and the islands (EnhanceButton, SuggestCaptionButton).
 */
import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { id, trimmed, lowerCased } from './common';
import { LIST_LONG_TEXT_MAX, LIST_TEXT_MAX } from './lists/define';
import { PERSONAL_STATEMENT_MAX } from './profiles';

/**
 * The long text fields with an Enhance action, by key: the profile's own field, or `list.field`. `max` is the
 * field's own length limit (the enhanced text must fit it); `label` is what the prompt calls it.
 */
export const ENHANCE_FIELDS = {
  personalStatement: { label: 'personal statement', max: PERSONAL_STATEMENT_MAX },
  'incidents.description': { label: 'incident description', max: LIST_LONG_TEXT_MAX },
  'incidents.detailedStory': { label: 'detailed incident story', max: LIST_LONG_TEXT_MAX },
  'incidents.lessonsLearned': { label: 'lessons learned from an incident', max: LIST_LONG_TEXT_MAX },
  'awards.citation': { label: 'award citation', max: LIST_LONG_TEXT_MAX },
  'awards.significance': { label: 'significance of an award', max: LIST_LONG_TEXT_MAX },
  'timeline.description': { label: 'career timeline event description', max: LIST_LONG_TEXT_MAX },
} as const;

export type EnhanceField = keyof typeof ENHANCE_FIELDS;
export const ENHANCE_FIELD_KEYS = Object.keys(ENHANCE_FIELDS) as EnhanceField[];

/** The key of a list field in ENHANCE_FIELDS, if it has an Enhance action. */
export function enhanceFieldKey(list: string, field: string): EnhanceField | undefined {
  const key = `${list}.${field}`;
  return key in ENHANCE_FIELDS ? (key as EnhanceField) : undefined;
}

/** The short context sent with a text (an incident's title, an award's name): never more than this. */
export const AI_CONTEXT_MAX = 300;
export const PHOTO_CATEGORIES = ['milestone', 'action', 'training', 'ceremony'] as const;
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number];
export const PHOTO_CAPTION_MAX = LIST_TEXT_MAX;
export const PHOTO_TAGS_MAX = 10;
export const PHOTO_TAG_MAX = 40;

export const AI_MESSAGES = {
  notConfigured: 'AI assist is not available: no AI model is configured on this server.',
  textRequired: 'Write something first, then ask for an enhancement.',
  fieldInvalid: 'This field cannot be enhanced',
  textTooLong: (max: number) => `Text must be at most ${max} characters`,
  timeout: 'The AI model took too long to answer. Please try again.',
  failed: 'The AI model could not answer. Please try again later.',
  empty: 'The AI model gave no suggestion. Please try again.',
  tooLong: (max: number) => `The AI suggestion was longer than the field allows (${max} characters). Please try again.`,
  unusable: 'The AI model gave an answer that could not be used. Please try again.',
  logNotFound: 'AI suggestion not found',
  photoNotFound: 'Photo not found',
  photoReference: 'Name the photo by photoIndex or by photoId (one of the two)',
  alreadyAnswered: 'This suggestion was already accepted or rejected.',
  nothingToAnswer: 'This AI call gave no suggestion to accept or reject.',
  acceptedRequired: 'Accepted must be true or false',
  enhanceFailed: 'Enhancement failed',
  captionFailed: 'Caption suggestion failed',
} as const;

export const enhanceSchema = object({
  field: mixed<EnhanceField>().oneOf(ENHANCE_FIELD_KEYS, AI_MESSAGES.fieldInvalid).required(AI_MESSAGES.fieldInvalid),
  text: string()
    .typeError(AI_MESSAGES.textRequired)
    .transform(trimmed)
    .required(AI_MESSAGES.textRequired)
    .test('field-max', (value, { parent, createError }) => {
      const max = ENHANCE_FIELDS[parent.field as EnhanceField]?.max ?? LIST_LONG_TEXT_MAX;
      return !value || value.length <= max || createError({ message: AI_MESSAGES.textTooLong(max) });
    }),
  /** What the text is about (an incident's title, an award's name); cut to AI_CONTEXT_MAX characters. */
  context: string()
    .transform(trimmed)
    .nullable()
    .default(null)
    .transform((value: string | null) => (typeof value === 'string' ? value.slice(0, AI_CONTEXT_MAX) : value)),
});
export type EnhanceInput = InferType<typeof enhanceSchema>;

/** A photo by its place in the profile's gallery (PATCH /api/profiles/{id}/photos/{index}) or by its id. */
export const photoCaptionSchema = object({
  profileId: id(AI_MESSAGES.photoNotFound),
  /** The photo's place in the gallery (0-based), or its id: exactly one of the two. */
  photoIndex: number()
    .typeError(AI_MESSAGES.photoNotFound)
    .integer(AI_MESSAGES.photoNotFound)
    .min(0, AI_MESSAGES.photoNotFound)
    .max(10_000, AI_MESSAGES.photoNotFound)
    .nullable()
    .default(null),
  photoId: id(AI_MESSAGES.photoNotFound).nullable().default(null),
}).test(
  'one-reference',
  AI_MESSAGES.photoReference,
  (value) => (value.photoIndex === null) !== (value.photoId === null),
);
export type PhotoCaptionInput = InferType<typeof photoCaptionSchema>;

export const aiFeedbackSchema = object({
  accepted: boolean().strict().typeError(AI_MESSAGES.acceptedRequired).required(AI_MESSAGES.acceptedRequired),
});

/** What the model's photo answer must be (after parsing its JSON). */
export const photoAnalysisSchema = object({
  caption: string().transform(trimmed).required().max(PHOTO_CAPTION_MAX),
  category: mixed<PhotoCategory>()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
    .oneOf([...PHOTO_CATEGORIES])
    .required(),
  tags: array(string().transform(trimmed).transform(lowerCased).required().max(PHOTO_TAG_MAX))
    .default([])
    .transform((tags: unknown) =>
      Array.isArray(tags)
        ? [...new Set(tags.filter((tag) => typeof tag === 'string').map((tag: string) => tag.trim().toLowerCase()))]
            .filter(Boolean)
            .slice(0, PHOTO_TAGS_MAX)
        : tags,
    )
    .max(PHOTO_TAGS_MAX),
  confidence: number().min(0).max(1).nullable().default(null),
});

/** POST /api/ai/enhance: the suggestion and the log id to answer with feedback. */
export interface EnhanceResponse {
  logId: number;
  field: EnhanceField;
  original: string;
  enhanced: string;
  confidence: number;
}

/** POST /api/ai/photo-caption. */
export interface PhotoCaptionResponse {
  logId: number;
  caption: string;
  category: PhotoCategory;
  tags: string[];
  confidence: number;
}

/** POST /api/ai/logs/{id}/feedback. */
export interface AiFeedbackResponse {
  id: number;
  accepted: boolean;
  feedbackTimestamp: string;
}
