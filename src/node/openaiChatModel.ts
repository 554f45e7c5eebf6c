// core's ChatModel over an OpenAI-compatible chat-completions endpoint with tool calling
// (docs/routing.md, "--router openai"), for `skillsmith eval` in CI against a server the
// team runs. One non-streaming request per model call; a request that fails, answers with
// an error status or outlasts the timeout rejects with a message that says which.
import * as http from 'node:http';
import * as https from 'node:https';
import type { ChatModel, ChatRequestOptions } from '../core/chat/agentLoop';
import type { CancellationToken, ChatMessage, ResponsePart } from '../core/chat/conversation';
import { RequestGate } from '../core/chat/rateLimits';
import type { ToolDefinition } from '../core/loading/toolDefinitions';

export interface OpenAiModelOptions {
  /** The API's base, e.g. `http://127.0.0.1:8000/v1`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly model: string;
  /** Per request; default 60 s. */
  readonly timeoutMs?: number;
  /** Retries of a request answered 429, 408 or 5xx; default 4. (A timeout or a refused connection is not retried.) */
  readonly retries?: number;
  /** The first backoff, doubled each retry (a Retry-After header wins, up to maxRetryDelayMs); default 1 s. */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  /** Shared by the requests of one run, so that a rate limit holds all of them (core/chat/rateLimits.ts). */
  readonly gate?: RequestGate;
}

/** How long a Retry-After header asks to wait (seconds, or an HTTP date), in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A status worth asking again: rate limits and the server's own failures. */
const RETRIED_STATUS = (status: number) => status === 429 || status === 408 || status >= 500;

/** Token counts the server reported, summed over requests. */
export interface TokenUsage {
  prompt: number;
  completion: number;
}

export const OPENAI_ENV = {
  baseUrl: 'SKILLSMITH_OPENAI_BASE_URL',
  apiKey: 'SKILLSMITH_OPENAI_API_KEY',
  model: 'SKILLSMITH_OPENAI_MODEL',
} as const;

/** The options from the environment, or the names of the variables that are missing. */
export function openAiOptionsFromEnv(env: NodeJS.ProcessEnv): OpenAiModelOptions | { missing: string[] } {
  const baseUrl = env[OPENAI_ENV.baseUrl]?.trim();
  const model = env[OPENAI_ENV.model]?.trim();
  const missing = [...(baseUrl ? [] : [OPENAI_ENV.baseUrl]), ...(model ? [] : [OPENAI_ENV.model])];
  if (!baseUrl || !model) return { missing };
  const apiKey = env[OPENAI_ENV.apiKey]?.trim();
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}) };
}

type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** Core messages as chat-completions messages: tool results become `tool` messages. */
export function toWireMessages(messages: readonly ChatMessage[]): WireMessage[] {
  const wire: WireMessage[] = [];
  for (const message of messages) {
    const text = message.parts.flatMap((p) => (p.kind === 'text' ? [p.value] : [])).join('');
    if (message.role === 'assistant') {
      const calls = message.parts.flatMap((p) => (p.kind === 'toolCall' ? [p] : []));
      wire.push({
        role: 'assistant',
        content: text === '' ? null : text,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((c) => ({
                id: c.callId,
                type: 'function' as const,
                function: { name: c.name, arguments: JSON.stringify(c.input) },
              })),
            }
          : {}),
      });
      continue;
    }
    for (const part of message.parts) {
      if (part.kind === 'toolResult') wire.push({ role: 'tool', tool_call_id: part.callId, content: part.text });
    }
    if (text !== '') wire.push({ role: message.role, content: text });
  }
  return wire;
}

