// The three language-model tools (docs/tools.md) registered with `vscode.lm.registerTool`, so
// Copilot's agent mode and any other participant can list, load and read skills. Each is
// a thin adapter over core/loading/tools: the input goes to the core function as is, the
// body is read fresh from disk on every call, and a failure comes back as the structured
// error text (never a throw, so the model can read the suggestion and recover). A call
// through these tools always comes from a model.
import * as vscode from 'vscode';
import { LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from '../../core/loading/toolDefinitions';
import {
  runListSkills,
  runLoadSkill,
  runReadSkillFile,
  type ToolContext,
  type ToolResult,
} from '../../core/loading/tools';
import type { SkillsmithServices } from '../services';
import { skillToolContext, toolResultText } from '../toolContext';
import { EITHER_HARNESS_TOOL_NAMES } from './toolNames';

function textResult(result: ToolResult): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(toolResultText(result))]);
}

function field(input: unknown, key: string): string {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
}

/** Registers the list / load / read tools; returns their disposables. */
export function registerSkillTools(services: SkillsmithServices): vscode.Disposable[] {
  // The first scan runs in the background; a call made during it waits for the catalog.
  // These tools serve VS Code's own agent (and other participants): the skills that agent
  // already lists itself are left out of list and load (docs/hosts.md, "Coexistence").
  const ready = async (): Promise<ToolContext> => {
    await services.watcher.whenIdle();
    const native = services.nativeSkills();
    return {
      ...skillToolContext(services, 'model'),
      ...EITHER_HARNESS_TOOL_NAMES,
      ...(native && native.size > 0 ? { listedByHost: { files: native, host: "VS Code's agent" } } : {}),
    };
  };
  const guarded =
    (name: string, run: (context: ToolContext, input: unknown) => Promise<ToolResult> | ToolResult) =>
    async (options: vscode.LanguageModelToolInvocationOptions<unknown>): Promise<vscode.LanguageModelToolResult> => {
      try {
        return textResult(await run(await ready(), options.input));
      } catch (error) {
        services.log.error(`Tool ${name} failed`, error);
        const message = error instanceof Error ? error.message : String(error);
        return textResult({ ok: false, error: { type: 'not_found', message: `${name} failed: ${message}` } });
      }
    };
  return [
    vscode.lm.registerTool<unknown>(LIST_SKILLS_TOOL.name, {
      invoke: guarded(LIST_SKILLS_TOOL.name, runListSkills),
      prepareInvocation: () => ({ invocationMessage: 'Listing skills' }),
    }),
    vscode.lm.registerTool<unknown>(LOAD_SKILL_TOOL.name, {
      invoke: guarded(LOAD_SKILL_TOOL.name, runLoadSkill),
      prepareInvocation: (options) => ({ invocationMessage: `Loading skill ${field(options.input, 'name') || '…'}` }),
    }),
    vscode.lm.registerTool<unknown>(READ_SKILL_FILE_TOOL.name, {
      invoke: guarded(READ_SKILL_FILE_TOOL.name, runReadSkillFile),
      prepareInvocation: (options) => ({
        invocationMessage: `Reading ${field(options.input, 'path') || 'a file'} from skill ${field(options.input, 'name') || '…'}`,
      }),
    }),
  ];
}
