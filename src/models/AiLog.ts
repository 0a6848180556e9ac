import { BaseModel } from './BaseModel';
import type { AiLogInput, AiLogOutput, AiLogType } from '../validation/aiLogs';

/** One AI-assisted interaction (table ai_logs). `output` is null for a failed call, which has `error`. */
export class AiLog extends BaseModel {
  static override tableName = 'ai_logs';

  id!: number;
  userId!: number | null;
  type!: AiLogType;
  input!: AiLogInput;
  output!: AiLogOutput | null;
  confidence!: number | null;
  error!: string | null;
  model!: string | null;
  durationMs!: number | null;
  accepted!: boolean | null;
  timestamp!: Date;
  feedbackTimestamp!: Date | null;

  static override jsonAttributes = ['input', 'output'];
}