function parseArguments(text: unknown): object {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** A chat model on an OpenAI-compatible server. */
export class OpenAiChatModel implements ChatModel {
  readonly usage: TokenUsage = { prompt: 0, completion: 0 };

  constructor(private readonly options: OpenAiModelOptions) {}

  get name(): string {
    return this.options.model;
  }

  /** Requests sent, retries included. */
  requests = 0;

  async *sendRequest(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    token: CancellationToken,
    options?: ChatRequestOptions,
  ): AsyncIterable<ResponsePart> {
    const body = {
      model: this.options.model,
      messages: toWireMessages(messages),
      ...(tools.length > 0
        ? {
            tools: tools.map((t) => ({
              type: 'function',
              function: { name: t.name, description: t.description, parameters: t.inputSchema },
            })),
            tool_choice: 'auto',
          }
        : {}),
      temperature: options?.temperature ?? 0,
    };
    const data = await this.post(body, token);
    const usage = data.usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;
    if (typeof usage?.prompt_tokens === 'number') this.usage.prompt += usage.prompt_tokens;
    if (typeof usage?.completion_tokens === 'number') this.usage.completion += usage.completion_tokens;
    const choices = data.choices as { message?: { content?: unknown; tool_calls?: unknown } }[] | undefined;
    const message = choices?.[0]?.message;
    if (!message) throw new Error(`the server's answer has no choices[0].message`);
    if (typeof message.content === 'string' && message.content !== '') yield { kind: 'text', value: message.content };
    const calls = Array.isArray(message.tool_calls)
      ? (message.tool_calls as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[])
      : [];
    let index = 0;
    for (const call of calls) {
      const name = call.function?.name;
      if (typeof name !== 'string') continue;
      const callId = typeof call.id === 'string' && call.id !== '' ? call.id : `call-${index}`;
      index++;
      yield { kind: 'toolCall', callId, name, input: parseArguments(call.function?.arguments) };
    }
  }

  /**
   * One request, asked again with backoff when it is rate-limited (429, honouring Retry-After)
   * or answered with a server error. A request that still fails rejects: the evals count it as
   * an error, never as a pick or an abstention.
   */
  private async post(body: object, token: CancellationToken): Promise<Record<string, unknown>> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    const retries = this.options.retries ?? 4;
    const maxDelay = this.options.maxRetryDelayMs ?? 30_000;
    let delay = this.options.retryDelayMs ?? 1000;
    const gate = this.options.gate ?? new RequestGate();
    let answer: { status: number; text: string; retryAfter?: string };
    for (let attempt = 0; ; attempt++) {
      await gate.ready(token);
      this.requests++;
      answer = await postJson(url, body, this.options.apiKey, timeoutMs, token);
      if (!RETRIED_STATUS(answer.status) || attempt >= retries) break;
      // Every request of the run waits, not only this one.
      gate.holdFor(Math.min(maxDelay, retryAfterMs(answer.retryAfter) ?? delay));
      delay *= 2;
    }
    const { status, text } = answer;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (status < 200 || status >= 300) {
      const detail = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
      throw new Error(
        `${url} answered ${status}${typeof detail === 'string' ? `: ${detail}` : text ? `: ${text.slice(0, 200)}` : ''}`,
      );
    }
    if (typeof data !== 'object' || data === null) throw new Error(`${url} did not answer with JSON`);
    return data as Record<string, unknown>;
  }
}

/**
 * One JSON POST with node:http(s). (Not fetch: its connections fail under Wine, where the
 * Windows unit tests run, and node:http needs nothing more.)
 */
function postJson(
  url: string,
  body: object,
  apiKey: string | undefined,
  timeoutMs: number,
  token: CancellationToken,
): Promise<{ status: number; text: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    if (token.isCancellationRequested) return reject(new Error('cancelled'));
    const payload = Buffer.from(JSON.stringify(body));
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    let failure: Error | undefined;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        const retryAfter = response.headers['retry-after'];
        response.on('end', () =>
          finish(() =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
            }),
          ),
        );
        response.on('error', (error) => finish(() => reject(failure ?? error)));
      },
    );
    const timer = setTimeout(() => {
      failure = new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
      request.destroy(failure);
    }, timeoutMs);
    const cancel = token.onCancellationRequested(() => {
      failure = new Error('cancelled');
      request.destroy(failure);
    });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      cancel.dispose();
      settle();
    };
    request.on('error', (error) => finish(() => reject(failure ?? new Error(`cannot reach ${url}: ${error.message}`))));
    request.end(payload);
  });
}
