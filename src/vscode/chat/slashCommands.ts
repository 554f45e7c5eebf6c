// The @skills slash commands that need no drafting: `/list` and `/show` answer from the
// catalog and the disk alone (no model call), and `/run` loads the named skill itself
// (hidden ones too: the user asked) before handing the turn to the model, or runs the
// skill's action that the user named (runActionInChat.ts).
import * as vscode from 'vscode';
import type { Problem } from '../../core/base/types';
import type { CatalogEntry } from '../../core/catalog/catalog';
import {
  describeToolError,
  escapeInlineMarkdown,
  markdownFence,
  parseSkillCommand,
  type SkillsChatMetadata,
} from '../../core/chat/chatCommands';
import { buildSkillTable } from '../../core/chat/skillTable';
import { runLoadSkill, type ToolResult } from '../../core/loading/tools';
import { actionRequest, runActionForUser } from './runActionInChat';
import { runChatTurn, type ChatTurnInput } from './chatTurn';
import type { SkillsmithServices } from '../services';
import { readSettings } from '../settings';
import { skillToolContext } from '../toolContext';

function metadata(command: string, skillsUsed: readonly string[] = []): { metadata: SkillsChatMetadata } {
  return { metadata: { command, rounds: [], skillsUsed } };
}

/** `/list`: every skill with where it lives and whether it is offered, plus the budget. */
export function listCommand(services: SkillsmithServices, stream: vscode.ChatResponseStream): vscode.ChatResult {
  const listing = services.catalog.listing(readSettings().listingBudget);
  const table = buildSkillTable(services.catalog.entries(), listing, {
    link: (entry) => services.fs.toUri(entry.record.filePath).toString(),
  });
  stream.markdown(table);
  return metadata('list');
}

/** Loads `<name> [args]` for the user, or writes why it cannot (usage, did-you-mean, errors). */
async function loadForUser(
  services: SkillsmithServices,
  prompt: string,
  command: string,
  stream: vscode.ChatResponseStream,
): Promise<{ entry: CatalogEntry; args: string; expansion: string; problems: readonly Problem[] } | undefined> {
  const parsed = parseSkillCommand(prompt);
  if (!parsed) {
    stream.markdown(`Usage: \`/${command} <skill name> [arguments]\`. \`/list\` shows the skills.`);
    return undefined;
  }
  stream.progress(`Loading skill ${parsed.name}…`);
  const input = parsed.args ? { name: parsed.name, args: parsed.args } : { name: parsed.name };
  const result: ToolResult = await runLoadSkill(
    skillToolContext(services, command === 'show' ? 'user-view' : 'user-run'),
    input,
  );
  if (!result.ok) {
    stream.markdown(describeToolError(result.error));
    const entry = services.catalog.get(parsed.name);
    if (entry && result.error.type === 'invalid_skill') {
      stream.markdown(' Open ');
      stream.anchor(services.fs.toUri(entry.record.filePath), `${entry.record.folderName}/SKILL.md`);
    }
    return undefined;
  }
  if (!result.entry) return undefined;
  return { entry: result.entry, args: parsed.args, expansion: result.text, problems: result.problems ?? [] };
}

/** `/show <name> [args]`: the expansion as the model would receive it, in a fenced block. */
export async function showCommand(
  services: SkillsmithServices,
  request: vscode.ChatRequest,
  stream: vscode.ChatResponseStream,
): Promise<vscode.ChatResult> {
  const loaded = await loadForUser(services, request.prompt, 'show', stream);
  if (!loaded) return metadata('show');
  const { entry, args, expansion, problems } = loaded;
  stream.reference(services.fs.toUri(entry.record.filePath));
  if (problems.length > 0) {
    const list = problems
      .map((p) => `- \`${p.code}\` (line ${p.range.start.line + 1}): ${escapeInlineMarkdown(p.message)}`)
      .join('\n');
    stream.markdown(
      `**${escapeInlineMarkdown(entry.record.name)}** has errors, so it is not offered to the model until they are fixed:\n\n${list}\n\n`,
    );
  }
  const withArgs = args ? ` with the arguments \`${args.replace(/`/g, "'").replace(/\s+/g, ' ')}\`` : '';
  stream.markdown(
    `Loading **${escapeInlineMarkdown(entry.record.name)}**${withArgs} returns:\n\n${markdownFence(expansion, 'markdown')}\n`,
  );
  return metadata('show');
}

/** `/run <name> [args]`: runs the action named first in the args, or loads the skill as the user and lets the model follow it. */
export async function runCommand(input: Omit<ChatTurnInput, 'forced'>): Promise<vscode.ChatResult> {
  const action = await actionRequest(input.services, input.request.prompt, input.stream);
  if (action) return runActionForUser(input.services, action, input.stream);
  const loaded = await loadForUser(input.services, input.request.prompt, 'run', input.stream);
  if (!loaded) return metadata('run');
  return runChatTurn({ ...input, forced: loaded });
}
