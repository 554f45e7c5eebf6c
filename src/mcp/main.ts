// `skillsmith mcp [--root ROOT]... [--no-user] [--actions ask|allow|off]` (SPEC §11, docs/mcp.md).
// Built as its own bundle (dist/mcp.js) that the CLI requires only for this command, so that the
// SDK never loads for the other commands. The catalog stays live from a recursive watch of each
// location; a change is announced to the client as list_changed. Logs go to stderr: stdout
// carries protocol messages only.
import * as fs from 'node:fs';
import * as os from 'node:os';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ActionExecutor } from '../core/actions/executor';
import { createSkillCatalog } from '../core/access/policy';
import { coalesced } from '../core/base/coalesce';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { isInside, joinPath, normalizePath, resolvePath, toNativePath } from '../core/base/paths';
import { CatalogUpdater } from '../core/catalog/catalogUpdater';
import { resolveLocations } from '../core/catalog/locations';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { NodeProcessRunner } from '../node/nodeProcessRunner';
import { createSkillsServer, type ActionsMode } from './skillsServer';

declare const SKILLSMITH_VERSION: string;

/** How long after the last change on disk the client is told (a burst of writes is one change). */
const ANNOUNCE_DELAY_MS = 200;

export interface McpOptions {
  readonly roots: readonly string[];
  readonly includeUser: boolean;
  readonly actions: ActionsMode;
}

/** Reads the command's arguments; a message for the person who typed them when they are wrong. */
export function parseMcpArgs(argv: readonly string[], cwd: string): McpOptions | string {
  const roots: string[] = [];
  let includeUser = true;
  let actions: ActionsMode = 'ask';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (flag: string) => {
      const inline = arg.startsWith(`${flag}=`) ? arg.slice(flag.length + 1) : undefined;
      return inline ?? argv[++i];
    };
    if (arg === '--no-user') includeUser = false;
    else if (arg === '--root' || arg.startsWith('--root=')) {
      const root = value('--root');
      if (!root) return '--root takes a folder';
      roots.push(resolvePath(cwd, root));
    } else if (arg === '--actions' || arg.startsWith('--actions=')) {
      const mode = value('--actions');
      if (mode !== 'ask' && mode !== 'allow' && mode !== 'off') return `--actions takes ask, allow or off, not '${mode ?? ''}'`;
      actions = mode;
    } else return `unknown argument '${arg}'`;
  }
  return { roots: roots.length > 0 ? roots : [normalizePath(cwd)], includeUser, actions };
}

/** Serves until the client closes stdin; resolves with the exit code. */
export async function runMcp(argv: readonly string[]): Promise<number> {
  const log = (line: string) => process.stderr.write(`skillsmith mcp: ${line}\n`);
  const options = parseMcpArgs(argv, normalizePath(process.cwd()));
  if (typeof options === 'string') {
    log(`${options}\nUsage: skillsmith mcp [--root ROOT]... [--no-user] [--actions ask|allow|off]`);
    return 2;
  }
  for (const root of options.roots) {
    if (!fs.statSync(toNativePath(root), { throwIfNoEntry: false })?.isDirectory()) {
      log(`cannot read '${root}': not a folder`);
      return 2;
    }
  }
  const nodeFs = new NodeFileSystem();
  const catalog = createSkillCatalog();
  const locations = resolveLocations({ workspaceFolders: options.roots, home: normalizePath(os.homedir()), includeUser: options.includeUser });
  const updater = new CatalogUpdater(catalog, nodeFs, locations);
  const executor = new ActionExecutor({
    catalog,
    fs: nodeFs,
    runner: new NodeProcessRunner({ nodeFallback: { path: process.execPath } }),
    // Secrets come from the server's environment only (VS Code puts the SecretStorage ones there).
    secret: async (name) => process.env[name],
    missingSecretHint: (name) => `Set the environment variable ${name} for the skillsmith mcp server (in the client's server configuration), then start it again.`,
    baseEnv: process.env,
    workspaceOf: (dir) => options.roots.find((root) => isInside(dir, root)),
    log: (line) => log(line),
  });
  const { server, notifyChanged } = createSkillsServer({ catalog, fs: nodeFs, executor, actions: options.actions, version: SKILLSMITH_VERSION, budget: DEFAULT_LISTING_BUDGET, log });

  const announce = coalesced(() => notifyChanged(), ANNOUNCE_DELAY_MS);
  catalog.onDidChange(() => announce.schedule());
  // One recursive watch per location that exists; a location created later is not watched.
  const watchers: fs.FSWatcher[] = [];
  for (const location of locations) {
    try {
      watchers.push(
        fs.watch(toNativePath(location.path), { recursive: true }, (_event, file) => {
          const changed = file ? joinPath(location.path, String(file).split(/[\\/]/).join('/')) : location.path;
          void (fs.existsSync(toNativePath(changed)) ? updater.pathChanged(changed) : updater.pathDeleted(changed));
        }),
      );
    } catch {
      // Not there (yet): nothing to watch.
    }
  }
  await updater.scanAll();
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on('end', () => resolve());
  });
  server.onerror = (error) => log(`protocol error: ${error.message}`);
  await server.connect(transport);
  log(`serving ${catalog.size} skills from ${options.roots.join(', ')} (actions: ${options.actions})`);
  await closed;
  for (const watcher of watchers) watcher.close();
  announce.dispose();
  updater.stop();
  await executor.stopAll();
  return 0;
}
