/** AI log shapes (spec 01 §3 "AI log"), shared by the AI service, the admin API and the islands. */

export const AI_LOG_TYPES = ['enhancement', 'photo_analysis'] as const;
export type AiLogType = (typeof AI_LOG_TYPES)[number];

/** What the user asked about: the field kind (e.g. 'personalStatement', 'photo'), its text, a short context. */
export interface AiLogInput {
  type: string;
  content: string;
  context: string;
}

/** The model's answer: `enhanced` text (enhancement) or `description` (photo analysis), confidence 0–1. */
export interface AiLogOutput {
  enhanced?: string;
  description?: string;
  category?: string;
  tags?: string[];
  confidence: number;
}

export interface AiLogJson {
  id: number;
  userId: number | null;
  type: AiLogType;
  input: AiLogInput;
  output: AiLogOutput | null;
  confidence: number | null;
  error: string | null;
  accepted: boolean | null;
  timestamp: string;
  feedbackTimestamp: string | null;
}
