/**
 * The model server: any OpenAI-compatible chat-completions endpoint (POST {AI_BASE_URL}/chat/completions) —
 * a hosted API, Ollama, llama.cpp's server, vLLM. Node's fetch, no SDK (docs/decisions/ai-assist.md).
 * - Every call is abandoned after `timeoutMs` (the whole exchange, body included).
 * - It asks for token log-probabilities (`logprobs: true`); a server that refuses the parameter (a 400 naming
 *   it) is asked again without, and not asked for them again.
 * - Failures are AiCallError with a kind (timeout, http, malformed, network) and a detail for the log; the
 *   detail never carries the API key.
 */
import type { AiConfig } from '../../config';

export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ChatContentPart[];
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  temperature?: number;
}

export interface ChatAnswer {
  text: string;
  /** 'stop' when the model finished, 'length' when max_tokens cut it short (null when not said). */
  finishReason: string | null;
  /** The log-probability of each generated token, when the server returned them. */
  logprobs: number[] | null;
  /** The model that answered (as the server names it). */
  model: string;
}

export type AiFailureKind = 'timeout' | 'http' | 'malformed' | 'network';

export class AiCallError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AiCallError';
  }
}

export interface AiProvider {
  readonly model: string;
  readonly visionModel: string;
  chat(request: ChatRequest): Promise<ChatAnswer>;
}

const DETAIL_MAX = 300;

const cut = (text: string) => (text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text);

/** Reads the first choice of a chat-completions answer; anything else is malformed. */
function parseAnswer(raw: string, requestedModel: string): ChatAnswer {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AiCallError('malformed', `The model server's answer is not JSON: ${cut(raw)}`);
  }
  const choice = (body as { choices?: unknown })?.choices;
  const first = Array.isArray(choice) ? (choice[0] as Record<string, unknown> | undefined) : undefined;
  const message = first?.message as { content?: unknown } | undefined;
  const content = message?.content;
  if (!first || (content !== null && content !== undefined && typeof content !== 'string')) {
    throw new AiCallError('malformed', `The model server's answer has no choices[0].message.content: ${cut(raw)}`);
  }
  const tokens = (first.logprobs as { content?: unknown } | null | undefined)?.content;
  const logprobs = Array.isArray(tokens)
    ? tokens
        .map((token) => (token as { logprob?: unknown })?.logprob)
        .filter((value): value is number => typeof value === 'number' && Number.isFinite(value) && value <= 0)
    : [];
  const model = (body as { model?: unknown }).model;
  return {
    text: typeof content === 'string' ? content : '',
    finishReason: typeof first.finish_reason === 'string' ? first.finish_reason : null,
    logprobs: logprobs.length ? logprobs : null,
    model: typeof model === 'string' && model ? model : requestedModel,
  };
}

export function createAiProvider(config: AiConfig, fetchImpl: typeof fetch = fetch): AiProvider {
  let askLogprobs = true;

  const post = async (body: Record<string, unknown>): Promise<{ status: number; text: string }> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
    try {
      const response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
        redirect: 'error',
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new AiCallError('timeout', `No answer within ${config.timeoutMs} ms`);
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new AiCallError(
        'network',
        `The model server could not be reached: ${cause?.code ?? cause?.message ?? String(error)}`,
      );
    }
  };

  return {
    model: config.model,
    visionModel: config.visionModel,
    async chat({ model, messages, maxTokens, temperature = 0.3 }) {
      const body: Record<string, unknown> = { model, messages, max_tokens: maxTokens, temperature, stream: false };
      let answer = await post(askLogprobs ? { ...body, logprobs: true } : body);
      if (askLogprobs && answer.status === 400 && /logprob/i.test(answer.text)) {
        askLogprobs = false;
        answer = await post(body);
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw new AiCallError('http', `The model server answered ${answer.status}: ${cut(answer.text)}`);
      }
      return parseAnswer(answer.text, model);
    },
  };
}

/** The geometric mean of the tokens' probabilities, exp(mean log p): 0–1, rounded to 3 places. */
export function confidenceFromLogprobs(logprobs: readonly number[]): number {
  const mean = logprobs.reduce((sum, value) => sum + value, 0) / logprobs.length;
  return roundConfidence(Math.exp(mean));
}

export const roundConfidence = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
