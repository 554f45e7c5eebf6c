// `skillsmith mcp` (SPEC §11, docs/mcp.md): the catalog and its actions over the Model Context
// Protocol, on the official TypeScript SDK. The same engine as the extension and the CLI, under
// the same access policy, as a model's request: the tools of docs/tools.md, one tool per action
// with its input schema, a prompt per offered skill, every file of an offered skill as a
// `skill://` resource, and the Skills extension's skills/list and skills/get (SEP-2640) with a
// sha256 digest of every file. Nothing but protocol messages goes to stdout.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { readActionsFile, type ActionDeclaration } from '../core/actions/declaration';
import { RUN_ACTION_TOOL } from '../core/actions/actionTools';
import type { ActionExecutor } from '../core/actions/executor';
import type { ExecutionResult } from '../core/actions/result';
import { NEVER_CANCELLED } from '../core/base/cancellation';
import type { FileSystem } from '../core/base/fileSystem';
import { joinPath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import { perSkillActionToolName } from '../core/chat/perSkillTools';
import { LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from '../core/loading/toolDefinitions';
import {
  formatToolError,
  runListSkills,
  runLoadSkill,
  runReadSkillFile,
  type ToolContext,
  type ToolResult,
} from '../core/loading/tools';
import { listBundledFiles, readFileInSkill } from '../core/loading/skillFolder';
import { sha256Digest } from '../node/sha256';

/** Who decides whether an action runs: the client's user, each time (ask), or the person who started the server. */
export type ActionsMode = 'ask' | 'allow' | 'off';

export interface SkillsServerOptions {
  readonly catalog: SkillCatalog;
  readonly fs: FileSystem;
  readonly executor: ActionExecutor;
  readonly actions: ActionsMode;
  readonly version: string;
  readonly budget: number;
  readonly unicodeNames?: boolean;
  /** A line for stderr (never stdout). */
  readonly log: (line: string) => void;
  /** Resolves when the catalog is first scanned: requests wait for it. */
  readonly ready?: Promise<void>;
}

/** The Skills extension's identifier (SEP-2640). */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The tool names of SPEC §11. */
export const MCP_TOOLS = {
  list: 'list_skills',
  load: 'load_skill',
  read: 'read_skill_file',
  run: 'run_action',
} as const;

/** How long a client may keep a skills/list or skills/get answer (a hint; digests decide). */
const SKILLS_TTL_MS = 60_000;

const SkillsListRequestSchema = z.object({
  method: z.literal('skills/list'),
  params: z.object({ cursor: z.string().optional() }).passthrough().optional(),
});
const SkillsGetRequestSchema = z.object({
  method: z.literal('skills/get'),
  params: z.object({ uri: z.string() }).passthrough(),
});

/** `skill://<name>/<path>` for a file of a skill. */
export function skillUri(name: string, path: string): string {
  return `skill://${name}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The skill name and file path of a `skill://` URI; undefined when it is not one. */
export function parseSkillUri(uri: string): { name: string; path: string } | undefined {
  const match = /^skill:\/\/([^/]+)\/(.+)$/.exec(uri);
  if (!match) return undefined;
  try {
    return { name: decodeURIComponent(match[1]), path: match[2].split('/').map(decodeURIComponent).join('/') };
  } catch {
    return undefined;
  }
}

/** A tool's result: the text, or the JSON error of docs/tools.md with isError. */
function toolResult(result: ToolResult): CallToolResult {
  return result.ok
    ? { content: [{ type: 'text', text: result.text }] }
    : { content: [{ type: 'text', text: formatToolError(result.error) }], isError: true };
}

function actionResult(result: ExecutionResult): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(result) }], isError: result.status !== 'success' };
}

