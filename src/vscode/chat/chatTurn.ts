// One model-backed @skills turn (a plain question, or `/run`): the system prompt with the
// cached listing, the turn's tools, earlier turns replayed from history, then the core
// agent loop with its output streamed into the chat. Every way the loop can end is
// turned into a message here, so the handler never throws at the user.
import * as vscode from 'vscode';
import { plural } from '../../core/base/text';
import { runAgentLoop, type AgentLoopOutcome } from '../../core/chat/agentLoop';
import { historyToMessages, roundMessages, type ChatMessage, type ToolCallRound } from '../../core/chat/conversation';
import type { CatalogEntry } from '../../core/catalog/catalog';
import { escapeInlineMarkdown, type SkillsChatMetadata } from '../../core/chat/chatCommands';
import { buildSystemPrompt } from '../../core/chat/prompt';
import { LOAD_SKILL_TOOL } from '../../core/loading/toolDefinitions';
import { historyTurns } from './chatHistory';
import { LanguageModelChatAdapter } from '../languageModelChat';
import { turnTools } from './chatTools';
import { PARTICIPANT_ID } from '../ids';
import type { SkillsmithServices } from '../services';
import { readSettings, SETTINGS } from '../settings';
import { skillToolContext } from '../toolContext';

/** A skill the user forced with `/run`: already loaded, its expansion goes in as a tool result. */
export interface ForcedSkill {
  readonly entry: CatalogEntry;
  readonly args: string;
  readonly expansion: string;
}

/** One chat request with the model to answer it. */
export interface ChatTurnInput {
  readonly services: SkillsmithServices;
  readonly request: vscode.ChatRequest;
  readonly context: vscode.ChatContext;
  readonly stream: vscode.ChatResponseStream;
  readonly token: vscode.CancellationToken;
  readonly model: vscode.LanguageModelChat;
  readonly forced?: ForcedSkill;
}

/** The round that stands for a `/run` load, as if the model had called the load tool itself. */
function forcedRound(forced: ForcedSkill): ToolCallRound {
  const callId = 'skillsmith-run-0';
  const input = forced.args
    ? { name: forced.entry.record.name, args: forced.args }
    : { name: forced.entry.record.name };
  return {
    text: '',
    toolCalls: [{ callId, name: LOAD_SKILL_TOOL.name, input }],
    results: [{ callId, text: forced.expansion, isError: false }],
  };
}

/** Runs the agent loop for one turn and reports how it ended; returns the ChatResult. */
export async function runChatTurn(input: ChatTurnInput): Promise<vscode.ChatResult> {
  const { services, request, stream, token, forced } = input;
  const settings = readSettings();
  // Cached by the catalog until it changes: a turn never rescans or rebuilds it.
  const listing = services.catalog.listing(settings.listingBudget);
  const used = new Map<string, CatalogEntry>();
  const onSkillLoaded = (entry: CatalogEntry): void => {
    if (used.has(entry.record.name)) return;
    used.set(entry.record.name, entry);
    stream.reference(services.fs.toUri(entry.record.filePath));
  };
  const tools = await turnTools({
    context: skillToolContext(services, 'model'),
    settings,
    listing,
    toolInvocationToken: request.toolInvocationToken,
    onSkillLoaded,
    userRunSkill: forced?.entry.record.name,
  });

  const history: ChatMessage[] = historyToMessages(historyTurns(input.context.history, PARTICIPANT_ID));
  const rounds: ToolCallRound[] = [];
  let prompt = request.prompt;
  if (forced) {
    onSkillLoaded(forced.entry);
    const round = forcedRound(forced);
    rounds.push(round);
    const typed = `/run ${request.prompt}`.trim();
    history.push({ role: 'user', parts: [{ kind: 'text', value: typed }] }, ...roundMessages(round));
    prompt = `Follow the instructions of the skill '${forced.entry.record.name}' that were just loaded${forced.args ? `, applied to: ${forced.args}` : ''}. Do not load it again.`;
  }

  const outcome = await runAgentLoop({
    model: new LanguageModelChatAdapter(input.model),
    systemPrompt: buildSystemPrompt({
      listing: listing.text,
      droppedCount: listing.dropped.length,
      mode: settings.toolMode,
      actions: tools.hasActions,
    }),
    history,
    prompt,
    tools: tools.definitions,
    invokeTool: (call, callToken) => tools.invoke(call, callToken),
    sink: {
      onText: (text) => stream.markdown(text),
      onToolCall: (call) => stream.progress(tools.progressFor(call)),
    },
    maxRounds: settings.maxRounds,
    token,
  });
  reportOutcome(outcome, settings.maxRounds, stream);
  if (outcome.status === 'error') services.log.warn(`@skills: ${outcome.error?.kind}: ${outcome.error?.message}`);
  const metadata: SkillsChatMetadata = {
    ...(request.command ? { command: request.command } : {}),
    rounds: [...rounds, ...outcome.rounds],
    skillsUsed: [...used.keys()],
    status: outcome.status,
  };
  return { metadata };
}

/** Tells the user how a loop that did not simply finish ended (cancellation stays quiet). */
function reportOutcome(outcome: AgentLoopOutcome, maxRounds: number, stream: vscode.ChatResponseStream): void {
  const gap = outcome.text === '' ? '' : '\n\n';
  if (outcome.status === 'cap-reached') {
    stream.markdown(
      `${gap}*Stopped after ${plural(maxRounds, 'round')} of tool calls without a final answer: that is the limit set by \`skillsmith.chat.maxRounds\`. Raise it if the task needs more steps, or ask a narrower question.*`,
    );
    stream.button({
      command: 'workbench.action.openSettings',
      arguments: [SETTINGS.maxRounds],
      title: 'Raise the round limit',
    });
    return;
  }
  if (outcome.status !== 'error' || !outcome.error) return;
  const { kind, message } = outcome.error;
  if (kind === 'tools-unsupported') {
    stream.markdown(
      `${gap}**The selected model does not accept tools.** @skills loads skills through tool calls, so it needs a model with tool calling: pick another model in the model picker.\n\n${escapeInlineMarkdown(message)}`,
    );
    return;
  }
  stream.markdown(`${gap}**@skills could not finish:** ${escapeInlineMarkdown(message)}`);
}
