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
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { readActionsFile, type ActionDeclaration } from '../core/actions/declaration';
import { RUN_ACTION_TOOL, runActionDescription } from '../core/actions/actionTools';
import { consentMessage } from '../core/actions/consentText';
import type { ActionExecutor } from '../core/actions/executor';
import type { ExecutionResult } from '../core/actions/result';
import { tokenOfAbortSignal } from '../core/base/cancellation';
import type { FileSystem } from '../core/base/fileSystem';
import { joinPath } from '../core/base/paths';
import { compareCodePoints } from '../core/base/text';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { CatalogEntry } from '../core/catalog/catalogEntry';
import { perSkillActionToolName } from '../core/chat/perSkillTools';
import { LIST_SKILLS_TOOL, LOAD_SKILL_TOOL, READ_SKILL_FILE_TOOL } from '../core/loading/toolDefinitions';
import {
  formatToolError,
  offeredNestedSkills,
  runListSkills,
  runLoadSkill,
  runReadSkillFile,
  type ToolContext,
  type ToolResult,
} from '../core/loading/tools';
import { listBundledFiles, readFileInSkill } from '../core/loading/skillFolder';
import { sha256Digest } from '../node/sha256';
import { listChangeAnnouncer, type ListSignatures } from './listChanges';
import {
  actionToolDescription,
  askRefusal,
  readToolAnnotations,
  runConsentOf,
  runToolAnnotations,
  serverInstructions,
  type ActionsMode,
  type RunRefusal,
} from './toolText';
import { decideModelRun, type ApprovalStanding } from '../core/access/policy';
import { actionManifest, approvalDifferences, type ApprovalStore } from '../core/actions/approvals';
import type { PreparedRun } from '../core/actions/executor';

export type { ActionsMode } from './toolText';

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
  /** The user's approvals, for `approved` mode (docs/actions.md, "Approvals"). */
  readonly approvals?: ApprovalStore;
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

/** The JSON-RPC code for an unknown resource in resources/read (MCP 2025-11-25, server/resources). */
export const RESOURCE_NOT_FOUND = -32002;

/** What the SDK hands a request handler (the request's abort signal among it). */
type RequestExtra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];

/** The most entries one skills/list page holds (SEP-2640, "Listing Skills": paginated). */
export const SKILLS_PAGE_SIZE = 50;

/** How long a client may keep a skills/list or skills/get answer (a hint; digests decide). */
const SKILLS_TTL_MS = 60_000;

/**
 * The per-skill limits every host accepts (SEP-2640, "Limits"): a skill beyond either is not
 * served as a skill of the extension (servers SHOULD NOT), and no single file beyond the total
 * is read through resources/read.
 */
const MAX_SKILL_FILES = 512;
const MAX_SKILL_BYTES = 16 * 1024 * 1024;

/** An opaque skills/list cursor: the name of the last skill of the page before. */
function encodeCursor(after: string): string {
  return Buffer.from(JSON.stringify({ after }), 'utf8').toString('base64url');
}

/** The name a cursor continues after; undefined when the cursor is not one this server gave. */
function decodeCursor(cursor: string): string | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (value as { after?: unknown } | null)?.after;
    return typeof after === 'string' && encodeCursor(after) === cursor ? after : undefined;
  } catch {
    return undefined;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A file's content for resources/read, exactly its bytes: text when they are UTF-8 (a byte order
 * mark kept), else a base64 blob, so that the digest and size of skills/list cover what is read.
 */
function resourceContent(uri: string, path: string, bytes: Uint8Array) {
  if (!bytes.includes(0)) {
    try {
      const text = strictUtf8.decode(bytes);
      return { uri, mimeType: path.endsWith('.md') ? 'text/markdown' : 'text/plain', text };
    } catch {
      // Not UTF-8: a blob.
    }
  }
  return { uri, mimeType: 'application/octet-stream', blob: Buffer.from(bytes).toString('base64') };
}

/** How much of a file resources/list reads to tell text from a blob. */
const SNIFF_BYTES = 4096;

/**
 * The mimeType resources/list gives a file: what resources/read will return for it, told from its
 * first bytes (a NUL, or bytes that are not UTF-8, make a blob). A file whose first non-UTF-8 byte
 * lies past SNIFF_BYTES is listed as text and read as a blob (docs/mcp.md).
 */
