// The server's prompts (docs/mcp.md, "What it serves"): each offered skill, with one optional
// argument, `arguments`, that replaces $ARGUMENTS, expanded as load_skill expands it.
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { SkillCatalog } from '../core/catalog/catalog';
import { formatToolError, runLoadSkill, type ToolContext } from '../core/loading/tools';
import type { Handle } from './requestHandler';

/** Answers prompts/list and prompts/get. */
export function registerPrompts(handle: Handle, catalog: SkillCatalog, context: ToolContext): void {
  handle(ListPromptsRequestSchema, async () => ({
    prompts: catalog.offered().map((entry) => ({
      name: entry.record.name,
      description: entry.record.description,
      arguments: [{ name: 'arguments', description: 'What to do: replaces $ARGUMENTS in the skill.', required: false }],
    })),
  }));

  handle(GetPromptRequestSchema, async (request) => {
    const args = request.params.arguments?.arguments;
    const result = await runLoadSkill(context, { name: request.params.name, ...(args === undefined ? {} : { args }) });
    if (!result.ok) throw new McpError(ErrorCode.InvalidParams, formatToolError(result.error));
    return {
      description: result.entry?.record.description,
      messages: [{ role: 'user', content: { type: 'text', text: result.text } }],
    };
  });
}
