// The server's tools (SPEC §11, docs/tools.md): list_skills, load_skill and read_skill_file over
// the core's tool contracts, run_action, and one tool per offered action with the action's own
// input schema, so that the client validates the input first.
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { RUN_ACTION_TOOL, runActionDescription } from '../core/actions/actionTools';
import { LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from '../core/loading/toolDefinitions';
import {
  formatToolError,
  runListSkills,
  runLoadSkill,
  runReadSkillFile,
  type ToolContext,
  type ToolResult,
} from '../core/loading/tools';
import { runAction, type ActionRunDeps } from './actionRuns';
import type { OfferedAction } from './offeredActions';
import type { Handle } from './requestHandler';
import { actionToolDescription, readToolAnnotations, runConsentOf, runToolAnnotations } from './toolText';

/** The tool names of SPEC §11. */
export const MCP_TOOLS = {
  list: 'list_skills',
  load: 'load_skill',
  read: 'read_skill_file',
  run: 'run_action',
} as const;

/** What the tools need of the server. */
export interface ToolsDeps extends ActionRunDeps {
  readonly context: ToolContext;
  readonly offeredActions: () => Promise<OfferedAction[]>;
}

/** A tool's result: the text, or the JSON error of docs/tools.md with isError. */
function toolResult(result: ToolResult): CallToolResult {
  return result.ok
    ? { content: [{ type: 'text', text: result.text }] }
    : { content: [{ type: 'text', text: formatToolError(result.error) }], isError: true };
}

/** Answers tools/list and tools/call. */
export function registerTools(handle: Handle, deps: ToolsDeps): void {
  const { context, offeredActions } = deps;
  handle(ListToolsRequestSchema, async () => {
    const tools: Tool[] = [
      {
        name: MCP_TOOLS.list,
        description: LIST_SKILLS_TOOL.description,
        inputSchema: LIST_SKILLS_TOOL.inputSchema as Tool['inputSchema'],
        annotations: readToolAnnotations('List the skills'),
      },
      {
        name: MCP_TOOLS.load,
        description: LOAD_SKILL_TOOL.description,
        inputSchema: LOAD_SKILL_TOOL.inputSchema as Tool['inputSchema'],
        annotations: readToolAnnotations("Load a skill's instructions"),
      },
      {
        name: MCP_TOOLS.read,
        description: READ_SKILL_FILE_TOOL.description,
        inputSchema: READ_SKILL_FILE_TOOL.inputSchema as Tool['inputSchema'],
        annotations: readToolAnnotations('Read a file of a skill'),
      },
    ];
    if (deps.actions !== 'off') {
      tools.push({
        name: MCP_TOOLS.run,
        description: runActionDescription(runConsentOf(deps.actions)),
        inputSchema: RUN_ACTION_TOOL.inputSchema as unknown as Tool['inputSchema'],
        annotations: runToolAnnotations("Run a skill's action"),
      });
      for (const { skill, action, tool } of await offeredActions()) {
        tools.push({
          name: tool,
          description: actionToolDescription(skill, action, deps.actions),
          inputSchema: (action.input ?? { type: 'object' }) as Tool['inputSchema'],
          annotations: runToolAnnotations(`${skill}: ${action.name}`),
        });
      }
    }
    return { tools };
  });

  handle(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    switch (name) {
      case MCP_TOOLS.list:
        return toolResult(runListSkills(context, args));
      case MCP_TOOLS.load:
        return toolResult(await runLoadSkill(context, args));
      case MCP_TOOLS.read:
        return toolResult(await runReadSkillFile(context, args));
      case MCP_TOOLS.run: {
        const { name: skill, action, input } = args as { name?: unknown; action?: unknown; input?: unknown };
        if (typeof skill !== 'string' || (action !== undefined && typeof action !== 'string')) {
          return toolResult({
            ok: false,
            error: {
              type: 'invalid_input',
              message: 'run_action takes {name: string, action?: string, input?: object}.',
            },
          });
        }
        return runAction(deps, skill, action, input, extra.signal);
      }
      default: {
        const found = (await offeredActions()).find((a) => a.tool === name);
        if (found) return runAction(deps, found.skill, found.action.name, args, extra.signal);
        // An unknown tool is a protocol error, Invalid params (the spec's tools, "Error Handling").
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      }
    }
  });
}
