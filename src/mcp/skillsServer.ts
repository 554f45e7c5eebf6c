// `skillsmith mcp` (SPEC §11, docs/mcp.md): the catalog and its actions over the Model Context
// Protocol, on the official TypeScript SDK. The same engine as the extension and the CLI, under
// the same access policy, as a model's request: the tools of docs/tools.md, one tool per action
// with its input schema, a prompt per offered skill, every file of an offered skill as a
// `skill://` resource, and the Skills extension's skills/list and skills/get (SEP-2640) with a
// sha256 digest of every file. Nothing but protocol messages goes to stdout. This file builds
// the server; each part of what it serves lives in its own file beside it (tools.ts,
// prompts.ts, resources.ts, skillsExtension.ts, listSignatures.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ActionExecutor } from '../core/actions/executor';
import type { ApprovalStore } from '../core/actions/approvals';
import type { FileSystem } from '../core/base/fileSystem';
import type { SkillCatalog } from '../core/catalog/catalog';
import type { ToolContext } from '../core/loading/tools';
import { listChangeAnnouncer } from './listChanges';
import { listSignatures } from './listSignatures';
import { offeredActionsOf } from './offeredActions';
import { registerPrompts } from './prompts';
import { requestHandler } from './requestHandler';
import { registerResources } from './resources';
import { skillFiles } from './skillFiles';
import { registerSkillsExtension, SKILLS_EXTENSION } from './skillsExtension';
import { registerTools, MCP_TOOLS } from './tools';
import { runConsentOf, serverInstructions, type ActionsMode } from './toolText';

export type { ActionsMode } from './toolText';
export { SKILLS_PAGE_SIZE } from './skillsExtension';

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
  const handle = requestHandler(server, options.ready);
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
  const { offeredActions, invalidate } = offeredActionsOf(catalog, fs, options.actions, options.ready);
  const files = skillFiles(catalog, fs);

  registerTools(handle, {
    server,
    fs,
    executor,
    actions: options.actions,
    approvals: options.approvals,
    context,
    offeredActions,
  });
  registerPrompts(handle, catalog, context);
  registerResources(handle, { catalog, fs, context, files });
  registerSkillsExtension(handle, catalog, files);

  const notifyChanged = listChangeAnnouncer(
    listSignatures({ catalog, fs, ready: options.ready, files, offeredActions }),
    {
      tools: () => server.sendToolListChanged(),
      prompts: () => server.sendPromptListChanged(),
      resources: () => server.sendResourceListChanged(),
    },
    options.ready,
  );
  return { server, notifyChanged, invalidate };
}
