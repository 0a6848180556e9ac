/**
 * AI suggestions as their asker receives them (src/validation/ai.ts types). Only the asker is ever answered
 * (aiSuggestionPolicy), who sees every field; the viewer is part of the signature like every presenter's.
 */
import type { AiLog } from '../models/AiLog';
import type { Viewer } from '../policies/viewer';
import type {
  AiFeedbackResponse,
  EnhanceField,
  EnhanceResponse,
  PhotoCaptionResponse,
  PhotoCategory,
} from '../validation/ai';
import { iso } from './iso';

export function presentEnhancement(log: AiLog, _viewer: Viewer): EnhanceResponse {
  return {
    logId: Number(log.id),
    field: log.input.type as EnhanceField,
    original: log.input.content,
    enhanced: log.output?.enhanced ?? '',
    confidence: log.output?.confidence ?? 0,
  };
}

export function presentPhotoCaption(log: AiLog, _viewer: Viewer): PhotoCaptionResponse {
  return {
    logId: Number(log.id),
    caption: log.output?.description ?? '',
    category: log.output?.category as PhotoCategory,
    tags: log.output?.tags ?? [],
    confidence: log.output?.confidence ?? 0,
  };
}

export function presentAiFeedback(log: AiLog, _viewer: Viewer): AiFeedbackResponse {
  return { id: Number(log.id), accepted: log.accepted === true, feedbackTimestamp: iso(log.feedbackTimestamp!) };
}
