// `skillsmith mcp [--root ROOT]... [--no-user] [--actions ask|approved|allow|off]` (SPEC §11, docs/mcp.md).
// Built as its own bundle (dist/mcp.js) that the CLI requires only for this command, so that the
// SDK never loads for the other commands. The catalog stays live from a recursive watch of each
// location; a change is announced to the client as list_changed. Logs go to stderr: stdout
// carries protocol messages only.
import * as fs from 'node:fs';
import * as os from 'node:os';
import { ActionExecutor } from '../core/actions/executor';
import { createSkillCatalog } from '../core/access/policy';
import { coalesced } from '../core/base/coalesce';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { isInside, joinPath, normalizePath, resolvePath, toNativePath } from '../core/base/paths';
import { CatalogUpdater } from '../core/catalog/catalogUpdater';
import { resolveLocations } from '../core/catalog/locations';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { NodeProcessRunner } from '../node/nodeProcessRunner';
import { approvalsPath, FileApprovalStore, storeProblem } from '../node/approvalStore';
import { SCOPED_SECRETS_VARIABLE, secretFromEnvironment } from '../node/scopedSecrets';
import { LineTransport } from './lineTransport';
import { stopRunsWhenServerEnds } from './shutdown';
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
      if (mode !== 'ask' && mode !== 'approved' && mode !== 'allow' && mode !== 'off')
        return `--actions takes ask, approved, allow or off, not '${mode ?? ''}'`;
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
    log(`${options}\nUsage: skillsmith mcp [--root ROOT]... [--no-user] [--actions ask|approved|allow|off]`);
    return 2;
  }
  for (const root of options.roots) {
    if (!fs.statSync(toNativePath(root), { throwIfNoEntry: false })?.isDirectory()) {
      log(`cannot read '${root}': not a folder`);
      return 2;
    }
  }
  // Approvals live outside every workspace: a repository cannot approve its own actions.
  const approvalsFile = approvalsPath();
  if (options.actions === 'approved') {
    const problem = storeProblem(approvalsFile, options.roots);
    if (problem) {
      log(problem);
      return 2;
    }
  }
  const nodeFs = new NodeFileSystem();
  const catalog = createSkillCatalog();
  const locations = resolveLocations({
    workspaceFolders: options.roots,
    home: normalizePath(os.homedir()),
    includeUser: options.includeUser,
  });
  const updater = new CatalogUpdater(catalog, nodeFs, locations);
  const readSecret = secretFromEnvironment(process.env);
  const runner = new NodeProcessRunner({ nodeFallback: { path: process.execPath } });
  const executor = new ActionExecutor({
    catalog,
    fs: nodeFs,
    runner,
    // Secrets come from the server's environment only, per skill (src/node/scopedSecrets.ts):
    // VS Code puts each SecretStorage value there under its own skill's variable.
    secret: async (name, dir) => readSecret(name, dir),
    missingSecretHint: (name) =>
      process.env[SCOPED_SECRETS_VARIABLE] === '1'
        ? `Set it in VS Code with the Skills: Set Action Secret… command, for this skill.`
        : `Set the environment variable ${name} for the skillsmith mcp server (in the client's server configuration), then start it again.`,
    baseEnv: process.env,
    workspaceOf: (dir) => options.roots.find((root) => isInside(dir, root)),
    log: (line) => log(line),
  });
  const scanned = updater.scanAll();
  const { server, notifyChanged, invalidate } = createSkillsServer({
    catalog,
    fs: nodeFs,
    executor,
    actions: options.actions,
    version: SKILLSMITH_VERSION,
    budget: DEFAULT_LISTING_BUDGET,
    log,
    ready: scanned,
    approvals: options.actions === 'approved' ? new FileApprovalStore(approvalsFile) : undefined,
  });

  // Any change on disk is looked at; only a list that differs is announced (src/mcp/listChanges.ts).
  const announce = coalesced(() => {
    notifyChanged().catch(() => undefined);
  }, ANNOUNCE_DELAY_MS);
  catalog.onDidChange(() => announce.schedule());
  // The client may speak at once: requests wait for the first scan (createSkillsServer's `ready`).
  const transport = new LineTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  server.onerror = (error) => log(`protocol error: ${error.message}`);
  // Runs die with the server: stdin closing, a stopping signal, EPIPE (src/mcp/shutdown.ts).
  stopRunsWhenServerEnds(executor, runner, process.stdin, log);
  await server.connect(transport);
  await scanned;
  // One recursive watch per location that exists (a location created later is not watched),
  // started after the first answers can go out; then each location is looked at once more, for
  // what changed between the scan and the watch.
  const watchers: fs.FSWatcher[] = [];
  await new Promise((resolve) => setImmediate(resolve));
  for (const location of locations) {
    try {
      watchers.push(
        fs.watch(toNativePath(location.path), { recursive: true }, (_event, file) => {
          invalidate();
          // actions.json and bundled files change no catalog record, but they change the lists.
          announce.schedule();
          const changed = file ? joinPath(location.path, String(file).split(/[\\/]/).join('/')) : location.path;
          (fs.existsSync(toNativePath(changed)) ? updater.pathChanged(changed) : updater.pathDeleted(changed)).catch(
            (error: unknown) => log(`updating the catalog for ${changed} failed: ${String(error)}`),
          );
        }),
      );
      updater
        .pathChanged(location.path)
        .catch((error: unknown) => log(`updating the catalog for ${location.path} failed: ${String(error)}`));
    } catch {
      // Not there (yet): nothing to watch.
    }
  }
  log(`serving ${catalog.size} skills from ${options.roots.join(', ')} (actions: ${options.actions})`);
  await closed;
  for (const watcher of watchers) watcher.close();
  announce.dispose();
  updater.stop();
  await executor.close();
  return 0;
}
