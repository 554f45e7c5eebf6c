// The tools one @skills turn offers the model, and how each call is run.
//
// Our own tools run in-process through the core functions rather than through
// `vscode.lm.invokeTool`: no IPC round trip and no schema re-validation, they work even
// while the registered tools are disabled (the `skillsmith.hasSkills` when-clause, or the
// user's tool picker), `/run` can pass `explicitUserRequest`, and the seed-mode
// `skill__<name>` tools need no registration at all. The chat shows our own progress
// line instead of VS Code's tool-invocation UI. Other extensions' tools (when
// `skillsmith.chat.includeOtherTools` is on) can only go through `vscode.lm.invokeTool`,
// with the request's toolInvocationToken so that their confirmations appear in this chat.
import * as vscode from 'vscode';
import type { CancellationToken, ToolCall } from '../../core/chat/conversation';
import { nameKey, type CatalogEntry } from '../../core/catalog/catalog';
import type { Listing } from '../../core/catalog/listing';
import { RUN_ACTION_TOOL } from '../../core/actions/actionTools';
import { readActionsFile } from '../../core/actions/declaration';
import { perSkillTools } from '../../core/chat/perSkillTools';
import {
  LIST_SKILLS_TOOL,
  LOAD_SKILL_TOOL,
  READ_SKILL_FILE_TOOL,
  type ToolDefinition,
} from '../../core/loading/toolDefinitions';
import {
  checkInput,
  runListSkills,
  runLoadSkill,
  runReadSkillFile,
  type ToolContext,
  type ToolResult,
} from '../../core/loading/tools';
import type { SkillsmithSettings } from '../settings';
import { toolResultText } from '../toolContext';

const OWN_TOOL_NAMES = new Set([
  LIST_SKILLS_TOOL.name,
  LOAD_SKILL_TOOL.name,
  READ_SKILL_FILE_TOOL.name,
  RUN_ACTION_TOOL.name,
]);

/** What the tools of one turn depend on. */
export interface TurnToolsInput {
  readonly context: ToolContext;
  readonly settings: Pick<SkillsmithSettings, 'toolMode' | 'includeOtherTools' | 'actionsEnabled'>;
  /** The listing of this turn: in seed mode, its skills get a tool each. */
  readonly listing: Listing;
  readonly toolInvocationToken: vscode.LanguageModelToolInvocationOptions<unknown>['toolInvocationToken'];
  /** Called once a skill's instructions were loaded successfully. */
  readonly onSkillLoaded: (entry: CatalogEntry) => void;
  /**
   * The skill the user ran with `/run` in this turn. The user handed it to the model, so
   * the model reads that skill's files on the user's behalf (a hidden skill's too).
   */
  readonly userRunSkill?: string;
}

/** The tools of one turn: what the model is told, and how a call is run. */
export interface TurnTools {
  readonly definitions: readonly ToolDefinition[];
  /** A listed skill has actions the model may run (the system prompt says how). */
  readonly hasActions: boolean;
  /** Runs one call; the result is the text the model receives (structured errors included). */
  invoke(call: ToolCall, token: CancellationToken): Promise<string>;
  /** A short progress line for the chat while the call runs. */
  progressFor(call: ToolCall): string;
}

function stringField(input: object, key: string): string {
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** Other extensions' tools, as tool definitions (ours and names already taken left out). */
function otherTools(taken: ReadonlySet<string>): ToolDefinition[] {
  return vscode.lm.tools
    .filter((tool) => !OWN_TOOL_NAMES.has(tool.name) && !taken.has(tool.name))
    .map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: (tool.inputSchema as Record<string, unknown> | undefined) ?? { type: 'object', properties: {} },
    }));
}

/** The text of a tool result from another extension (text parts joined; other parts as JSON). */
function resultText(result: vscode.LanguageModelToolResult): string {
  return result.content
    .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : JSON.stringify(part)))
    .join('');
}

/** The listed skills, each with its actions when actions are on. */
async function perSkillInput(input: TurnToolsInput) {
  return Promise.all(
    input.listing.included.map(async (name) => {
      const entry = input.context.catalog.get(name);
      const declared =
        entry && input.settings.actionsEnabled ? await readActionsFile(input.context.fs, entry.record.dir) : undefined;
      return { name, description: entry?.record.description ?? '', actions: declared?.ok ? declared.actions : [] };
    }),
  );
}

