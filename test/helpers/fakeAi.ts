/**
 * A real HTTP server (node:http) that speaks the OpenAI chat-completions protocol, for AI assist tests:
 * POST /v1/chat/completions answers with whatever the test queued (`next(...)`), else the default reply.
 * Every request is recorded (headers and parsed JSON body), so tests can check what was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiConfig } from '../../src/config';

export interface FakeReply {
  status?: number;
  /** Sent as JSON (content-type application/json). */
  json?: unknown;
  /** Sent as is (for malformed answers). */
  raw?: string;
  /** Waits before answering (for timeouts). */
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A chat-completions answer with `content`; logprobs per token when given. */
export function chatReply(
  content: string | null,
  options: { logprobs?: number[]; finishReason?: string; model?: string } = {},
): FakeReply {
  return {
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: options.model ?? 'fake-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content },
          finish_reason: options.finishReason ?? 'stop',
          logprobs: options.logprobs
            ? {
                content: options.logprobs.map((logprob, i) => ({
                  token: `t${i}`,
                  logprob,
                  bytes: [],
                  top_logprobs: [],
                })),
              }
            : null,
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  };
}

export interface FakeAiServer {
  /** The API root, as AI_BASE_URL: http://127.0.0.1:{port}/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues replies for the next requests, in order. */
  next(...replies: FakeReply[]): void;
  /** The reply when nothing is queued. */
  setDefault(reply: FakeReply | ((request: RecordedRequest) => FakeReply)): void;
  config(overrides?: Partial<AiConfig>): AiConfig;
  close(): Promise<void>;
}

export async function startFakeAi(): Promise<FakeAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  let fallback: FakeReply | ((request: RecordedRequest) => FakeReply) = chatReply('Fake suggestion.');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // recorded as text
      }
      const recorded = { path: req.url ?? '', headers: req.headers, body };
      requests.push(recorded);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const reply = queue.shift() ?? (typeof fallback === 'function' ? fallback(recorded) : fallback);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
        res.end(reply.raw ?? JSON.stringify(reply.json ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    requests,
    next: (...replies) => queue.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    config: (overrides = {}) => ({
      baseUrl,
      apiKey: 'sk-test-key',
      model: 'text-model',
      visionModel: 'vision-model',
      timeoutMs: 2000,
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
