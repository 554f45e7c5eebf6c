// `/run <skill> <action> [JSON input]` and `/run <skill> {JSON input}` (the default action): the
// user runs an action from chat, without a model. It goes through `skillsmith.runAction`, so
// the same checks apply; without an input, the schema form asks for it. The result is shown
// in the chat.
import * as vscode from 'vscode';
import { defaultAction, readActionsFile } from '../../core/actions/declaration';
import type { ExecutionResult } from '../../core/actions/result';
import {
  escapeInlineMarkdown,
  markdownFence,
  parseSkillCommand,
  type SkillsChatMetadata,
} from '../../core/chat/chatCommands';
import { COMMANDS } from '../ids';
import type { SkillsmithServices } from '../services';
import { readSettings } from '../settings';

export interface ChatActionRequest {
  readonly skill: string;
  readonly action: string;
  readonly input?: Record<string, unknown>;
}

/** The action a `/run` prompt names, or undefined when it is a plain skill run. */
export async function actionRequest(
  services: SkillsmithServices,
  prompt: string,
  stream: vscode.ChatResponseStream,
): Promise<ChatActionRequest | undefined> {
  const parsed = parseSkillCommand(prompt);
  const entry = parsed && services.catalog.get(parsed.name);
  if (!parsed || !entry || !readSettings().actionsEnabled) return undefined;
  const declared = await readActionsFile(services.fs, entry.record.dir);
  if (!declared?.ok || declared.actions.length === 0) return undefined;
  const [first = ''] = parsed.args.split(/\s+/);
  const named = declared.actions.find((a) => a.name === first);
  const jsonText = named ? parsed.args.slice(first.length).trim() : parsed.args;
  const action = named ?? (jsonText.startsWith('{') ? defaultAction(declared.actions) : undefined);
  if (!action) return undefined;
  if (jsonText === '') return { skill: entry.record.name, action: action.name };
  try {
    const input = JSON.parse(jsonText) as unknown;
    if (typeof input === 'object' && input !== null && !Array.isArray(input))
      return { skill: entry.record.name, action: action.name, input: input as Record<string, unknown> };
  } catch {
    // Reported below.
  }
  stream.markdown(
    `The input of \`/run ${entry.record.name} ${action.name}\` must be a JSON object, such as \`{"key": "value"}\`; leave it out to fill in a form.\n\n`,
  );
  return { skill: entry.record.name, action: action.name, input: undefined };
}

/** Runs the action as the user and writes the result into the chat. */
export async function runActionForUser(
  services: SkillsmithServices,
  request: ChatActionRequest,
  stream: vscode.ChatResponseStream,
): Promise<vscode.ChatResult> {
  const name = `${request.skill} › ${request.action}`;
  stream.progress(`Running ${name}…`);
  const result = await vscode.commands.executeCommand<ExecutionResult | undefined>(COMMANDS.runAction, {
    skill: request.skill,
    action: request.action,
    input: request.input,
    form: request.input === undefined,
    quiet: true,
  });
  const metadata: SkillsChatMetadata = { command: 'run', rounds: [], skillsUsed: [request.skill] };
  if (!result) {
    stream.markdown(`Cancelled: **${escapeInlineMarkdown(name)}** did not run.`);
    return { metadata };
  }
  if (result.status === 'success') {
    stream.markdown(
      `**${escapeInlineMarkdown(name)}** finished in ${result.durationMs} ms:\n\n${markdownFence(JSON.stringify(result.data, null, 2), 'json')}\n`,
    );
  } else {
    const error = result.error;
    stream.markdown(
      `**${escapeInlineMarkdown(name)}** did not succeed (${result.status}${error ? `, \`${error.type}\`` : ''}): ${escapeInlineMarkdown(error?.message ?? '')}${error?.suggestion ? ` ${escapeInlineMarkdown(error.suggestion)}` : ''}`,
    );
  }
  services.log.info(`/run ${name}: ${result.status}`);
  return { metadata };
}
