// One @skills request, routed to its slash command or to a model turn, with every failure
// ended as a message in the chat (never as an unhandled rejection, which VS Code would show
// as a bare error). Loaded with the rest of the chat on the first request (src/lazy/chat.ts).
import * as vscode from 'vscode';
import { escapeInlineMarkdown } from '../../core/chat/chatCommands';
import { ROUTING_COMMANDS } from '../ids';
import { runChatTurn } from './chatTurn';
import { newSkillCommand } from './draftCommand';
import type { SkillsmithServices } from '../services';
import { listCommand, runCommand, showCommand } from './slashCommands';

const NO_MODEL =
  '**No language model is available.** @skills needs a chat model with tool calling: install or sign in to a model provider (for example GitHub Copilot), then pick a model in the chat view.';

const UNTRUSTED =
  '> This workspace is not trusted, so its skills are not offered to the model until you trust it (**Manage Workspace Trust**). User-level skills still work.\n\n';

/** The model picked in the chat view, or any available one on hosts that pass none. */
async function chatModel(request: vscode.ChatRequest): Promise<vscode.LanguageModelChat | undefined> {
  const picked = (request as { model?: vscode.LanguageModelChat }).model;
  if (picked) return picked;
  return (await vscode.lm.selectChatModels())[0];
}

/** Answers one @skills request. */
export async function handleRequest(
  services: SkillsmithServices,
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const quiet: vscode.ChatResult = {
    metadata: { command: request.command, rounds: [], skillsUsed: [], status: 'cancelled' },
  };
  try {
    // Only waits while the first scan (or a file event) is still being applied.
    await services.watcher.whenIdle();
    if (token.isCancellationRequested) return quiet;
    if (!vscode.workspace.isTrusted) stream.markdown(UNTRUSTED);
    if (request.command === 'list') return listCommand(services, stream);
    if (request.command === 'show') return await showCommand(services, request, stream);

    const model = await chatModel(request);
    if (!model) {
      stream.markdown(NO_MODEL);
      return { metadata: { command: request.command, rounds: [], skillsUsed: [], status: 'error' } };
    }
    const turn = { services, request, context, stream, token, model };
    if (request.command === 'run') return await runCommand(turn);
    if (request.command === 'new') return await newSkillCommand(turn);
    // The routing feature answers /eval (docs/routing.md), through its command (features never import each other).
    if (request.command === 'eval')
      return (await vscode.commands.executeCommand<vscode.ChatResult>(ROUTING_COMMANDS.evalInChat, turn)) ?? {};
    return await runChatTurn(turn);
  } catch (error) {
    if (token.isCancellationRequested) return quiet;
    services.log.error('@skills request failed', error);
    const message = error instanceof Error ? error.message : String(error);
    stream.markdown(`**@skills failed:** ${escapeInlineMarkdown(message)}`);
    return { metadata: { command: request.command, rounds: [], skillsUsed: [], status: 'error' } };
  }
}
