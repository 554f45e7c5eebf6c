// core's ChatModel over a `vscode.LanguageModelChat`, so that the model-agnostic agent loop
// can drive the model the user picked (shared by @skills and the routing evals). Only message
// and part shapes are translated here; the protocol (rounds, call ids, errors, cancellation) stays in core.
import * as vscode from 'vscode';
import type { ChatModel } from '../core/chat/agentLoop';
import type { CancellationToken, ChatMessage, ResponsePart } from '../core/chat/conversation';
import type { ToolDefinition } from '../core/loading/toolDefinitions';

/** One core message as a VS Code message (1.95 has no system role: it is sent as User). */
export function toLanguageModelMessage(message: ChatMessage): vscode.LanguageModelChatMessage {
  if (message.role === 'assistant') {
    const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] = [];
    for (const part of message.parts) {
      if (part.kind === 'text') parts.push(new vscode.LanguageModelTextPart(part.value));
      else if (part.kind === 'toolCall') parts.push(new vscode.LanguageModelToolCallPart(part.callId, part.name, part.input));
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

/** Adapts `model` to the loop's ChatModel. */
export class LanguageModelChatAdapter implements ChatModel {
  constructor(private readonly model: vscode.LanguageModelChat) {}

  get name(): string {
    return this.model.name;
  }

  async *sendRequest(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    token: CancellationToken,
  ): AsyncIterable<ResponsePart> {
    const options: vscode.LanguageModelChatRequestOptions =
      tools.length > 0 ? { tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) } : {};
    const response = await this.model.sendRequest(messages.map(toLanguageModelMessage), options, token as vscode.CancellationToken);
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) yield { kind: 'text', value: part.value };
      else if (part instanceof vscode.LanguageModelToolCallPart) {
        yield { kind: 'toolCall', callId: part.callId, name: part.name, input: part.input ?? {} };
      }
    }
  }
}
