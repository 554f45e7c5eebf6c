// core's ChatModel over a `vscode.LanguageModelChat`, so that the model-agnostic agent loop
// can drive the model the user picked (shared by @skills and the routing evals). Only message
// and part shapes are translated here; the protocol (rounds, call ids, errors, cancellation) stays in core.
import * as vscode from 'vscode';
import type { ChatModel, ChatRequestOptions } from '../core/chat/agentLoop';
import type { CancellationToken, ChatMessage, ResponsePart } from '../core/chat/conversation';
import type { ToolDefinition } from '../core/loading/toolDefinitions';

/** One core message as a VS Code message (1.95 has no system role: it is sent as User). */
export function toLanguageModelMessage(message: ChatMessage): vscode.LanguageModelChatMessage {
  if (message.role === 'assistant') {
    const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] = [];
    for (const part of message.parts) {
      if (part.kind === 'text') parts.push(new vscode.LanguageModelTextPart(part.value));
      else if (part.kind === 'toolCall')
        parts.push(new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input));
    }
    return vscode.LanguageModelChatMessage.Assistant(parts);
  }
  const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart)[] = [];
  for (const part of message.parts) {
    if (part.kind === 'text') parts.push(new vscode.LanguageModelTextPart(part.value));
    else if (part.kind === 'toolResult') {
      parts.push(new vscode.LanguageModelToolResultPart(part.callId, [new vscode.LanguageModelTextPart(part.text)]));
    }
  }
  return vscode.LanguageModelChatMessage.User(parts);
}

/**
 * Tokens a run's requests used, counted with the model's own tokenizer (`countTokens`): VS Code's
 * API reports no usage, so this is the count of what was sent and received, not a bill.
 */
export interface TokenCounter {
  requests: number;
  input: number;
  output: number;
}

/** Adapts `model` to the loop's ChatModel; with `usage`, counts the tokens of each request. */
export class LanguageModelChatAdapter implements ChatModel {
  constructor(
    private readonly model: vscode.LanguageModelChat,
    private readonly usage?: TokenCounter,
  ) {}

  get name(): string {
    return this.model.name;
  }

  async *sendRequest(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    token: CancellationToken,
    requestOptions?: ChatRequestOptions,
  ): AsyncIterable<ResponsePart> {
    // modelOptions are the provider's to read; `temperature` is the name the providers use.
    const options: vscode.LanguageModelChatRequestOptions = {
      ...(tools.length > 0
        ? { tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) }
        : {}),
      ...(requestOptions?.temperature !== undefined
        ? { modelOptions: { temperature: requestOptions.temperature } }
        : {}),
    };
    const sent = messages.map(toLanguageModelMessage);
    const response = await this.model.sendRequest(sent, options, token as vscode.CancellationToken);
    let received = '';
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) {
        received += part.value;
        yield { kind: 'text', value: part.value };
      } else if (part instanceof vscode.LanguageModelToolCallPart) {
        received += JSON.stringify({ name: part.name, input: part.input });
        yield { kind: 'toolCall', callId: part.callId, name: part.name, input: part.input ?? {} };
      }
    }
    if (this.usage) await this.count(sent, options, received, token as vscode.CancellationToken);
  }

  private async count(
    sent: readonly vscode.LanguageModelChatMessage[],
    options: vscode.LanguageModelChatRequestOptions,
    received: string,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const usage = this.usage!;
    usage.requests++;
    const counts = await Promise.all([
      ...sent.map((message) => this.model.countTokens(message, token)),
      options.tools?.length ? this.model.countTokens(JSON.stringify(options.tools), token) : 0,
    ]);
    usage.input += counts.reduce((sum, n) => sum + n, 0);
    usage.output += received === '' ? 0 : await this.model.countTokens(received, token);
  }
}
