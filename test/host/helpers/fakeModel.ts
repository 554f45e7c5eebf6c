// Driving the deterministic fake language model of test/host/fixture-extension
// (vendor `test-vendor`): script its answers, read back what it was asked.
import * as vscode from 'vscode';
import { waitFor } from './wait';

export const FAKE_VENDOR = 'test-vendor';
export const FAKE_MODEL_ID = 'fake-model';
export const FAKE_EXTENSION_ID = 'skillsmith-test.fake-model';

/** One part of a scripted answer. */
export type FakePart = { text: string } | { toolCall: { name: string; input?: object; callId?: string } };

/** What the fake model answers to one request. */
export type FakeResponse =
  | FakePart[]
  | { parts: FakePart[]; delayMs?: number }
  /** Text quoting the tool results of the last message ("(no tool result)" if none). */
  | { quoteToolResult: true; prefix?: string }
  /** Text "echo: <last user message text>". */
  | { echo: true }
  /** Never answers; ends when the request's cancellation token fires. */
  | { hang: true }
  /** Fails the request with this message. */
  | { error: string }
  /**
   * Routes like a model would: the first rule whose `when` is in the user's prompt picks its
   * skill with a load-skill call (or its per-skill tool), unless the request (its listing
   * included) contains the rule's `unless`; `pick` null answers without a
   * skill; a list of picks is used in turn (a scripted confusion). Requests without tools
   * get `noTools` as text. Use it as the `fallback`, so that it answers every request.
   */
  | {
      route: (
        | { when: string; unless?: string; pick: string | null | (string | null)[] }
        | { when: string; error: string; errorTimes?: number; pick?: string | null }
      )[];
      otherwise?: string | null;
      noTools?: string;
      delayMs?: number;
    };

export interface FakeScript {
  /** Answers used in order, one per request. */
  responses?: FakeResponse[];
  /** The answer once `responses` is used up; default `{ echo: true }`. */
  fallback?: FakeResponse;
}

/** A request as the fake model saw it, flattened to text. */
export interface FakeRequest {
  model: string;
  messages: {
    role: string; // 'user', 'assistant' or 'system' as the model sent it
    text: string;
    toolCalls: { callId: string; name: string; input: unknown }[];
    toolResults: { callId: string; text: string }[];
  }[];
  /** Every message's text, one per line ("user: ..."). */
  text: string;
  tools: { name: string; description: string; inputSchema?: unknown }[];
  toolMode?: number;
  modelOptions?: Record<string, unknown>;
  cancelled: boolean;
}

/** Replaces the script and forgets recorded requests. */
export async function setFakeScript(script: FakeScript): Promise<void> {
  await vscode.commands.executeCommand('skillsmithTest.setScript', script);
}

/** Every request the fake model received since the last setScript/reset. */
export async function getFakeRequests(): Promise<FakeRequest[]> {
  return (await vscode.commands.executeCommand<FakeRequest[]>('skillsmithTest.getRequests')) ?? [];
}

/** Empty script (echo fallback) and no recorded requests. */
export async function resetFakeModel(): Promise<void> {
  await vscode.commands.executeCommand('skillsmithTest.reset');
}

/** The fake model as a vscode.LanguageModelChat, once VS Code lists it. */
export async function selectFakeModel(): Promise<vscode.LanguageModelChat> {
  await vscode.extensions.getExtension(FAKE_EXTENSION_ID)?.activate();
  return waitFor(async () => (await vscode.lm.selectChatModels({ vendor: FAKE_VENDOR, id: FAKE_MODEL_ID }))[0], {
    message: `a chat model of vendor ${FAKE_VENDOR}`,
  });
}

/** Sends `prompt` to `model` and collects the streamed text and tool calls. */
export async function collectResponse(
  model: vscode.LanguageModelChat,
  messages: vscode.LanguageModelChatMessage[],
  options: vscode.LanguageModelChatRequestOptions = {},
  token?: vscode.CancellationToken,
): Promise<{ text: string; toolCalls: vscode.LanguageModelToolCallPart[] }> {
  const response = await model.sendRequest(messages, options, token);
  let text = '';
  const toolCalls: vscode.LanguageModelToolCallPart[] = [];
  for await (const part of response.stream) {
    if (part instanceof vscode.LanguageModelTextPart) text += part.value;
    else if (part instanceof vscode.LanguageModelToolCallPart) toolCalls.push(part);
  }
  return { text, toolCalls };
}
