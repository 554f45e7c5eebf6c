// An add or update killed at any step (issue 24, point 5; docs/install.md, "Nothing is
// half-written"): the CLI runs as a child process with SKILLSMITH_TEST_INTERRUPT=kill:STEP, which
// SIGKILLs it at that step (no `finally` runs, as with a real kill), or =int:STEP, which sends
// it SIGINT (Ctrl-C); then the next command runs. Every skill folder is always its old or its new version, never a mix; the next
// add or update finishes or undoes the write; and no run ever deletes the only copy of a skill.
// Plain folders (no git), so that these also run where no git does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtCli, makeTempDir, removeDir, writeFile } from '../unit/engineTestUtils';

const TIMEOUT = { timeout: 240_000 };
let cli: string;
let tmp: string;

function run(args: string[], cwd: string, interrupt?: string) {
  return spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: tmp,
      USERPROFILE: tmp,
      PATH: path.join(tmp, 'no-bin'),
      SKILLSMITH_TEST_INTERRUPT: interrupt ?? '',
    },
    input: '',
    timeout: 60_000,
  });
}

function skillMd(name: string, body: string): string {
  return `---\nname: ${name}\ndescription: Helps with ${name}. Use when asked.\n---\n${body}`;
}

before(() => {
  cli = builtCli();
  tmp = makeTempDir('skillsmith-install-interrupted-');
});

after(() => tmp && removeDir(tmp));

/** What the killed child's result must look like: killed (or stopped by Ctrl-C's SIGINT), not exited. */
function assertKilled(result: ReturnType<typeof run>, step: string, signal = 'SIGKILL'): void {
  if (process.platform === 'win32') assert.notEqual(result.status, 0, `${step}: ${result.stderr}`);
  else assert.equal(result.signal, signal, `${step}: status ${result.status}, ${result.stderr}`);
}

/** The skill's folder is absent, or whole with exactly one of the given SKILL.md texts. */
function versionOf(dir: string, versions: Record<string, string>): string {
  if (!fs.existsSync(dir)) return 'absent';
  const text = fs.readFileSync(path.join(dir, 'SKILL.md'), 'utf8');
  const found = Object.entries(versions).find(([, v]) => v === text);
  assert.ok(found, `${dir} holds a SKILL.md that is no version: ${JSON.stringify(text)}`);
  return found[0];
}

const ADD_STEPS: [string, 'before' | 'after'][] = [
  ['staged', 'before'],
  ['committed', 'after'],
  ['moved:alpha', 'after'],
  ['moved:beta', 'after'],
  ['lock', 'after'],
];

test(
  'an add killed, or stopped by Ctrl-C, at any step: each skill is before or after, and the next add finishes or undoes it',
  TIMEOUT,
  () => {
    const runs = (['kill', 'int'] as const).flatMap((how) =>
      ADD_STEPS.map(([step, outcome]) => ({ how, step, outcome })),
    );
    for (const [index, { how, step, outcome }] of runs.entries()) {
      const root = path.join(tmp, `add-${index}`);
      const source = path.join(root, 'source');
      const ws = path.join(root, 'ws');
      const alpha = skillMd('alpha', 'Alpha.\n');
      const beta = skillMd('beta', 'Beta.\n');
      writeFile(path.join(source, 'skills', 'alpha', 'SKILL.md'), alpha);
      writeFile(path.join(source, 'skills', 'beta', 'SKILL.md'), beta);
      writeFile(path.join(source, 'skills', 'beta', 'scripts', 'b.sh'), '#!/bin/sh\necho b\n');
      writeFile(path.join(root, 'later', 'gamma', 'SKILL.md'), skillMd('gamma', 'Gamma.\n'));
      fs.mkdirSync(ws, { recursive: true });
      const location = path.join(ws, '.agents', 'skills');

      assertKilled(run(['add', source, '--yes'], ws, `${how}:${step}`), step, how === 'kill' ? 'SIGKILL' : 'SIGINT');
      // Right after the kill: every folder is absent or whole.
      for (const [name, text] of [
        ['alpha', alpha],
        ['beta', beta],
      ] as const)
        assert.notEqual(versionOf(path.join(location, name), { new: text }), undefined);
      if (outcome === 'after') {
        const pending = run(['verify'], ws);
        assert.equal(pending.status, 1, `${step}: verify must not say ok while a write waits`);
        assert.match(pending.stdout + pending.stderr, /interrupted/, step);
      }

      const next = run(['add', path.join(root, 'later'), '--yes'], ws);
      assert.equal(next.status, 0, `${step}: ${next.stderr}`);
      const expected = outcome === 'after' ? ['alpha', 'beta', 'gamma'] : ['gamma'];
      assert.deepEqual(fs.readdirSync(location).sort(), expected, step);
      const lock = JSON.parse(fs.readFileSync(path.join(ws, '.agents', 'skills-lock.json'), 'utf8'));
      assert.deepEqual(Object.keys(lock.skills).sort(), expected, `${step}: the lock matches the folders`);
      assert.equal(fs.existsSync(path.join(ws, '.agents', '.skillsmith-install')), false, step);
      const verified = run(['verify'], ws);
      assert.equal(verified.status, 0, `${step}: ${verified.stdout}${verified.stderr}`);
    }
  },
);

