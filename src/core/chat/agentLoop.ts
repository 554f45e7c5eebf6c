// The @skills participant's tool-calling loop, kept free of `vscode` so that node --test
// can drive it with a scripted model. The participant adapts `LanguageModelChat` to
// ChatModel and `lm.invokeTool` to `invokeTool`; the loop owns the protocol: stream the
// text, run the round's tool calls, send an Assistant message with the calls and a User
// message with one result per call id, and repeat until the model stops asking or the
// round cap is hit. Every await races the cancellation token, so a model that never
// answers is abandoned as soon as the user presses stop.

import {
  isRecord,
  roundMessages,
  textMessage,
  type CancellationToken,
  type ChatMessage,
  type ResponsePart,
  type ToolCall,
  type ToolCallResult,
  type ToolCallRound,
} from './conversation';
import { DEFAULT_MAX_ROUNDS } from '../base/limits';
import { closestMatches, didYouMean } from '../base/suggest';
import type { ToolDefinition } from '../loading/toolDefinitions';
import type { ToolErrorType } from '../loading/tools';

/** Sampling options of one request (the routing evals' temperature); a model applies what it can. */
export interface ChatRequestOptions {
  readonly temperature?: number;
}

/** A language model, as the loop sees it. */
export interface ChatModel {
  /** Shown in error messages (e.g. `vscode.LanguageModelChat.name`). */
  readonly name?: string;
  /**
   * Sends one request and yields the response parts as they arrive. A failed request
   * throws (or rejects from `next()`); `error.code` of a `LanguageModelError` is honoured.
   */
  sendRequest(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    token: CancellationToken,
    options?: ChatRequestOptions,
  ): AsyncIterable<ResponsePart>;
}

/** Hooks the participant uses to render progress; every hook is optional and synchronous. */
export interface AgentLoopSink {
  /** A piece of assistant text, in the order the model produced it. */
  onText?(text: string): void;
  /** A known tool is about to be invoked (not called for unknown tool names). */
  onToolCall?(call: ToolCall): void;
  /** A call has a result: the tool's output or a structured error. */
  onToolResult?(call: ToolCall, result: ToolCallResult): void;
}

export interface AgentLoopRequest {
  readonly model: ChatModel;
  /** Sent first, as a `system` message. */
  readonly systemPrompt?: string;
  /** Earlier turns, e.g. from `historyToMessages`. */
  readonly history?: readonly ChatMessage[];
  /** The user's new prompt. */
  readonly prompt: string;
  readonly tools: readonly ToolDefinition[];
  /** Runs one call and returns its result as text; a throw becomes a structured error. */
  readonly invokeTool: (call: ToolCall, token: CancellationToken) => Promise<string>;
  readonly sink?: AgentLoopSink;
  /** Most model requests in one turn (default 10). */
  readonly maxRounds?: number;
  readonly token: CancellationToken;
}

export type AgentLoopStatus = 'done' | 'cap-reached' | 'cancelled' | 'error';

/**
 * Why a turn failed. `tools-unsupported`: the model rejected the request because of the
 * tools (a heuristic on the message). The three LanguageModelError codes get their own kind.
 * `internal`: a sink hook threw.
 */
export type AgentLoopErrorKind =
  'tools-unsupported' | 'no-permissions' | 'blocked' | 'model-not-found' | 'model' | 'internal';

export interface AgentLoopError {
  readonly kind: AgentLoopErrorKind;
  readonly message: string;
}

export interface AgentLoopOutcome {
  readonly status: AgentLoopStatus;
  /** Completed rounds only (every call has its result); JSON-safe for ChatResult.metadata. */
  readonly rounds: readonly ToolCallRound[];
  /** All text streamed to the sink, in order. */
  readonly text: string;
  readonly error?: AgentLoopError;
}

const CANCELLED: unique symbol = Symbol('cancelled');

