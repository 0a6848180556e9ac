/** AI suggestions as their asker receives them (src/validation/ai.ts types). */
import type { AiLog } from '../models/AiLog';
import type {
  AiFeedbackResponse,
  EnhanceField,
  EnhanceResponse,
  PhotoCaptionResponse,
  PhotoCategory,
} from '../validation/ai';
import { iso } from './iso';

export function presentEnhancement(log: AiLog): EnhanceResponse {
  return {
    logId: Number(log.id),
    field: log.input.type as EnhanceField,
    original: log.input.content,
    enhanced: log.output?.enhanced ?? '',
    confidence: log.output?.confidence ?? 0,
  };
}

export function presentPhotoCaption(log: AiLog): PhotoCaptionResponse {
  return {
    logId: Number(log.id),
    caption: log.output?.description ?? '',
    category: log.output?.category as PhotoCategory,
    tags: log.output?.tags ?? [],
    confidence: log.output?.confidence ?? 0,
  };
}

export function presentAiFeedback(log: AiLog): AiFeedbackResponse {
  return { id: Number(log.id), accepted: log.accepted === true, feedbackTimestamp: iso(log.feedbackTimestamp!) };
}