const UPDATE_STEPS: [string, 'old' | 'new'][] = [
  ['staged', 'old'],
  ['committed', 'new'],
  ['old-moved', 'new'],
  ['moved:good', 'new'],
  ['lock', 'new'],
];

test('an update killed at any step never loses the skill: the next add finishes it', TIMEOUT, () => {
  for (const [index, [step, outcome]] of UPDATE_STEPS.entries()) {
    const root = path.join(tmp, `update-${index}`);
    const upstream = path.join(root, 'upstream');
    const ws = path.join(root, 'ws');
    const v1 = skillMd('good', 'Version one.\n');
    const v2 = skillMd('good', 'Version two.\n');
    writeFile(path.join(upstream, 'skills', 'good', 'SKILL.md'), v1);
    writeFile(path.join(root, 'later', 'other', 'SKILL.md'), skillMd('other', 'Other.\n'));
    fs.mkdirSync(ws, { recursive: true });
    assert.equal(run(['add', upstream, '--yes'], ws).status, 0);
    const good = path.join(ws, '.agents', 'skills', 'good');
    writeFile(path.join(upstream, 'skills', 'good', 'SKILL.md'), v2);

    assertKilled(run(['update', '--allow-outside-source', 'good', '--yes'], ws, `kill:${step}`), step);
    const now = versionOf(good, { old: v1, new: v2 });
    // Killed between moving the old version aside and moving the new one in, the folder is
    // briefly absent from the location: both copies are beside it, and the next run finishes.
    assert.ok(now === 'old' || now === 'new' || step === 'old-moved', `${step}: ${now}`);

    // The next add (which, before, removed every staging folder, the moved-aside skill with it).
    const next = run(['add', path.join(root, 'later'), '--yes'], ws);
    assert.equal(next.status, 0, `${step}: ${next.stderr}`);
    assert.equal(versionOf(good, { old: v1, new: v2 }), outcome, step);
    const verified = run(['verify'], ws);
    assert.equal(verified.status, 0, `${step}: ${verified.stdout}${verified.stderr}`);
  }
});

test(
  'a killed update is finished by the next update too, and a second kill while finishing is finished again',
  TIMEOUT,
  () => {
    const root = path.join(tmp, 'twice');
    const upstream = path.join(root, 'upstream');
    const ws = path.join(root, 'ws');
    writeFile(path.join(upstream, 'skills', 'good', 'SKILL.md'), skillMd('good', 'One.\n'));
    fs.mkdirSync(ws, { recursive: true });
    assert.equal(run(['add', upstream, '--yes'], ws).status, 0);
    writeFile(path.join(upstream, 'skills', 'good', 'SKILL.md'), skillMd('good', 'Two.\n'));
    assertKilled(run(['update', '--allow-outside-source', 'good', '--yes'], ws, 'kill:old-moved'), 'old-moved');
    // The next run is killed too, while finishing the first: after the folder is in, before the lock.
    assertKilled(run(['update', '--allow-outside-source', 'good', '--yes'], ws, 'kill:moved:good'), 'moved:good');
    const last = run(['update', '--allow-outside-source', 'good', '--yes'], ws);
    assert.equal(last.status, 0, last.stderr);
    assert.match(last.stdout, /up to date/);
    assert.equal(
      fs.readFileSync(path.join(ws, '.agents', 'skills', 'good', 'SKILL.md'), 'utf8'),
      skillMd('good', 'Two.\n'),
    );
    assert.equal(run(['verify'], ws).status, 0);
  },
);
