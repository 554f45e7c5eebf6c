// The guarded executor with real processes (docs/actions.md, "Execution"): the request on
// stdin, the minimal environment, data and errors as the script gives them, output caps,
// `busy`, and the whole process tree killed at the timeout or on cancellation. The scripts
// are Node programs, so these tests run unchanged under Windows Node (test:windows).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resultText } from '../../src/core/actions/result';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { MAX_ACTION_RESULT_CHARS, MAX_ACTION_STDOUT_BYTES } from '../../src/core/base/limits';
import type { SkillCatalog } from '../../src/core/catalog/catalog';
import {
  eventually,
  makeExecutor,
  manualToken,
  nodeAction,
  processExists,
  readIfExists,
  scanCatalog,
  writeActionSkill,
} from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

let ws: string;
let catalog: SkillCatalog;

const ECHO = `
const stdin = require('fs').readFileSync(0, 'utf8');
process.stdout.write(JSON.stringify({ stdin: JSON.parse(stdin), argv: process.argv.slice(2), cwd: process.cwd(), env: process.env }));
`;
// Ignores TERM (unless told to obey), starts a grandchild that does the same, records both ids.
const STUBBORN = `
const { spawn } = require('child_process');
const obey = process.argv[3] === 'obey';
if (!obey) process.on('SIGTERM', () => {});
const grandchild = spawn(process.execPath, ['-e', obey ? 'setInterval(() => {}, 1000)' : "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
require('fs').writeFileSync(process.argv[2], JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
setInterval(() => {}, 1000);
`;

before(async () => {
  ws = makeTempDir('skillsmith-actions-');
  writeActionSkill(
    ws,
    'echo',
    [
      nodeAction('echo', 'scripts/echo.js', {
        default: true,
        input: {
          type: 'object',
          properties: { word: { type: 'string', default: 'hi' }, n: { type: 'integer', default: 3 } },
          additionalProperties: false,
        },
      }),
      nodeAction('with-args', 'scripts/echo.js', {
        run: ['node', 'scripts/echo.js', '--flag', 'data/in.txt', 'plain'],
      }),
    ],
    { 'scripts/echo.js': ECHO },
  );
  writeActionSkill(
    ws,
    'outputs',
    [
      nodeAction('text', 'scripts/text.js'),
      nodeAction('own-error', 'scripts/own-error.js'),
      nodeAction('crash', 'scripts/crash.js'),
      nodeAction('typed', 'scripts/typed.js', {
        output: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
      }),
      nodeAction('flood', 'scripts/flood.js'),
    ],
    {
      'scripts/text.js': "process.stdout.write('plain words, not JSON');",
      'scripts/own-error.js':
        "process.stdout.write(JSON.stringify({ error: { type: 'rate_limited', message: 'Too many calls.', suggestion: 'Wait a minute.' } })); process.exit(3);",
      'scripts/crash.js': "process.stderr.write('x'.repeat(20000) + 'the real reason'); process.exit(7);",
      'scripts/typed.js': "process.stdout.write(JSON.stringify({ count: 'many' }));",
      'scripts/flood.js': `const line = 'y'.repeat(1023) + '\\n'; let left = ${2 * MAX_ACTION_STDOUT_BYTES}; const go = () => { while (left > 0) { left -= 1024; if (!process.stdout.write(line)) return process.stdout.once('drain', go); } }; go();`,
    },
  );
  writeActionSkill(
    ws,
    'slow',
    [
      nodeAction('stubborn', 'scripts/stubborn.js', {
        run: ['node', 'scripts/stubborn.js', 'pids.json'],
        timeoutSeconds: 1,
      }),
      nodeAction('cancellable', 'scripts/stubborn.js', {
        run: ['node', 'scripts/stubborn.js', 'pids-cancel.json', 'obey'],
        timeoutSeconds: 60,
      }),
      nodeAction('single', 'scripts/wait.js', {
        run: ['node', 'scripts/wait.js'],
        timeoutSeconds: 60,
        maxConcurrent: 1,
      }),
    ],
    {
      'scripts/stubborn.js': STUBBORN,
      'scripts/wait.js':
        "require('fs').writeFileSync('started.txt', String(process.pid)); setInterval(() => {}, 1000);",
    },
  );
  catalog = await scanCatalog(ws);
});

