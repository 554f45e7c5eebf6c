// The GitHub Action (action.yml, README "The CLI for CI") run as GitHub runs a composite action:
// each step's `run` with `bash --noprofile --norc -eo pipefail`, in the checkout, with the
// variables GitHub sets (GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_ENV, GITHUB_OUTPUT,
// GITHUB_ACTION_PATH, CI) and each step's `env` with its `${{ inputs.* }}` filled in; what a step
// appends to GITHUB_ENV reaches the later steps. Any other expression fails the test: the steps
// must not depend on what this runner does not evaluate. The .vsix is written here from dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import YAML from 'yaml';
import { findRepoRoot, makeTempDir, removeDir, runCliWithoutGit, builtCli, writeFile } from '../unit/engineTestUtils';
import { writeBrokenSkill, writeVsix, writeWarnedSkill } from './ciTestSupport';

interface ActionStep {
  name: string;
  id?: string;
  shell: string;
  env?: Record<string, string>;
  run: string;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = YAML.parse(fs.readFileSync(path.join(findRepoRoot(), 'action.yml'), 'utf8')) as Action;

const NO_BASH = (() => {
  if (process.platform === 'win32')
    return "the Action's bash steps are run here on Linux and macOS only (a Windows runner's bash is Git Bash)";
  for (const tool of ['bash', 'unzip']) {
    const probe = spawnSync(tool, tool === 'bash' ? ['-c', 'true'] : ['-v'], { timeout: 30_000 });
    if (probe.error) return `${tool} cannot be run here; every GitHub runner has it`;
  }
  return false;
})();

let tmp: string;
let vsixBytes: Buffer;

before(() => {
  tmp = makeTempDir('skillsmith-action-');
  const vsix = path.join(tmp, 'skillsmith.vsix');
  writeVsix(vsix);
  vsixBytes = fs.readFileSync(vsix);
});
after(() => tmp && removeDir(tmp));

/** `${{ inputs.NAME }}` filled in; any other expression is an error. */
function evaluate(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([A-Za-z0-9_-]+)$/.exec(expression);
    assert.ok(input, `an expression this test does not evaluate: ${expression}`);
    assert.ok(input[1] in action.inputs, `no such input: ${input[1]}`);
    return inputs[input[1]];
  });
}

interface ActionRun {
  /** The step that failed (its exit status), or undefined when every step passed. */
  readonly failed?: { step: string; status: number | null };
  readonly log: string;
  readonly outputs: string;
}

/** Runs the action's steps in `repo` with `given` inputs (the others at their defaults). */
function runAction(repo: string, given: Record<string, string> = {}): ActionRun {
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [name, given[name] ?? spec.default ?? '']),
  );
  const runner = fs.mkdtempSync(path.join(tmp, 'runner-'));
  const githubEnv = path.join(runner, 'env');
  const githubOutput = path.join(runner, 'output');
  fs.writeFileSync(githubEnv, '');
  fs.writeFileSync(githubOutput, '');
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: runner,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: repo,
    RUNNER_TEMP: runner,
    GITHUB_ENV: githubEnv,
    GITHUB_OUTPUT: githubOutput,
    GITHUB_ACTION_PATH: findRepoRoot(),
  };
  let log = '';
  for (const step of action.runs.steps) {
    // What earlier steps appended to GITHUB_ENV (NAME=value lines).
    const exported = Object.fromEntries(
      fs
        .readFileSync(githubEnv, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(v, inputs)]));
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', evaluate(step.run, inputs)], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...base, ...exported, ...stepEnv },
      timeout: 60_000,
    });
    log += `## ${step.name}\n${result.stdout}${result.stderr}`;
    if (result.status !== 0)
      return {
        failed: { step: step.name, status: result.status },
        log,
        outputs: fs.readFileSync(githubOutput, 'utf8'),
      };
  }
  return { log, outputs: fs.readFileSync(githubOutput, 'utf8') };
}

/** A checkout that commits the .vsix at the default path, with the given skills. */
function checkout(name: string, write: (repo: string) => void): string {
  const repo = path.join(tmp, name);
  writeFile(path.join(repo, 'tools', 'skillsmith.vsix'), vsixBytes);
  write(repo);
  return repo;
}

