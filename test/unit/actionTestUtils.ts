// Helpers for the action tests: a workspace with skills that declare actions, scanned into
// a catalog, and an executor over Node's process runner whose secrets and log are recorded.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createSkillCatalog } from '../../src/core/access/policy';
import { ActionExecutor, type ExecutorDeps } from '../../src/core/actions/executor';
import { createCancellationSource, type CancellationToken } from '../../src/core/base/cancellation';
import { normalizePath } from '../../src/core/base/paths';
import type { SkillCatalog } from '../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { resolveLocations } from '../../src/core/catalog/locations';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { NodeProcessRunner } from '../../src/node/nodeProcessRunner';
import { writeFile } from './engineTestUtils';

export const nodeFs = new NodeFileSystem();

/** Writes `<ws>/skills/<name>/` with a SKILL.md, an actions.json and scripts. */
export function writeActionSkill(
  ws: string,
  name: string,
  actions: readonly Record<string, unknown>[],
  scripts: Record<string, string> = {},
  frontmatterExtra = '',
): string {
  const dir = path.join(ws, 'skills', name);
  writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Runs ${name} actions. Use when testing actions.\n${frontmatterExtra}---\nRun the actions.\n`,
  );
  writeFile(path.join(dir, 'actions.json'), JSON.stringify({ actions }, null, 2));
  for (const [file, text] of Object.entries(scripts)) writeFile(path.join(dir, file), text);
  return dir;
}

/** A minimal action declaration running `node <script>`. */
export function nodeAction(name: string, script: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, description: `Runs ${script}. Use when testing.`, run: ['node', script], ...extra };
}

/** Scans `<ws>/skills` (workspace) and optionally a user-level folder into a fresh catalog. */
export async function scanCatalog(
  ws: string,
  options: { trusted?: boolean; userDir?: string } = {},
): Promise<SkillCatalog> {
  const catalog = createSkillCatalog({ trustWorkspaceSkills: options.trusted ?? true });
  const locations = resolveLocations({
    workspaceFolders: [normalizePath(ws)],
    home: normalizePath(options.userDir ?? path.join(ws, 'no-home')),
    configured: options.userDir ? ['skills', '~/skills'] : ['skills'],
  });
  await new CatalogUpdater(catalog, nodeFs, locations).scanAll();
  return catalog;
}

export interface RecordingExecutor {
  readonly executor: ActionExecutor;
  readonly logs: string[];
}

/** An executor over Node's runner; `node` falls back to this very runtime when not on PATH. */
export function makeExecutor(
  catalog: SkillCatalog,
  ws: string,
  overrides: Partial<ExecutorDeps> = {},
): RecordingExecutor {
  const logs: string[] = [];
  const executor = new ActionExecutor({
    catalog,
    fs: nodeFs,
    runner: new NodeProcessRunner({ nodeFallback: { path: process.execPath } }),
    secret: async () => undefined,
    missingSecretHint: (name) => `Set ${name} with the Set Action Secret command.`,
    baseEnv: process.env,
    workspaceOf: () => normalizePath(ws),
    log: (line) => logs.push(line),
    ...overrides,
  });
  return { executor, logs };
}

/** A cancellation token the test fires by hand. */
export function manualToken(): CancellationToken & { cancel(): void } {
  const source = createCancellationSource();
  return {
    get isCancellationRequested() {
      return source.token.isCancellationRequested;
    },
    onCancellationRequested: (listener) => source.token.onCancellationRequested(listener),
    cancel: () => source.cancel(),
  };
}

/** True while a process with this id exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls until `predicate` holds, or fails after `timeoutMs` with `message`. */
export async function eventually(predicate: () => boolean, message: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads a file written by a test script, or undefined while it does not exist. */
export function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