after(() => removeDir(ws));

test('the request goes to stdin with the defaults applied, cwd is the skill folder, and no shell touches the argv', async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run(
    { skill: 'echo', input: { word: '$(touch x); `y`' }, asker: 'user' },
    NEVER_CANCELLED,
  );
  assert.equal(result.status, 'success', JSON.stringify(result.error));
  const data = result.data as {
    stdin: Record<string, unknown>;
    argv: string[];
    cwd: string;
    env: Record<string, string>;
  };
  assert.deepEqual(data.stdin.input, { word: '$(touch x); `y`', n: 3 });
  assert.equal(data.stdin.action, 'echo');
  assert.deepEqual(Object.keys(data.stdin.context as object).sort(), ['skillDir', 'workspace']);
  assert.equal(fs.realpathSync(data.cwd), fs.realpathSync(path.join(ws, 'skills', 'echo')));
  assert.equal(data.env.SKILLSMITH_ACTION, 'echo');
  assert.equal(fs.realpathSync(data.env.SKILLSMITH_SKILL_DIR), fs.realpathSync(path.join(ws, 'skills', 'echo')));
  assert.ok(data.env.SKILLSMITH_WORKSPACE);
  assert.equal(fs.existsSync(path.join(ws, 'skills', 'echo', 'x')), false);
  const withArgs = await executor.run({ skill: 'echo', action: 'with-args', asker: 'user' }, NEVER_CANCELLED);
  assert.deepEqual((withArgs.data as { argv: string[] }).argv, ['--flag', 'data/in.txt', 'plain']);
});

test('only the minimal environment reaches the program', async () => {
  const { executor } = makeExecutor(catalog, ws, {
    baseEnv: { ...process.env, EDITOR_TOKEN: 'editor-secret', GITHUB_TOKEN: 'ghp_x' },
  });
  const result = await executor.run({ skill: 'echo', asker: 'user' }, NEVER_CANCELLED);
  const env = (result.data as { env: Record<string, string> }).env;
  assert.equal(env.EDITOR_TOKEN, undefined);
  assert.equal(env.GITHUB_TOKEN, undefined);
  const allowed =
    /^(PATH|HOME|TMPDIR|TMP|TEMP|LANG|LANGUAGE|LC_ALL|LC_CTYPE|LC_MESSAGES|TZ|PATHEXT|USERPROFILE|HOMEDRIVE|HOMEPATH|APPDATA|LOCALAPPDATA|SYSTEMROOT|WINDIR|COMSPEC|SYSTEMDRIVE|SKILLSMITH_SKILL_DIR|SKILLSMITH_WORKSPACE|SKILLSMITH_ACTION)$/i;
  // What the platform adds to every process by itself (Windows' per-drive `=C:`, Wine's own
  // variables), measured by starting a program with a nearly empty environment.
  const control = spawnSync(
    process.execPath,
    ['-e', 'process.stdout.write(JSON.stringify(Object.keys(process.env)))'],
    {
      env: process.env.SYSTEMROOT ? { SYSTEMROOT: process.env.SYSTEMROOT } : {},
      encoding: 'utf8',
    },
  );
  const platformAdds = new Set(JSON.parse(control.stdout) as string[]);
  assert.deepEqual(
    Object.keys(env).filter((k) => !allowed.test(k) && !platformAdds.has(k) && !k.startsWith('=')),
    [],
  );
});

test('stdout that is not JSON becomes {text}', async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'outputs', action: 'text', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.status, 'success');
  assert.deepEqual(result.data, { text: 'plain words, not JSON' });
});