/** Runs the tool-calling loop for one chat turn; never throws, failures come back as values. */
export async function runAgentLoop(request: AgentLoopRequest): Promise<AgentLoopOutcome> {
  const { token, sink = {} } = request;
  const maxRounds = Math.max(1, Math.floor(request.maxRounds ?? DEFAULT_MAX_ROUNDS));
  const messages: ChatMessage[] = [
    ...(request.systemPrompt ? [textMessage('system', request.systemPrompt)] : []),
    ...(request.history ?? []),
    textMessage('user', request.prompt),
  ];
  const rounds: ToolCallRound[] = [];
  let text = '';
  const outcome = (status: AgentLoopStatus, error?: AgentLoopError): AgentLoopOutcome =>
    error ? { status, rounds, text, error } : { status, rounds, text };

  try {
    for (let round = 1; round <= maxRounds; round++) {
      if (token.isCancellationRequested) return outcome('cancelled');
      const response = await readResponse(request, messages, (piece) => {
        text += piece;
        sink.onText?.(piece);
      });
      if (response.kind === 'cancelled') return outcome('cancelled');
      if (response.kind === 'error') return outcome('error', response.error);
      if (response.calls.length === 0) return outcome('done');

      const results: ToolCallResult[] = [];
      for (const call of response.calls) {
        if (token.isCancellationRequested) return outcome('cancelled');
        const result = await runToolCall(request, call);
        if (result === CANCELLED) return outcome('cancelled');
        results.push(result);
        sink.onToolResult?.(call, result);
      }
      const completed: ToolCallRound = { text: response.text, toolCalls: response.calls, results };
      rounds.push(completed);
      messages.push(...roundMessages(completed));
    }
    return outcome(token.isCancellationRequested ? 'cancelled' : 'cap-reached');
  } catch (error) {
    return outcome('error', { kind: 'internal', message: `The chat response failed: ${messageOf(error)}` });
  }
}

type ResponseRead =
  | { readonly kind: 'ok'; readonly text: string; readonly calls: readonly ToolCall[] }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'error'; readonly error: AgentLoopError };

/** Streams one model response; model failures become values, sink failures propagate. */
async function readResponse(
  request: AgentLoopRequest,
  messages: readonly ChatMessage[],
  onText: (text: string) => void,
): Promise<ResponseRead> {
  const { model, tools, token } = request;
  let iterator: AsyncIterator<ResponsePart>;
  try {
    iterator = model.sendRequest([...messages], tools, token)[Symbol.asyncIterator]();
  } catch (error) {
    return { kind: 'error', error: describeModelError(error, model, tools.length > 0) };
  }
  let text = '';
  const calls: ToolCall[] = [];
  let finished = false;
  try {
    for (;;) {
      if (token.isCancellationRequested) return { kind: 'cancelled' };
      let next: IteratorResult<ResponsePart> | typeof CANCELLED;
      try {
        next = await raceCancellation(iterator.next(), token);
      } catch (error) {
        finished = true; // a rejected iterator is already closed
        return { kind: 'error', error: describeModelError(error, model, tools.length > 0) };
      }
      if (next === CANCELLED) return { kind: 'cancelled' };
      if (next.done) {
        finished = true;
        break;
      }
      const part = next.value;
      if (part.kind === 'text') {
        if (part.value === '') continue;
        text += part.value;
        onText(part.value);
      } else if (part.kind === 'toolCall') {
        calls.push({ callId: part.callId, name: part.name, input: part.input });
      }
    }
  } finally {
    // Abandoned (cancelled, or the sink threw): ask the stream to stop, but never wait on it.
    if (!finished) {
      try {
        ignore(iterator.return?.());
      } catch {
        // A stream that cannot be closed is simply dropped.
      }
    }
  }
  if (token.isCancellationRequested) return { kind: 'cancelled' };
  return { kind: 'ok', text, calls };
}