/** The MCP server over one catalog. `notifyChanged` tells the client that the lists changed. */
export function createSkillsServer(options: SkillsServerOptions): {
  server: Server;
  notifyChanged: () => void;
  invalidate: () => void;
} {
  const { catalog, fs, executor } = options;
  const server = new Server(
    { name: 'skillsmith', version: options.version },
    {
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true },
        // The Skills extension (SEP-2640); no optional features (no directory reads).
        extensions: { [SKILLS_EXTENSION]: {} },
      },
      instructions: `Agent Skills from this workspace. ${MCP_TOOLS.list} lists them; ${MCP_TOOLS.load} loads one's instructions when a task needs it; ${MCP_TOOLS.read} reads a file it bundles; ${MCP_TOOLS.run} runs an action it declares (the user confirms).`,
    },
  );
  // Every request waits for the first scan: the catalog is empty before it.
  const handle: typeof server.setRequestHandler = (schema, handler) =>
    server.setRequestHandler(schema, async (request, extra) => {
      await options.ready;
      return handler(request, extra);
    });
  const context: ToolContext = {
    catalog,
    fs,
    budget: options.budget,
    requester: 'model',
    unicodeNames: options.unicodeNames,
    actionsEnabled: options.actions !== 'off',
    runActionTool: MCP_TOOLS.run,
  };

  // Each skill's declared actions, read once and forgotten on any change (invalidate).
  let actionsByDir = new Map<string, Promise<readonly ActionDeclaration[]>>();
  const actionsOf = (dir: string): Promise<readonly ActionDeclaration[]> => {
    let known = actionsByDir.get(dir);
    if (!known) {
      known = readActionsFile(fs, dir).then(
        (read) => (read?.ok ? read.actions : []),
        () => [],
      );
      actionsByDir.set(dir, known);
    }
    return known;
  };
  catalog.onDidChange(() => (actionsByDir = new Map()));

  /** The actions of the skills offered to the model, with their tool names. */
  const offeredActions = async (): Promise<{ skill: string; action: ActionDeclaration; tool: string }[]> => {
    if (options.actions === 'off') return [];
    await options.ready;
    const offered = catalog.offered();
    const declared = await Promise.all(offered.map((entry) => actionsOf(entry.record.dir)));
    return offered.flatMap((entry, i) =>
      declared[i].map((action) => ({
        skill: entry.record.name,
        action,
        tool: perSkillActionToolName(entry.record.name, action.name),
      })),
    );
  };

  /** Runs an action as the model asked, with the consent the mode requires. */
  const runAction = async (skill: string, action: string | undefined, input: unknown): Promise<CallToolResult> => {
    if (options.actions === 'off') {
      return {
        content: [
          {
            type: 'text',
            text: formatToolError({
              type: 'not_allowed',
              message: 'Actions are turned off for this server.',
              suggestion:
                'Whoever starts the server can allow them: skillsmith mcp --actions ask (confirm each run) or --actions allow.',
            }),
          },
        ],
        isError: true,
      };
    }
    const prepared = await executor.prepare({ skill, action, input, asker: 'model' });
    if (!prepared.ok) return actionResult(prepared.result);
    const run = prepared.run;
    if (options.actions === 'ask') {
      if (!server.getClientCapabilities()?.elicitation) {
        return {
          content: [
            {
              type: 'text',
              text: formatToolError({
                type: 'not_allowed',
                message: `Running '${run.entry.record.name}/${run.action.name}' needs your confirmation, and this MCP client cannot ask for it (it does not support elicitation).`,
                suggestion:
                  'Run it yourself with skillsmith run, use a client that supports elicitation, or start the server with --actions allow.',
              }),
            },
          ],
          isError: true,
        };
      }
      const shown = `Run the action '${run.action.name}' of the skill '${run.entry.record.name}'?\n\nCommand line: ${run.commandLine}\nInput: ${JSON.stringify(run.input)}\nTimeout: ${run.timeoutSeconds} s${run.action.secrets.length ? `\nSecrets: ${run.action.secrets.join(', ')}` : ''}`;
      const answer = await server.elicitInput({
        message: shown,
        requestedSchema: {
          type: 'object',
          properties: {
            run: { type: 'boolean', title: 'Run it', description: 'Run this command line with this input.' },
          },
          required: ['run'],
        },
      });
      if (answer.action !== 'accept' || answer.content?.run !== true) {
        return {
          content: [
            {
              type: 'text',
              text: formatToolError({
                type: 'not_allowed',
                message: `The user did not confirm the run of '${run.entry.record.name}/${run.action.name}'; nothing ran.`,
              }),
            },
          ],
          isError: true,
        };
      }
    }
    // Exactly the run that was shown: the prepared command line and input.
    return actionResult(await executor.execute(run, NEVER_CANCELLED));
  };

  handle(ListToolsRequestSchema, async () => {
    const tools: Tool[] = [
      {
        name: MCP_TOOLS.list,
        description: LIST_SKILLS_TOOL.description,
        inputSchema: LIST_SKILLS_TOOL.inputSchema as Tool['inputSchema'],
      },
      {
        name: MCP_TOOLS.load,
        description: LOAD_SKILL_TOOL.description,
        inputSchema: LOAD_SKILL_TOOL.inputSchema as Tool['inputSchema'],
      },
      {
        name: MCP_TOOLS.read,
        description: READ_SKILL_FILE_TOOL.description,
        inputSchema: READ_SKILL_FILE_TOOL.inputSchema as Tool['inputSchema'],
      },
    ];
    if (options.actions !== 'off') {
      tools.push({
        name: MCP_TOOLS.run,
        description: RUN_ACTION_TOOL.description,
        inputSchema: RUN_ACTION_TOOL.inputSchema as unknown as Tool['inputSchema'],
      });
      for (const { skill, action, tool } of await offeredActions()) {
        tools.push({
          name: tool,
          description: `${action.description} (the action '${action.name}' of the skill '${skill}'; the user confirms each run)`,
          inputSchema: (action.input ?? { type: 'object' }) as Tool['inputSchema'],
        });
      }
    }
    return { tools };
  });

  handle(CallToolRequestSchema, async (request) => {
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
        return runAction(skill, action, input);
      }
      default: {
        const found = (await offeredActions()).find((a) => a.tool === name);
        if (found) return runAction(found.skill, found.action.name, args);
        return toolResult({
          ok: false,
          error: {
            type: 'not_found',
            message: `No tool named '${name}'.`,
            suggestion: `Call ${MCP_TOOLS.list} to see the skills.`,
          },
        });
      }
    }
  });

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

  /** Every file of an offered skill, SKILL.md first, as paths relative to its folder. */
  const filesOf = async (dir: string): Promise<string[]> => ['SKILL.md', ...(await listBundledFiles(fs, dir))];

  handle(ListResourcesRequestSchema, async () => {
    const resources = [
      {
        uri: 'skill://index',
        name: 'index',
        description: 'The listing of the skills, as a model sees it.',
        mimeType: 'text/markdown',
      },
    ];
    for (const entry of catalog.offered()) {
      for (const path of await filesOf(entry.record.dir)) {
        const isSkill = path === 'SKILL.md';
        resources.push({
          uri: skillUri(entry.record.name, path),
          name: isSkill ? entry.record.name : `${entry.record.name}/${path}`,
          description: isSkill ? (entry.record.description ?? '') : '',
          mimeType: isSkill || path.endsWith('.md') ? 'text/markdown' : 'text/plain',
        });
      }
    }
    return { resources };
  });

  handle(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    if (uri === 'skill://index') {
      const listing = runListSkills(context, {});
      return {
        contents: [
          { uri, mimeType: 'text/markdown', text: listing.ok ? listing.text : formatToolError(listing.error) },
        ],
      };
    }
    const parsed = parseSkillUri(uri);
    if (!parsed) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
    const result = await runReadSkillFile(context, { name: parsed.name, path: parsed.path });
    if (!result.ok) throw new McpError(ErrorCode.InvalidParams, formatToolError(result.error));
    return {
      contents: [{ uri, mimeType: parsed.path.endsWith('.md') ? 'text/markdown' : 'text/plain', text: result.text }],
    };
  });

  /** A skill's SEP-2640 entry: its frontmatter as written, and every file with its digest. */
  const skillEntry = async (name: string) => {
    const entry = catalog.offered().find((e) => e.record.name === name);
    if (!entry) return undefined;
    const resources: { uri: string; digest: string; size: number }[] = [];
    for (const path of await filesOf(entry.record.dir)) {
      const guarded = await readFileInSkill(fs, entry.record.dir, path);
      // Binary files are read raw: the digest covers the bytes on disk.
      const bytes =
        guarded.ok || guarded.error.type === 'invalid_input'
          ? await fs.readFile(joinPath(entry.record.dir, path)).catch(() => undefined)
          : undefined;
      if (!bytes) continue;
      resources.push({ uri: skillUri(name, path), digest: sha256Digest(bytes), size: bytes.length });
    }
    const frontmatter = {
      ...(await frontmatterOf(entry.record.filePath)),
      name: entry.record.name,
      description: entry.record.description ?? '',
    };
    return { uri: skillUri(name, 'SKILL.md'), frontmatter, resources };
  };

  /** The frontmatter as written, as JSON (the catalog keeps only what it needs). */
  const frontmatterOf = async (filePath: string): Promise<Record<string, unknown>> => {
    const { analyzeSkillText } = await import('../core/lint/analyze');
    const bytes = await fs.readFile(filePath, 1024 * 1024).catch(() => new Uint8Array());
    const analysis = analyzeSkillText(new TextDecoder().decode(bytes), { folderName: '', scope: 'catalog' });
    return { ...(analysis.frontmatter ?? {}) };
  };

  handle(SkillsListRequestSchema, async () => {
    const skills = [];
    for (const entry of catalog.offered()) {
      const skill = await skillEntry(entry.record.name);
      if (skill) skills.push(skill);
    }
    return { resultType: 'complete', skills, ttlMs: SKILLS_TTL_MS, cacheScope: 'private' };
  });

  handle(SkillsGetRequestSchema, async (request) => {
    const parsed = parseSkillUri(request.params.uri);
    const skill = parsed && parsed.path === 'SKILL.md' ? await skillEntry(parsed.name) : undefined;
    if (!skill) throw new McpError(ErrorCode.InvalidParams, `No skill at ${request.params.uri}.`);
    return { resultType: 'complete', skill, ttlMs: SKILLS_TTL_MS, cacheScope: 'private' };
  });

  const notifyChanged = () => {
    void server.sendToolListChanged().catch(() => undefined);
    void server.sendPromptListChanged().catch(() => undefined);
    void server.sendResourceListChanged().catch(() => undefined);
  };
  return { server, notifyChanged, invalidate: () => (actionsByDir = new Map()) };
}
