/** Typed calls of the AI assist API (src/api/ai.ts) for the islands. */
import type { AiFeedbackResponse, EnhanceField, EnhanceResponse, PhotoCaptionResponse } from '../../src/validation/ai';
import { api } from './api';

export const aiApi = {
  enhance: (body: { field: EnhanceField; text: string; context?: string | null }) =>
    api.post<EnhanceResponse>('/api/ai/enhance', body),
  photoCaption: (body: PhotoReference) => api.post<PhotoCaptionResponse>('/api/ai/photo-caption', body),
  feedback: (logId: number, accepted: boolean) =>
    api.post<AiFeedbackResponse>(`/api/ai/logs/${logId}/feedback`, { accepted }),
};

/** A photo in a profile's gallery: by its place (0-based) or by its id. */
export type PhotoReference = { profileId: number } & (
  { photoIndex: number; photoId?: null } | { photoId: number; photoIndex?: null }
);
