// `skillsmith run` (docs/cli.md) over the shipped example and the New Skill template: the same
// executor as the editor, exit 0 on success, 1 on any other status, 2 on bad usage; secrets
// come from the CLI's environment. The template's actions.json passes its own lint and runs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lintActionsText } from '../../src/core/actions/lintActions';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { renderSkillFile } from '../../src/vscode/scaffold/skillTemplate';
import { nodeAction, writeActionSkill } from '../unit/actionTestUtils';
import { builtCli, findRepoRoot, makeTempDir, removeDir, writeFile } from '../unit/engineTestUtils';

const REPO = findRepoRoot();
const EXAMPLES = path.join(REPO, 'examples');
let cli: string;
let ws: string;

before(() => {
  cli = builtCli(REPO);
  ws = makeTempDir('skillsmith-run-cli-');
  writeActionSkill(
    ws,
    'needs-key',
    [nodeAction('call', 'scripts/call.js', { secrets: ['DEMO_API_KEY'], default: true })],
    {
      'scripts/call.js':
        'process.stdout.write(JSON.stringify({ length: process.env.DEMO_API_KEY.length, key: process.env.DEMO_API_KEY }));',
    },
  );
  // The template, rendered as New Skill would, with a file to check.
  const template = path.join(REPO, 'skills-templates', 'with-scripts');
  const dir = path.join(ws, 'skills', 'tidy-files');
  writeFile(
    path.join(dir, 'SKILL.md'),
    renderSkillFile(fs.readFileSync(path.join(template, 'SKILL.md'), 'utf8'), {
      name: 'tidy-files',
      description: 'Checks files for mechanical problems. Use when asked to tidy files.',
    }),
  );
  writeFile(path.join(dir, 'actions.json'), fs.readFileSync(path.join(template, 'actions.json')));
  writeFile(path.join(dir, 'scripts', 'check.mjs'), fs.readFileSync(path.join(template, 'scripts', 'check.mjs')));
  writeFile(path.join(ws, 'notes.md'), 'TODO: finish \nend');
});

after(() => removeDir(ws));

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [cli, 'run', ...args, '--no-user'], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

test('run prints the data and exits 0; --json prints the whole result', () => {
  const plain = run(['file-stats', '--root', EXAMPLES, '--input', '{"directory": "skills", "top": 2}']);
  assert.equal(plain.status, 0, plain.stderr);
  const data = JSON.parse(plain.stdout);
  assert.equal(data.directory, 'skills');
  assert.equal(data.types.length, 2);
  const json = run([
    'file-stats',
    'find-largest-files',
    '--root',
    EXAMPLES,
    '--json',
    '--input',
    '{"directory": ".", "extension": ".sql"}',
  ]);
  assert.equal(json.status, 0, json.stderr);
  const result = JSON.parse(json.stdout);
  assert.deepEqual([result.skill, result.action, result.status], ['file-stats', 'find-largest-files', 'success']);
  assert.deepEqual(
    result.data.files.map((f: { path: string }) => f.path.replace(/\\/g, '/')),
    ['migrations/0042_order_status.sql'],
  );
});

test('run reads --input @FILE, and exits 1 with the suggestion when the input or the script refuses', () => {
  const inputFile = path.join(ws, 'input.json');
  fs.writeFileSync(inputFile, '{"directory": "skills", "top": 50}');
  const invalid = run(['file-stats', '--root', EXAMPLES, '--input', `@${inputFile}`]);
  assert.equal(invalid.status, 1);
  assert.match(invalid.stderr, /invalid_input: \/top: must be <= 20, got 50/);
  assert.match(invalid.stderr, /Use a whole number from 1 to 20\./);
  const outside = run(['file-stats', '--root', EXAMPLES, '--json', '--input', '{"directory": "../.."}']);
  assert.equal(outside.status, 1);
  assert.equal(JSON.parse(outside.stdout).error.type, 'invalid_input', "the script's own error, passed on");
  const unknown = run(['file-stat', '--root', EXAMPLES]);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /Did you mean 'file-stats'\?/);
});

