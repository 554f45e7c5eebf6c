// The model-agnostic conversation: messages, tool calls and their results, and the
// replay of earlier turns' tool rounds, shared by the agent loop and the participant.

/** The subset of `vscode.CancellationToken` the loop needs (a VS Code token fits as is). */
export interface CancellationToken {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** One tool call requested by the model. */
export interface ToolCall {
  readonly callId: string;
  readonly name: string;
  readonly input: object;
}

/** The text a tool call produced. `isError` marks a structured `{"error":...}` result. */
export interface ToolCallResult {
  readonly callId: string;
  readonly text: string;
  readonly isError: boolean;
}

/** One completed round: what the model said, the calls it made, and their results (same order). */
export interface ToolCallRound {
  readonly text: string;
  readonly toolCalls: readonly ToolCall[];
  readonly results: readonly ToolCallResult[];
}

export interface TextPart {
  readonly kind: 'text';
  readonly value: string;
}

export interface ToolCallPart extends ToolCall {
  readonly kind: 'toolCall';
}

export interface ToolResultPart {
  readonly kind: 'toolResult';
  readonly callId: string;
  readonly text: string;
}

/**
 * A message in the model-agnostic conversation. VS Code 1.95 has no system role, so its
 * adapter sends `system` messages as User messages (as the chat sample does).
 */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly parts: readonly (TextPart | ToolCallPart | ToolResultPart)[];
}

/** What a model streams back: text to show, and tool calls to run. */
export type ResponsePart = TextPart | ToolCallPart;

/** One earlier turn, as the participant reads it back from chat history. */
export interface HistoryTurn {
  readonly prompt: string;
  /** The rounds stored in that turn's ChatResult.metadata, when there were any. */
  readonly rounds?: readonly ToolCallRound[];
  /** The response text the user saw (all markdown parts joined). */
  readonly responseText: string;
}

/** Turns earlier turns into messages to send before the new prompt, replaying their tool rounds. */
export function historyToMessages(turns: readonly HistoryTurn[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const turn of turns) {
    if (turn.prompt !== '') messages.push(textMessage('user', turn.prompt));
    const rounds = turn.rounds ?? [];
    for (const round of rounds) messages.push(...roundMessages(round));
    // The participant streams each round's text before the final answer; strip that
    // prefix so the replay does not say it twice.
    const roundText = rounds.map((r) => r.text).join('');
    const finalText =
      roundText !== '' && turn.responseText.startsWith(roundText)
        ? turn.responseText.slice(roundText.length)
        : turn.responseText;
    if (finalText.trim() !== '') messages.push(textMessage('assistant', finalText));
  }
  return messages;
}

/** The Assistant message (text + calls) and User message (one result per call id) of a round. */
export function roundMessages(round: ToolCallRound): ChatMessage[] {
  // Old or hand-edited metadata may not pair up: send only calls that have a result.
  const resultIds = new Set(round.results.map((r) => r.callId));
  const calls = round.toolCalls.filter((c) => resultIds.has(c.callId));
  const callIds = new Set(calls.map((c) => c.callId));
  const results = round.results.filter((r) => callIds.has(r.callId));
  if (calls.length === 0) return round.text === '' ? [] : [textMessage('assistant', round.text)];
  return [
    {
      role: 'assistant',
      parts: [
        ...(round.text === '' ? [] : [{ kind: 'text' as const, value: round.text }]),
        ...calls.map((c) => ({ kind: 'toolCall' as const, callId: c.callId, name: c.name, input: c.input })),
      ],
    },
    { role: 'user', parts: results.map((r) => ({ kind: 'toolResult' as const, callId: r.callId, text: r.text })) },
  ];
}

/** True when `value` has the shape of stored rounds (e.g. read back from ChatResult.metadata). */
export function isToolCallRoundList(value: unknown): value is ToolCallRound[] {
  if (!Array.isArray(value)) return false;
  return value.every((round: unknown) => {
    if (!isRecord(round) || typeof round.text !== 'string') return false;
    const calls = round.toolCalls;
    const results = round.results;
    return (
      Array.isArray(calls) &&
      calls.every(
        (c: unknown) => isRecord(c) && typeof c.callId === 'string' && typeof c.name === 'string' && isRecord(c.input),
      ) &&
      Array.isArray(results) &&
      results.every(
        (r: unknown) =>
          isRecord(r) && typeof r.callId === 'string' && typeof r.text === 'string' && typeof r.isError === 'boolean',
      )
    );
  });
}

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message with a single text part. */
export function textMessage(role: ChatMessage['role'], value: string): ChatMessage {
  return { role, parts: [{ kind: 'text', value }] };
}