/** Invokes one call, turning unknown names and throws into structured error results. */
async function runToolCall(request: AgentLoopRequest, call: ToolCall): Promise<ToolCallResult | typeof CANCELLED> {
  const names = request.tools.map((t) => t.name);
  if (!names.includes(call.name)) {
    const text = toolErrorText(
      'not_found',
      `No tool named '${call.name}' is available.`,
      unknownToolSuggestion(call.name, names),
    );
    return { callId: call.callId, text, isError: true };
  }
  request.sink?.onToolCall?.(call);
  let text: string;
  try {
    const raced = await raceCancellation(
      Promise.resolve().then(() => request.invokeTool(call, request.token)),
      request.token,
    );
    if (raced === CANCELLED) return CANCELLED;
    text = typeof raced === 'string' ? raced : String(raced);
  } catch (error) {
    if (request.token.isCancellationRequested) return CANCELLED;
    text = toolErrorText(
      'invalid_input',
      `The tool '${call.name}' failed: ${messageOf(error)}`,
      "Check the input against the tool's input schema, or continue without this tool.",
    );
  }
  return { callId: call.callId, text, isError: isToolErrorText(text) };
}

/** Resolves with the promise's value, or with CANCELLED the moment the token fires. */
function raceCancellation<T>(promise: Promise<T>, token: CancellationToken): Promise<T | typeof CANCELLED> {
  if (token.isCancellationRequested) {
    ignore(promise);
    return Promise.resolve(CANCELLED);
  }
  return new Promise<T | typeof CANCELLED>((resolve, reject) => {
    let settled = false;
    const listener = token.onCancellationRequested(() => {
      if (settled) return;
      settled = true;
      ignore(promise);
      resolve(CANCELLED);
    });
    promise.then(
      (value) => {
        listener.dispose();
        if (!settled) resolve(value);
        settled = true;
      },
      (error: unknown) => {
        listener.dispose();
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on the promise's own reason
        if (!settled) reject(error);
        settled = true;
      },
    );
  });
}

/** Keeps an abandoned promise from surfacing as an unhandled rejection. */
function ignore(value: unknown): void {
  if (value && typeof (value as PromiseLike<unknown>).then === 'function') {
    (value as PromiseLike<unknown>).then(undefined, () => undefined);
  }
}

/** Classifies a failed model request into a kind and a message the user can act on. */
function describeModelError(error: unknown, model: ChatModel, toolsSent: boolean): AgentLoopError {
  const detail = messageOf(error);
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
  const modelName = model.name ? `'${model.name}'` : 'the selected model';
  if (code === 'NoPermissions') {
    return { kind: 'no-permissions', message: `Permission to use ${modelName} was not granted. ${detail}`.trim() };
  }
  if (code === 'Blocked') {
    return { kind: 'blocked', message: `The request to ${modelName} was blocked (quota or policy). ${detail}`.trim() };
  }
  if (code === 'NotFound') {
    return {
      kind: 'model-not-found',
      message: `The language model ${modelName} is no longer available. Pick another model.`,
    };
  }
  if (toolsSent && /\btool/i.test(detail) && /support|not allowed|not enabled|disabled/i.test(detail)) {
    return {
      kind: 'tools-unsupported',
      message: `The model ${modelName} refused the request's tools (${detail}). @skills needs a model that supports tool calling; pick another model.`,
    };
  }
  return { kind: 'model', message: `The language model request failed: ${detail}` };
}

/** The message of any thrown value, falling back to a LanguageModelError's `cause`. */
function messageOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.message) return error.message;
    const cause = (error as { cause?: unknown }).cause;
    return cause === undefined ? error.name : messageOf(cause);
  }
  return String(error);
}

/** The error shape of docs/tools.md, as the text a tool result carries. */
function toolErrorText(type: ToolErrorType, message: string, suggestion: string): string {
  return JSON.stringify({ error: { type, message, suggestion } });
}

/** True when a tool's text is a structured error (docs/tools.md). */
function isToolErrorText(text: string): boolean {
  if (!text.trimStart().startsWith('{')) return false;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) && isRecord(parsed.error) && typeof parsed.error.type === 'string';
  } catch {
    return false;
  }
}

function unknownToolSuggestion(name: string, available: readonly string[]): string {
  if (available.length === 0) return 'No tools are available in this request; answer without tools.';
  return didYouMean(closestMatches(name, available)) ?? `Available tools: ${available.join(', ')}.`;
}