/**
 * Builds the tools for one turn according to `skillsmith.chat.toolMode`, `includeOtherTools`
 * and `skillsmith.actions.enabled`. Action runs go through `vscode.lm.invokeTool` with the
 * request's token, so that VS Code's own confirmation appears in the chat before anything runs.
 */
export async function turnTools(input: TurnToolsInput): Promise<TurnTools> {
  const { context, settings } = input;
  const listed = await perSkillInput(input);
  // The run-action tool is offered only when a listed skill has actions to run.
  const hasActions = listed.some((skill) => skill.actions.length > 0);
  const perSkill = settings.toolMode === 'perSkill' ? perSkillTools(listed) : undefined;
  const runAction = hasActions ? [RUN_ACTION_TOOL] : [];
  const own: ToolDefinition[] = perSkill
    ? // The system prompt and the expansion point at bundled files, so reading stays possible.
      [...perSkill.definitions, READ_SKILL_FILE_TOOL]
    : [LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL, ...runAction];
  const definitions = settings.includeOtherTools ? [...own, ...otherTools(new Set(own.map((t) => t.name)))] : own;
  const ownNames = new Set(own.map((t) => t.name));

  const loaded = (result: ToolResult): ToolResult => {
    if (result.ok && result.entry) input.onSkillLoaded(result.entry);
    return result;
  };

  const runOwn = async (call: ToolCall): Promise<ToolResult> => {
    if (call.name === LIST_SKILLS_TOOL.name) return runListSkills(context, call.input);
    if (call.name === LOAD_SKILL_TOOL.name) return loaded(await runLoadSkill(context, call.input));
    if (call.name === READ_SKILL_FILE_TOOL.name) {
      const forUser =
        input.userRunSkill !== undefined &&
        nameKey(stringField(call.input, 'name').trim()) === nameKey(input.userRunSkill);
      return runReadSkillFile(forUser ? { ...context, requester: 'user-run' } : context, call.input);
    }
    const target = perSkill?.targets.get(call.name);
    if (target?.kind !== 'load')
      return { ok: false, error: { type: 'not_found', message: `No tool named '${call.name}'.` } };
    const problem = checkInput(call.input, [], ['query']);
    if (problem) return { ok: false, error: { type: 'invalid_input', message: problem } };
    return loaded(await runLoadSkill(context, { name: target.skill, args: stringField(call.input, 'query') }));
  };

  /** Through VS Code's tool invocation, with this chat's token: its confirmation shows here. */
  const viaVsCode = async (name: string, toolInput: object, token: CancellationToken) =>
    resultText(
      await vscode.lm.invokeTool(
        name,
        { input: toolInput, toolInvocationToken: input.toolInvocationToken },
        token as vscode.CancellationToken,
      ),
    );

  return {
    definitions,
    hasActions,
    async invoke(call, token) {
      const target = perSkill?.targets.get(call.name);
      if (target?.kind === 'action')
        return viaVsCode(RUN_ACTION_TOOL.name, { name: target.skill, action: target.action, input: call.input }, token);
      if (call.name === RUN_ACTION_TOOL.name) return viaVsCode(call.name, call.input, token);
      if (ownNames.has(call.name)) return toolResultText(await runOwn(call));
      return viaVsCode(call.name, call.input, token);
    },
    progressFor(call) {
      if (call.name === LIST_SKILLS_TOOL.name) return 'Listing skills…';
      if (call.name === LOAD_SKILL_TOOL.name) return `Loading skill ${stringField(call.input, 'name') || '…'}…`;
      if (call.name === READ_SKILL_FILE_TOOL.name) {
        return `Reading ${stringField(call.input, 'path') || 'a file'} from skill ${stringField(call.input, 'name') || '…'}…`;
      }
      if (call.name === RUN_ACTION_TOOL.name) return `Running an action of ${stringField(call.input, 'name') || '…'}…`;
      const target = perSkill?.targets.get(call.name);
      if (target?.kind === 'action') return `Running ${target.skill} › ${target.action}…`;
      return target ? `Loading skill ${target.skill}…` : `Running tool ${call.name}…`;
    },
  };
}