test("a script's own structured error is passed on as it is", async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'outputs', action: 'own-error', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.status, 'error');
  assert.deepEqual(result.error, { type: 'rate_limited', message: 'Too many calls.', suggestion: 'Wait a minute.' });
});

test('a failing program gives action_failed with its exit code and the end of stderr', async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'outputs', action: 'crash', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.error?.type, 'action_failed');
  assert.match(result.error.message, /exited with code 7/);
  assert.match(result.error.message, /the real reason$/);
  assert.ok(result.error.message.length < 2000, 'only the end of stderr is quoted');
});

test('a result that does not match the output schema is invalid_output', async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'outputs', action: 'typed', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.error?.type, 'invalid_output');
  assert.match(result.error.message, /\/count: must be a whole number, got "many"/);
});

test('stdout over 1 MiB is cut, and what reaches the model is capped at 64 KiB with a note', async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'outputs', action: 'flood', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.status, 'success');
  const data = result.data as { text: string; note: string };
  assert.equal(Buffer.byteLength(data.text), MAX_ACTION_STDOUT_BYTES);
  assert.match(data.note, /cut at 1048576 bytes/);
  const text = resultText(result);
  assert.ok(text.length <= MAX_ACTION_RESULT_CHARS, `${text.length} characters reach the model`);
  assert.match(JSON.parse(text).note, /only the first \d+ of its data are shown/);
});

test('at its timeout, a child that ignores TERM is killed with its grandchild', { timeout: 30_000 }, async () => {
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'slow', action: 'stubborn', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.status, 'timeout');
  assert.equal(result.error?.type, 'timeout');
  const pids = JSON.parse(readIfExists(path.join(ws, 'skills', 'slow', 'pids.json')) ?? '{}') as {
    child: number;
    grandchild: number;
  };
  assert.ok(pids.child > 0 && pids.grandchild > 0, 'the script recorded both process ids');
  await eventually(
    () => !processExists(pids.child) && !processExists(pids.grandchild),
    'the child and the grandchild to be gone',
  );
});

test('cancellation kills the process tree and reports cancelled', { timeout: 30_000 }, async () => {
  const { executor } = makeExecutor(catalog, ws);
  const token = manualToken();
  const pidsFile = path.join(ws, 'skills', 'slow', 'pids-cancel.json');
  const running = executor.run({ skill: 'slow', action: 'cancellable', asker: 'user' }, token);
  // The script writes the file in place: under load it can be seen empty before its JSON lands.
  await eventually(() => readIfExists(pidsFile)?.trim().endsWith('}') === true, 'the script to write its pids');
  const pids = JSON.parse(readIfExists(pidsFile)!) as { child: number; grandchild: number };
  token.cancel();
  const result = await running;
  assert.equal(result.status, 'cancelled');
  await eventually(
    () => !processExists(pids.child) && !processExists(pids.grandchild),
    'the child and the grandchild to be gone',
  );
});

test('a run over maxConcurrent gets busy, and the slot frees when the run ends', { timeout: 30_000 }, async () => {
  const { executor } = makeExecutor(catalog, ws);
  const token = manualToken();
  const started = path.join(ws, 'skills', 'slow', 'started.txt');
  fs.rmSync(started, { force: true });
  const first = executor.run({ skill: 'slow', action: 'single', asker: 'user' }, token);
  await eventually(() => readIfExists(started) !== undefined, 'the first run to start');
  const second = await executor.run({ skill: 'slow', action: 'single', asker: 'model' }, NEVER_CANCELLED);
  assert.equal(second.error?.type, 'busy');
  assert.match(second.error.suggestion!, /Wait/);
  token.cancel();
  assert.equal((await first).status, 'cancelled');
  const third = manualToken();
  fs.rmSync(started, { force: true });
  const again = executor.run({ skill: 'slow', action: 'single', asker: 'user' }, third);
  await eventually(() => readIfExists(started) !== undefined, 'the third run to start');
  third.cancel();
  assert.equal((await again).status, 'cancelled', 'the slot was free again');
});