test(
  'action.yml is a composite action of bash steps whose inputs reach them through env only',
  { timeout: 10_000 },
  () => {
    assert.equal(action.runs.using, 'composite');
    for (const step of action.runs.steps) {
      assert.equal(step.shell, 'bash', step.name);
      assert.doesNotMatch(step.run, /\$\{\{/, `${step.name}: an input pasted into the script could run as code`);
      assert.doesNotMatch(step.run, /\b(curl|wget|npx|npm)\b/, `${step.name}: the Action downloads nothing`);
    }
    assert.equal(action.inputs.vsix.default, 'tools/skillsmith.vsix');
  },
);

test(
  'on a checkout with a warned skill: the CLI is unpacked, validate and verify pass, and the warning is logged',
  { timeout: 120_000, skip: NO_BASH },
  () => {
    const repo = checkout('warned', writeWarnedSkill);
    const run = runAction(repo);
    assert.equal(run.failed, undefined, run.log);
    assert.match(run.log, /tls-verification-off/);
    assert.match(run.log, /No skills-lock\.json under /, 'verify ran: nothing was added there');
  },
);

test('an error in a skill fails the Validate step', { timeout: 120_000, skip: NO_BASH }, () => {
  const repo = checkout('broken', writeBrokenSkill);
  const run = runAction(repo);
  assert.deepEqual(run.failed, { step: 'Validate the skills', status: 1 }, run.log);
  assert.match(run.log, /name-mismatch/);
});

test(
  'format: sarif writes the report at sarif-file and names it in the outputs',
  { timeout: 120_000, skip: NO_BASH },
  () => {
    const repo = checkout('sarif', writeWarnedSkill);
    const run = runAction(repo, { format: 'sarif', 'sarif-file': 'out/skills.sarif' });
    // out/ does not exist: the redirection fails, and so does the step.
    assert.equal(run.failed?.step, 'Validate the skills', run.log);
    fs.mkdirSync(path.join(repo, 'out'));
    const again = runAction(repo, { format: 'sarif', 'sarif-file': 'out/skills.sarif' });
    assert.equal(again.failed, undefined, again.log);
    assert.equal(again.outputs, 'sarif-file=out/skills.sarif\n');
    const sarif = JSON.parse(fs.readFileSync(path.join(repo, 'out', 'skills.sarif'), 'utf8')) as {
      version: string;
      runs: { results: { ruleId: string }[] }[];
    };
    assert.equal(sarif.version, '2.1.0');
    assert.deepEqual(
      sarif.runs[0].results.map((r) => r.ruleId),
      ['tls-verification-off'],
    );
  },
);

test(
  'verify: a skill added with skillsmith add and edited since fails the Verify step',
  { timeout: 120_000, skip: NO_BASH },
  () => {
    const source = path.join(tmp, 'source');
    writeFile(
      path.join(source, 'skills', 'note-taker', 'SKILL.md'),
      '---\nname: note-taker\ndescription: Takes meeting notes. Use when asked for notes.\n---\nWrite the notes.\n',
    );
    const repo = checkout('added', () => undefined);
    const added = runCliWithoutGit(builtCli(), ['add', source, '--skill', 'note-taker', '--yes'], repo, tmp);
    assert.equal(added.status, 0, added.stderr);
    assert.equal(runAction(repo).failed, undefined);
    fs.appendFileSync(path.join(repo, '.agents', 'skills', 'note-taker', 'SKILL.md'), 'A local change.\n');
    const run = runAction(repo);
    assert.deepEqual(run.failed, { step: 'Verify the added skills', status: 1 }, run.log);
    assert.deepEqual(runAction(repo, { verify: 'false' }).failed, undefined, 'verify: false skips it');
  },
);

test('bad inputs get a clear error: no .vsix, an unknown format', { timeout: 120_000, skip: NO_BASH }, () => {
  const repo = checkout('inputs', writeWarnedSkill);
  const missing = runAction(repo, { vsix: 'nowhere/skillsmith.vsix' });
  assert.equal(missing.failed?.step, 'Unpack the Skillsmith CLI');
  assert.match(missing.log, /::error::Skillsmith: no \.vsix at 'nowhere\/skillsmith\.vsix'/);
  const format = runAction(repo, { format: 'xml' });
  assert.equal(format.failed?.step, 'Validate the skills');
  assert.match(format.log, /format must be 'text' or 'sarif', not 'xml'/);
});
