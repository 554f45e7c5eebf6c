// `action_overhead_ms` (docs/actions.md): the executor's own cost around a script that exits at
// once (resolving the skill, asking the policy, reading SKILL.md and actions.json, validating
// the input, checking the run path, building the environment, normalising the result),
// measured against a bare `child_process.spawn` of the same program with the same stdin.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createSkillCatalog } from '../src/core/access/policy';
import { actionEnvironment } from '../src/core/actions/environment';
import { ActionExecutor } from '../src/core/actions/executor';
import { NEVER_CANCELLED } from '../src/core/base/cancellation';
import { normalizePath } from '../src/core/base/paths';
import { CatalogUpdater } from '../src/core/catalog/catalogUpdater';
import { resolveLocations } from '../src/core/catalog/locations';
import { NodeFileSystem } from '../src/node/nodeFileSystem';
import { findOnPath, NodeProcessRunner } from '../src/node/nodeProcessRunner';

const SCRIPT = 'process.stdout.write(\'{"ok":true}\');';

export interface ActionOverhead {
  readonly executorMs: number;
  readonly bareMs: number;
  /** The median of the ratios of runs taken side by side: steadier than a ratio of medians on a busy machine. */
  readonly ratio: number;
}

function bareSpawn(program: string, cwd: string, env: Record<string, string>, stdin: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['scripts/noop.js'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.on('data', () => undefined);
    child.stderr.on('data', () => undefined);
    child.on('error', reject);
    child.on('close', () => resolve());
    child.stdin.end(stdin);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Medians over `runs` alternating runs of the executor and of the bare spawn. */
export async function measureActionOverhead(runs: number): Promise<ActionOverhead> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-bench-actions-')));
  try {
    const dir = path.join(root, 'skills', 'noop');
    fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'SKILL.md'),
      '---\nname: noop\ndescription: Exits at once. Use when measuring.\n---\nRun it.\n',
    );
    fs.writeFileSync(path.join(dir, 'scripts', 'noop.js'), SCRIPT);
    const input = {
      type: 'object',
      properties: { n: { type: 'integer', minimum: 0, default: 1 } },
      additionalProperties: false,
    };
    fs.writeFileSync(
      path.join(dir, 'actions.json'),
      JSON.stringify({
        actions: [{ name: 'noop', description: 'Exits.', run: ['node', 'scripts/noop.js'], input, default: true }],
      }),
    );
    const fsys = new NodeFileSystem();
    const catalog = createSkillCatalog();
    await new CatalogUpdater(
      catalog,
      fsys,
      resolveLocations({ workspaceFolders: [normalizePath(root)], configured: ['skills'], includeUser: false }),
    ).scanAll();
    const executor = new ActionExecutor({
      catalog,
      fs: fsys,
      runner: new NodeProcessRunner({ nodeFallback: { path: process.execPath } }),
      secret: async () => undefined,
      missingSecretHint: () => '',
      baseEnv: process.env,
      workspaceOf: () => normalizePath(root),
    });
    // The same program the executor starts, with the same environment and a request of the same size.
    const env = actionEnvironment({
      base: process.env,
      skillDir: normalizePath(dir),
      workspace: normalizePath(root),
      action: 'noop',
      secrets: {},
    });
    const program = findOnPath('node', env) ?? process.execPath;
    const stdin = JSON.stringify({ action: 'noop', input: { n: 1 }, context: { skillDir: dir, workspace: root } });
    const executorRuns: number[] = [];
    const bareRuns: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      let start = performance.now();
      const result = await executor.run({ skill: 'noop', input: {}, asker: 'user' }, NEVER_CANCELLED);
      if (result.status !== 'success') throw new Error(`the bench action failed: ${JSON.stringify(result)}`);
      const executorMs = performance.now() - start;
      start = performance.now();
      await bareSpawn(program, dir, env, stdin);
      const bareMs = performance.now() - start;
      if (i >= 2) {
        executorRuns.push(executorMs);
        bareRuns.push(bareMs);
      }
    }
    return {
      executorMs: median(executorRuns),
      bareMs: median(bareRuns),
      ratio: median(executorRuns.map((ms, i) => ms / bareRuns[i])),
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
