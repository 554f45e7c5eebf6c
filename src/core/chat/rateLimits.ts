// Staying within a model's rate limits while routing evals run cases in parallel
// (docs/routing.md, "Rate limits and concurrency"). One RequestGate is shared by every request
// of a run: when one request is told to wait (429 and its Retry-After, or an editor model's
// "rate limit … wait 20 seconds"), every request waits, rather than each worker hammering the
// limit on its own. Editor models throw their rate limits as errors with a message, which
// `rateLimitOf` reads; `retryingModel` asks again after the wait. A quota or a permission
// refusal is not a rate limit: it fails at once, and is counted as an error, never as a pick.
import { NEVER_CANCELLED, sleep, type CancellationToken } from '../base/cancellation';
import type { ChatModel, ChatRequestOptions } from './agentLoop';
import type { ChatMessage, ResponsePart } from './conversation';
import type { ToolDefinition } from '../loading/toolDefinitions';

/** Makes every request of a run wait while any of them has been told to. */
export class RequestGate {
  private openAt = 0;
  /** Rate limits seen, for the run's summary. */
  waits = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Closes the gate for `ms` from now (an earlier opening never shortens a later one). */
  holdFor(ms: number): void {
    this.waits++;
    this.openAt = Math.max(this.openAt, this.now() + Math.max(0, ms));
  }

  /** Resolves when the gate is open; rejects when cancelled. */
  async ready(token: CancellationToken = NEVER_CANCELLED): Promise<void> {
    for (let wait = this.openAt - this.now(); wait > 0; wait = this.openAt - this.now()) await sleep(wait, token);
  }
}

/** What a failed request says about a rate limit: undefined when it is not one. */
export interface RateLimit {
  /** How long the error asks to wait, when it says. */
  readonly retryAfterMs?: number;
}

const RATE_LIMITED = /rate[- ]?limit|ratelimited|too many requests|\b429\b/i;
const WAIT =
  /(?:wait|retry in|try again in|retry after|retry-after:?)\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)\b/i;

/** Reads an error (an editor model's LanguageModelError, or any Error) for a rate limit and its wait. */
export function rateLimitOf(error: unknown): RateLimit | undefined {
  const text = errorText(error);
  if (!RATE_LIMITED.test(text)) return undefined;
  const wait = WAIT.exec(text);
  if (!wait) return {};
  const value = Number(wait[1]);
  const unit = wait[2].toLowerCase();
  const ms =
    unit.startsWith('ms') || unit.startsWith('milli') ? value : unit.startsWith('m') ? value * 60_000 : value * 1000;
  return { retryAfterMs: ms };
}

function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { message, code, cause } = error as { message?: unknown; code?: unknown; cause?: unknown };
  return [message, code, cause instanceof Error ? cause.message : undefined]
    .filter((s) => typeof s === 'string')
    .join(' ');
}

export interface RetryPolicy {
  /** Retries after the first request; default 4. */
  readonly retries?: number;
  /** The first backoff when the error does not say how long, doubled each retry; default 2 s. */
  readonly firstDelayMs?: number;
  /** The longest wait, whatever the error asks; default 60 s. */
  readonly maxDelayMs?: number;
}

/**
 * `model`, asking again when a request is rate-limited before any part of its answer came (a
 * stream cut halfway is not retried: its parts were already used). Every wait goes through the
 * shared gate.
 */
export function retryingModel(model: ChatModel, gate: RequestGate, policy: RetryPolicy = {}): ChatModel {
  const retries = policy.retries ?? 4;
  const maxDelay = policy.maxDelayMs ?? 60_000;
  return {
    name: model.name,
    async *sendRequest(
      messages: readonly ChatMessage[],
      tools: readonly ToolDefinition[],
      token: CancellationToken,
      options?: ChatRequestOptions,
    ): AsyncIterable<ResponsePart> {
      let delay = policy.firstDelayMs ?? 2000;
      for (let attempt = 0; ; attempt++) {
        await gate.ready(token);
        const parts = model.sendRequest(messages, tools, token, options)[Symbol.asyncIterator]();
        let first: IteratorResult<ResponsePart>;
        try {
          first = await parts.next();
        } catch (error) {
          const limit = rateLimitOf(error);
          if (!limit || attempt >= retries || token.isCancellationRequested) throw error;
          gate.holdFor(Math.min(maxDelay, limit.retryAfterMs ?? delay));
          delay *= 2;
          continue;
        }
        if (first.done) return;
        yield first.value;
        for (let next = await parts.next(); !next.done; next = await parts.next()) yield next.value;
        return;
      }
    },
  };
}

/** `model` with fixed request options (the evals' temperature) on every request. */
export function withRequestOptions(model: ChatModel, options: ChatRequestOptions): ChatModel {
  return {
    name: model.name,
    sendRequest: (messages, tools, token, extra) => model.sendRequest(messages, tools, token, { ...options, ...extra }),
  };
}