test('bad usage exits 2 and says which', () => {
  for (const [args, message] of [
    [['file-stats', '--root', EXAMPLES, '--input', '{nope'], /--input is not valid JSON/],
    [['file-stats', '--root', EXAMPLES, '--input', '@missing-file.json'], /cannot read the input file/],
    [['file-stats', '--root', EXAMPLES, '--timeout', '0'], /--timeout takes seconds/],
    [['file-stats', '--root', EXAMPLES, '--timeout', '601'], /--timeout takes seconds/],
    [['file-stats', 'stat-directory', 'extra', '--root', EXAMPLES], /pass the input with --input/],
    [[], /run needs a skill NAME/],
  ] as const) {
    const result = run([...args]);
    assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message);
  }
});

test('secrets come from the environment; missing, the run fails with missing_secret naming the variable', () => {
  const missing = run(['needs-key', '--root', ws], { DEMO_API_KEY: '' });
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /missing_secret/);
  assert.match(missing.stderr, /Set the environment variable DEMO_API_KEY/);
  const given = run(['needs-key', '--root', ws, '--json'], { DEMO_API_KEY: 'cli-secret-123456' });
  assert.equal(given.status, 0, given.stderr);
  assert.deepEqual(JSON.parse(given.stdout).data, { length: 17, key: '***' });
  assert.ok(!given.stdout.includes('cli-secret-123456'));
});

test('the "With a helper script" template passes its own lint and runs', async () => {
  const dir = path.join(ws, 'skills', 'tidy-files');
  const skill = analyzeSkillText(fs.readFileSync(path.join(dir, 'SKILL.md'), 'utf8'), { folderName: 'tidy-files' });
  assert.deepEqual(
    skill.problems.filter((p) => p.severity !== 'info').map((p) => p.code),
    [],
  );
  const problems = await lintActionsText(fs.readFileSync(path.join(dir, 'actions.json'), 'utf8'), {
    fileExists: async (p) => fs.existsSync(path.join(dir, p)),
  });
  assert.deepEqual(problems, []);
  const result = run(['tidy-files', '--root', ws, '--json', '--input', '{"files": ["notes.md"]}']);
  assert.equal(result.status, 0, result.stderr);
  const data = JSON.parse(result.stdout).data;
  assert.equal(data.problemCount, 3);
  assert.deepEqual(
    data.files[0].problems.map((p: { rule: string }) => p.rule),
    ['trailing-space', 'todo', 'final-newline'],
  );
});

test('validate lints the actions.json beside each SKILL.md, with 1-based positions', () => {
  const dir = path.join(ws, 'skills', 'broken-actions');
  writeFile(
    path.join(dir, 'SKILL.md'),
    '---\nname: broken-actions\ndescription: Has a broken actions.json. Use when testing.\n---\nBody.\n',
  );
  writeFile(
    path.join(dir, 'actions.json'),
    '{\n  "actions": [\n    { "name": "go", "description": "Goes.", "run": ["node", "scripts/absent.mjs"] },\n    { "name": "go", "description": "Again.", "run": ["node", "scripts/absent.mjs"] }\n  ]\n}\n',
  );
  try {
    const result = spawnSync(process.execPath, [cli, 'validate', dir, '--json'], { encoding: 'utf8' });
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout).files.find((f: { path: string }) => f.path.endsWith('actions.json'));
    assert.ok(report, result.stdout);
    assert.deepEqual(
      report.problems.map((p: { code: string; line: number; column: number }) => `${p.code} ${p.line}:${p.column}`),
      ['action-run-missing 3:61', 'action-duplicate 4:15', 'action-run-missing 4:62'],
    );
    const clean = spawnSync(process.execPath, [cli, 'validate', path.join(EXAMPLES, 'skills', 'file-stats')], {
      encoding: 'utf8',
    });
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
