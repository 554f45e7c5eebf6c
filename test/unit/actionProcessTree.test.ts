// A run never outlives its result (docs/actions.md, "Bound it"): a grandchild that leaves the
// process group while holding the run's output cannot keep the CLI alive; what is left of the
// group when the program exits is stopped; stopAll (the editor closing) and SIGTERM or SIGHUP
// to the CLI stop the whole tree. The CLI runs with a deadline, so a regression fails here
// instead of hanging the suite.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import type { SkillCatalog } from '../../src/core/catalog/catalog';
import {
  eventually,
  makeExecutor,
  nodeAction,
  processExists,
  readIfExists,
  scanCatalog,
  writeActionSkill,
} from './actionTestUtils';
import { builtCli, findRepoRoot, makeTempDir, removeDir } from './engineTestUtils';

const REPO = findRepoRoot();
const POSIX = process.platform !== 'win32';
let ws: string;
let catalog: SkillCatalog;
const strays: number[] = [];

// Starts a grandchild that holds the run's stdout and stderr (stdio inherited), records its
// id, and exits at once. `detached` leaves the group everywhere; `setsid` is the POSIX command.
const LEAVER = `
const { spawn } = require('child_process');
const how = process.argv[2];
const child = how === 'setsid'
  ? spawn('setsid', ['sh', '-c', 'sleep 300'], { stdio: 'inherit' })
  : spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300000)'], { stdio: 'inherit', detached: how === 'detached' });
child.unref(); // the program itself exits at once
require('fs').writeFileSync('leaver.pid', String(child.pid));
process.stdout.write(JSON.stringify({ started: child.pid }));
`;
// Leaves a sleeper in its own group without any of the run's pipes, then exits.
const ORPHAN = `
const { spawn } = require('child_process');
const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300000)'], { stdio: 'ignore' });
child.unref();
require('fs').writeFileSync('orphan.pid', String(child.pid));
process.stdout.write('{}');
`;
const WAIT = "require('fs').writeFileSync('wait.pid', String(process.pid)); setInterval(() => {}, 1000);";

before(async () => {
  ws = makeTempDir('skillsmith-tree-');
  writeActionSkill(
    ws,
    'trees',
    [
      nodeAction('detached', 'scripts/leaver.js', {
        run: ['node', 'scripts/leaver.js', 'detached'],
        timeoutSeconds: 60,
      }),
      nodeAction('setsid', 'scripts/leaver.js', { run: ['node', 'scripts/leaver.js', 'setsid'], timeoutSeconds: 60 }),
      nodeAction('holder', 'scripts/leaver.js', {
        run: ['node', 'scripts/leaver.js', 'same-group'],
        timeoutSeconds: 60,
      }),
      nodeAction('orphan', 'scripts/orphan.js', { timeoutSeconds: 60 }),
      nodeAction('wait', 'scripts/wait.js', { timeoutSeconds: 60 }),
    ],
    { 'scripts/leaver.js': LEAVER, 'scripts/orphan.js': ORPHAN, 'scripts/wait.js': WAIT },
  );
  catalog = await scanCatalog(ws);
});

after(() => {
  for (const pid of strays) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  removeDir(ws);
});

const skillFile = (name: string) => path.join(ws, 'skills', 'trees', name);
const pidIn = (name: string) => Number(readIfExists(skillFile(name)) ?? 0);

function cliRun(action: string) {
  return spawnSync(process.execPath, [builtCli(REPO), 'run', 'trees', action, '--root', ws, '--no-user', '--json'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

test('a grandchild that leaves the group (detached) holding the output: the CLI still returns and exits', () => {
  const result = cliRun('detached');
  strays.push(pidIn('leaver.pid'));
  assert.notEqual(result.signal, 'SIGTERM', 'the CLI was still running after 30 s');
  assert.equal(result.status, 0, result.stderr);
  assert.equal(JSON.parse(result.stdout).status, 'success');
});

test('setsid sh -c "sleep 300" holding the output: the CLI still returns and exits', (t) => {
  if (!POSIX || spawnSync('setsid', ['--version']).error)
    return t.skip('no setsid command on this platform (the detached case above runs everywhere)');
  const result = cliRun('setsid');
  strays.push(pidIn('leaver.pid'));
  assert.notEqual(result.signal, 'SIGTERM', 'the CLI was still running after 30 s');
  assert.equal(result.status, 0, result.stderr);
});

test('a parent that exits while a child of its group holds its output: the run ends and the child is stopped', async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'trees', action: 'holder', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.status, 'success', JSON.stringify(result));
  const pid = pidIn('leaver.pid');
  strays.push(pid);
  assert.ok(pid > 0);
  await eventually(() => !processExists(pid), 'the child holding the output to be stopped');
});

test('what is left of the group when the program exits is stopped too (POSIX)', async (t) => {
  if (!POSIX) return t.skip('Windows has no process group to find once its root has exited (docs/actions.md says so)');
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'trees', action: 'orphan', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.status, 'success', JSON.stringify(result));
  const pid = pidIn('orphan.pid');
  strays.push(pid);
  await eventually(() => !processExists(pid), 'the left-over sleeper to be stopped');
});

test('stopAll (the editor closing) stops a running tree and resolves once it has ended', async () => {
  fs.rmSync(skillFile('wait.pid'), { force: true });
  const { executor } = makeExecutor(catalog, ws);
  const running = executor.run({ skill: 'trees', action: 'wait', asker: 'user' }, NEVER_CANCELLED);
  await eventually(() => pidIn('wait.pid') > 0, 'the action to start');
  const pid = pidIn('wait.pid');
  strays.push(pid);
  assert.equal(executor.activeRuns, 1);
  await executor.stopAll();
  const result = await running;
  assert.equal(result.status, 'cancelled');
  assert.equal(executor.activeRuns, 0);
  await eventually(() => !processExists(pid), 'the action to be gone');
});

for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
  test(`${signal} to the CLI stops the action's tree and the CLI exits with 128 + the signal`, async (t) => {
    if (!POSIX) return t.skip(`Windows delivers no ${signal} to a process`);
    fs.rmSync(skillFile('wait.pid'), { force: true });
    const cli = spawn(process.execPath, [builtCli(REPO), 'run', 'trees', 'wait', '--root', ws, '--no-user', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    cli.stdout.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => cli.on('exit', (code) => resolve(code)));
    try {
      await eventually(() => pidIn('wait.pid') > 0, 'the action to start');
      const pid = pidIn('wait.pid');
      strays.push(pid);
      cli.kill(signal);
      const code = await exited;
      assert.equal(code, 128 + (signal === 'SIGTERM' ? 15 : 1));
      assert.equal(JSON.parse(stdout).status, 'cancelled');
      await eventually(() => !processExists(pid), 'the action to be gone');
    } finally {
      cli.kill('SIGKILL');
    }
  });
}