async function listedMimeType(fs: FileSystem, file: string, path: string): Promise<string> {
  const head = await fs.readFile(file, SNIFF_BYTES).catch(() => new Uint8Array());
  if (head.includes(0)) return 'application/octet-stream';
  try {
    // Streaming when the head is not the whole file, so that a character cut at its end is no error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length === SNIFF_BYTES });
  } catch {
    return 'application/octet-stream';
  }
  return path.endsWith('.md') ? 'text/markdown' : 'text/plain';
}

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
  /** Compares what the lists hold with the last announcement, and announces the ones that changed. */
  notifyChanged: () => Promise<void>;
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
      instructions: serverInstructions(options.actions, MCP_TOOLS),
    },
  );
  // Every request waits for the first scan: the catalog is empty before it. A request whose
  // params do not fit the method's schema is Invalid params (-32602), as the spec names it,
  // rather than the SDK's Internal error (docs/mcp.md, "Errors").
  const handle = <S extends z.ZodObject<{ method: z.ZodLiteral<string> }>>(
    schema: S,
    handler: (request: z.infer<S>, extra: RequestExtra) => Promise<Record<string, unknown>>,
  ): void => {
    const method = schema.shape.method.value;
    server.setRequestHandler(z.object({ method: z.literal(method) }).passthrough(), async (request, extra) => {
      const parsed = schema.safeParse(request);
      if (!parsed.success)
        throw new McpError(ErrorCode.InvalidParams, `Invalid ${method} request: ${z.prettifyError(parsed.error)}`);
      await options.ready;
      return handler(parsed.data, extra);
    });
  };
  const context: ToolContext = {
    catalog,
    fs,
    budget: options.budget,
    requester: 'model',
    unicodeNames: options.unicodeNames,
    actionsEnabled: options.actions !== 'off',
    runActionTool: MCP_TOOLS.run,
    listTool: MCP_TOOLS.list,
    readFileTool: MCP_TOOLS.read,
    runConsent: runConsentOf(options.actions),
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

  /** Where the user's approval of this run's action stands: none, unchanged, or what changed. */
  const approvalOf = async (run: PreparedRun): Promise<ApprovalStanding> => {
    if (!options.approvals) return { kind: 'none' };
    try {
      const approval = await options.approvals.find(run.entry.record.dir, run.action.name);
      if (!approval) return { kind: 'none' };
      const now = await actionManifest(fs, sha256Digest, run.entry.record.dir, run.action);
      if (!now.ok) return { kind: 'changed', differences: [now.message] };
      const differences = approvalDifferences(approval, now.manifest);
      return differences.length === 0 ? { kind: 'matches' } : { kind: 'changed', differences };
    } catch (error) {
      return { kind: 'unreadable', message: error instanceof Error ? error.message : String(error) };
    }
  };

  /** Runs an action as the model asked, with the consent the mode requires. */
  const runAction = async (
    skill: string,
    action: string | undefined,
    input: unknown,
    // notifications/cancelled for this request stops the run with its process tree.
    signal: AbortSignal,
  ): Promise<CallToolResult> => {
    const off = (): CallToolResult => ({
      content: [
        {
          type: 'text',
          text: formatToolError({
            type: 'not_allowed',
            message: 'Actions are turned off for this server.',
            suggestion:
              'Whoever starts the server can allow them: skillsmith mcp --actions ask (confirm each run), --actions approved (what the user approved with skillsmith approve) or --actions allow.',
          }),
        },
      ],
      isError: true,
    });
    if (options.actions === 'off') return off();
    const prepared = await executor.prepare({ skill, action, input, asker: 'model' });
    if (!prepared.ok) return actionResult(prepared.result);
    const run = prepared.run;
    const refuse = (why: RunRefusal, detail?: readonly string[]): CallToolResult => ({
      content: [
        {
          type: 'text',
          text: formatToolError({
            type: 'not_allowed',
            ...askRefusal(why, run.entry.record.name, run.action.name, run.input, { mode: options.actions, detail }),
          }),
        },
      ],
      isError: true,
    });
    const decision = decideModelRun(
      options.actions,
      options.actions === 'approved' ? await approvalOf(run) : { kind: 'none' },
      !!server.getClientCapabilities()?.elicitation,
    );
    if (decision.kind === 'refuse') {
      if (decision.why === 'off') return off();
      return refuse(decision.why, decision.detail);
    }
    if (decision.kind === 'ask') {
      // The run's own signal: a cancelled tools/call withdraws its question (the SDK sends the
      // client notifications/cancelled for it) instead of leaving a dialog nobody waits on.
      const answer = await server.elicitInput(
        {
          message: consentMessage(run),
          requestedSchema: {
            type: 'object',
            properties: {
              run: { type: 'boolean', title: 'Run it', description: 'Run this command line with this input.' },
            },
            required: ['run'],
          },
        },
        { signal },
      );
      if (answer.action !== 'accept' || answer.content?.run !== true)
        return refuse(answer.action === 'cancel' ? 'cancel' : 'decline');
    }
    // Exactly the run that was shown: the prepared command line and input.
    return actionResult(await executor.execute(run, tokenOfAbortSignal(signal)));
  };

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
    if (options.actions !== 'off') {
      tools.push({
        name: MCP_TOOLS.run,
        description: runActionDescription(runConsentOf(options.actions)),
        inputSchema: RUN_ACTION_TOOL.inputSchema as unknown as Tool['inputSchema'],
        annotations: runToolAnnotations("Run a skill's action"),
      });
      for (const { skill, action, tool } of await offeredActions()) {
        tools.push({
          name: tool,
          description: actionToolDescription(skill, action, options.actions),
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
        return runAction(skill, action, input, extra.signal);
      }
      default: {
        const found = (await offeredActions()).find((a) => a.tool === name);
        if (found) return runAction(found.skill, found.action.name, args, extra.signal);
        // An unknown tool is a protocol error, Invalid params (the spec's tools, "Error Handling").
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
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
  const filesOf = async (dir: string): Promise<string[]> => [
    'SKILL.md',
    ...(await listBundledFiles(fs, dir, offeredNestedSkills(catalog))),
  ];

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
          mimeType: isSkill ? 'text/markdown' : await listedMimeType(fs, joinPath(entry.record.dir, path), path),
        });
      }
    }
    return { resources };
  });

  // Every file of an offered skill, by name and path (RFC 6570: `+` keeps the path's slashes).
  handle(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'skill://{name}/{+path}',
        name: 'skill-file',
        description: "A file of an offered skill: SKILL.md, or a path inside the skill's folder.",
      },
    ],
  }));

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
    // Resource not found is -32002 with the URI in `data` (the spec's resources, "Error Handling",
    // up to 2025-11-25, the newest revision this SDK speaks); a file that exists but is not
    // served as text (a folder, too large) is Invalid params.
    const notFound = (message: string) => new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${message}`, { uri });
    const parsed = parseSkillUri(uri);
    if (!parsed) throw notFound(`${uri} is not a skill:// URI of this server.`);
    // A file of the skill's manifest (the files of skills/list) is served as its exact bytes.
    const entry = offeredSkill(parsed.name);
    const files = entry ? await filesOf(entry.record.dir) : [];
    if (entry && uri === skillUri(parsed.name, parsed.path) && files.includes(parsed.path)) {
      const bytes = await servedBytes(entry, parsed.path);
      if (bytes === 'too_large')
        throw new McpError(ErrorCode.InvalidParams, `${uri} has more than ${MAX_SKILL_BYTES} bytes.`, { uri });
      if (bytes) return { contents: [resourceContent(uri, parsed.path, bytes)] };
    }
    // Anything else is not served; the model's tool says why (outside the skill, hidden, a folder).
    const result = await runReadSkillFile(context, { name: parsed.name, path: parsed.path });
    if (!result.ok) {
      if (result.error.type === 'too_large' || result.error.type === 'invalid_input')
        throw new McpError(ErrorCode.InvalidParams, formatToolError(result.error), { uri });
      throw notFound(formatToolError(result.error));
    }
    throw notFound(`'${parsed.path}' is not one of the files the skill '${parsed.name}' serves.`);
  });

  /** The offered skill of this exact name. */
  const offeredSkill = (name: string): CatalogEntry | undefined =>
    catalog.offered().find((e) => e.record.name === name);

  /**
   * The raw bytes of a file of an offered skill's manifest: `SKILL.md` is the skill's own file,
   * whatever the case of its name on disk; any other file only through the guard that keeps
   * reads inside the folder (binary and large files pass: resources/read serves their bytes).
   */
  const servedBytes = async (entry: CatalogEntry, path: string): Promise<Uint8Array | 'too_large' | undefined> => {
    const file = path === 'SKILL.md' ? entry.record.filePath : joinPath(entry.record.dir, path);
    if (path !== 'SKILL.md') {
      const guarded = await readFileInSkill(fs, entry.record.dir, path, offeredNestedSkills(catalog));
      if (!guarded.ok && guarded.error.type !== 'invalid_input' && guarded.error.type !== 'too_large') return undefined;
    }
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || stat.kind !== 'file') return undefined;
    if (stat.size > MAX_SKILL_BYTES) return 'too_large';
    return fs.readFile(file).catch(() => undefined);
  };

  /**
   * A skill's SEP-2640 entry: its frontmatter verbatim, and every file with its digest and size;
   * undefined when the skill cannot be served as one: a frontmatter whose `name` is not the
   * skill's name (the URI's last segment) or whose `description` is not text (the Agent Skills
   * spec wants both as strings, and nothing is overridden), or beyond the limits.
   */
  const skillEntry = async (entry: CatalogEntry) => {
    const name = entry.record.name;
    const files = await filesOf(entry.record.dir);
    if (files.length > MAX_SKILL_FILES) return undefined;
    const resources: { uri: string; digest: string; size: number }[] = [];
    let frontmatter: Record<string, unknown> | undefined;
    let total = 0;
    for (const path of files) {
      const bytes = await servedBytes(entry, path);
      if (bytes === 'too_large') return undefined;
      if (!bytes) {
        if (path === 'SKILL.md') return undefined;
        continue;
      }
      total += bytes.length;
      if (total > MAX_SKILL_BYTES) return undefined;
      // The frontmatter of the very bytes whose digest is given.
      if (path === 'SKILL.md') frontmatter = await frontmatterIn(bytes);
      resources.push({ uri: skillUri(name, path), digest: sha256Digest(bytes), size: bytes.length });
    }
    if (
      !frontmatter ||
      frontmatter.name !== name ||
      typeof frontmatter.description !== 'string' ||
      frontmatter.description.trim() === ''
    )
      return undefined;
    return { uri: skillUri(name, 'SKILL.md'), frontmatter, resources };
  };

  /** A SKILL.md's frontmatter as written, parsed to JSON; undefined when it cannot be read. */
  const frontmatterIn = async (bytes: Uint8Array): Promise<Record<string, unknown> | undefined> => {
    const { analyzeSkillText } = await import('../core/lint/analyze');
    const analysis = analyzeSkillText(new TextDecoder().decode(bytes), { folderName: '', scope: 'catalog' });
    return analysis.frontmatter ? { ...analysis.frontmatter } : undefined;
  };

  handle(SkillsListRequestSchema, async (request) => {
    // One page after the cursor's skill, in the catalog's order by name; an entry is whole.
    const cursor = request.params?.cursor;
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && after === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Invalid cursor: ${JSON.stringify(cursor)} is not one this server gave.`,
      );
    const offered = catalog.offered();
    let i = after === undefined ? 0 : offered.findIndex((e) => compareCodePoints(e.record.name, after) > 0);
    if (i < 0) i = offered.length;
    const skills = [];
    for (; i < offered.length && skills.length < SKILLS_PAGE_SIZE; i++) {
      const skill = await skillEntry(offered[i]);
      if (skill) skills.push(skill);
    }
    const nextCursor = i < offered.length ? encodeCursor(offered[i - 1].record.name) : undefined;
    return {
      resultType: 'complete',
      skills,
      ...(nextCursor === undefined ? {} : { nextCursor }),
      ttlMs: SKILLS_TTL_MS,
      cacheScope: 'private',
    };
  });

  handle(SkillsGetRequestSchema, async (request) => {
    const uri = request.params.uri;
    const parsed = parseSkillUri(uri);
    const entry =
      parsed && parsed.path === 'SKILL.md' && uri === skillUri(parsed.name, 'SKILL.md')
        ? offeredSkill(parsed.name)
        : undefined;
    const skill = entry && (await skillEntry(entry));
    if (!skill) throw new McpError(ErrorCode.InvalidParams, `No skill is served at ${uri}.`);
    return { resultType: 'complete', skill, ttlMs: SKILLS_TTL_MS, cacheScope: 'private' };
  });

  /**
   * Every file served, with its size and mtime: a new or deleted file changes resources/list, and
   * an edit changes the file's digest in skills/list, so both are announced. (A stat, not a hash:
   * this runs after every burst of changes, over every skill.)
   */
  const servedFiles = async (dir: string) => {
    const paths = await filesOf(dir).catch(() => []);
    const stats = await Promise.all(paths.map((p) => fs.stat(joinPath(dir, p)).catch(() => undefined)));
    return paths.map((p, i) => [p, stats[i]?.size, stats[i]?.mtime]);
  };
  /** What each list holds now: the action tools as declared, the prompts, every file served. */
  const signatures = async (): Promise<ListSignatures> => {
    await options.ready;
    const offered = catalog.offered();
    const actions = await offeredActions();
    const files = await Promise.all(offered.map((entry) => servedFiles(entry.record.dir)));
    return {
      tools: JSON.stringify(actions.map(({ tool, skill, action }) => [tool, skill, action])),
      prompts: JSON.stringify(offered.map((entry) => [entry.record.name, entry.record.description])),
      resources: JSON.stringify(offered.map((entry, i) => [entry.record.name, files[i]])),
    };
  };
  const notifyChanged = listChangeAnnouncer(
    signatures,
    {
      tools: () => server.sendToolListChanged(),
      prompts: () => server.sendPromptListChanged(),
      resources: () => server.sendResourceListChanged(),
    },
    options.ready,
  );
  return { server, notifyChanged, invalidate: () => (actionsByDir = new Map()) };
}
